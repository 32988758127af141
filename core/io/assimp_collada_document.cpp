// SPDX-License-Identifier: MIT
#include "core/io/assimp_collada_document.h"
#include "core/io/xml_tree.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <unordered_map>

namespace marrow::io::assimp {

namespace {

using xml::Element;

std::string withoutHash(const std::string* s)
{
    if (!s)
        return {};
    return !s->empty() && s->front() == '#' ? s->substr(1) : *s;
}

std::vector<float> floatsOf(const std::string& text)
{
    std::vector<float> out;
    const char* p = text.c_str();
    for (;;) {
        char* end = nullptr;
        const float v = std::strtof(p, &end);
        if (end == p)
            break;
        out.push_back(v);
        p = end;
    }
    return out;
}

std::vector<std::string> namesOf(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        const std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        if (i > start)
            out.push_back(text.substr(start, i - start));
    }
    return out;
}

// Every element with an id, in document order, without recursion.
std::unordered_map<std::string, const Element*> idIndex(const Element& root)
{
    std::unordered_map<std::string, const Element*> index;
    std::vector<const Element*> todo{&root};
    while (!todo.empty()) {
        const Element* e = todo.back();
        todo.pop_back();
        if (const std::string* id = e->attribute("id"))
            index.emplace(*id, e);
        for (const Element& c : e->children)
            todo.push_back(&c);
    }
    return index;
}

struct Source {
    std::vector<float> floats;
    std::vector<std::string> names;
    int stride = 1;
};

Source readSource(const Element& source)
{
    Source s;
    if (const Element* a = source.child("float_array"))
        s.floats = floatsOf(a->text);
    if (const Element* a = source.child("Name_array"))
        s.names = namesOf(a->text);
    if (const Element* tc = source.child("technique_common"))
        if (const Element* accessor = tc->child("accessor"))
            if (const std::string* stride = accessor->attribute("stride"))
                s.stride = std::max(1, std::atoi(stride->c_str()));
    return s;
}

void readNodes(const Element& scene, std::vector<ColladaNode>& out)
{
    std::vector<const Element*> todo{&scene};
    while (!todo.empty()) {
        const Element* e = todo.back();
        todo.pop_back();
        if (e->name == "node") {
            ColladaNode node;
            node.id = e->attribute("id") ? *e->attribute("id") : std::string();
            node.name = e->attribute("name") ? *e->attribute("name") : node.id;
            for (const Element& c : e->children) {
                ColladaTransform t;
                t.sid = c.attribute("sid") ? *c.attribute("sid") : std::string();
                t.values = floatsOf(c.text);
                std::size_t want = 3;
                if (c.name == "translate")
                    t.kind = ColladaTransform::Kind::Translate;
                else if (c.name == "scale")
                    t.kind = ColladaTransform::Kind::Scale;
                else if (c.name == "rotate")
                    t.kind = ColladaTransform::Kind::Rotate, want = 4;
                else if (c.name == "matrix")
                    t.kind = ColladaTransform::Kind::Matrix, want = 16;
                else {
                    node.unsupported = node.unsupported || c.name == "lookat" || c.name == "skew";
                    continue;
                }
                if (t.values.size() != want)
                    node.unsupported = true;
                node.stack.push_back(std::move(t));
            }
            out.push_back(std::move(node));
        }
        for (auto c = e->children.rbegin(); c != e->children.rend(); ++c)
            todo.push_back(&*c);
    }
}

// "node/sid.ANGLE", "node/sid(2)", "node/sid(1)(3)" or "node/sid".
bool parseTarget(const std::string& target, ColladaChannel& c)
{
    const std::size_t slash = target.find('/');
    if (slash == std::string::npos || slash == 0)
        return false;
    c.node = target.substr(0, slash);
    std::string rest = target.substr(slash + 1);
    const std::size_t dot = rest.find('.'), paren = rest.find('(');
    if (dot != std::string::npos) {
        const std::string m = rest.substr(dot + 1);
        c.sid = rest.substr(0, dot);
        if (m == "ANGLE")
            c.member = 3;
        else if (m == "X")
            c.member = 0;
        else if (m == "Y")
            c.member = 1;
        else if (m == "Z")
            c.member = 2;
        else
            return false;
    } else if (paren != std::string::npos) {
        c.sid = rest.substr(0, paren);
        std::vector<int> index;
        for (std::size_t at = paren; at < rest.size() && rest[at] == '(';) {
            const std::size_t close = rest.find(')', at);
            if (close == std::string::npos)
                return false;
            index.push_back(std::atoi(rest.substr(at + 1, close - at - 1).c_str()));
            at = close + 1;
        }
        if (index.size() == 1 && index[0] >= 0 && index[0] < 16)
            c.member = index[0];
        else if (index.size() == 2 && index[0] >= 0 && index[0] < 4 && index[1] >= 0 && index[1] < 4)
            c.member = index[1] * 4 + index[0];  // (column)(row) of the row-major <matrix>
        else
            return false;
    } else {
        c.sid = rest;
    }
    return !c.sid.empty();
}

bool readCurve(const Element& sampler, const std::unordered_map<std::string, const Element*>& ids, ColladaCurve& curve)
{
    std::map<std::string, Source> inputs;
    for (const Element& input : sampler.children) {
        if (input.name != "input" || !input.attribute("semantic"))
            continue;
        const auto found = ids.find(withoutHash(input.attribute("source")));
        if (found == ids.end())
            return false;
        inputs[*input.attribute("semantic")] = readSource(*found->second);
    }
    if (!inputs.count("INPUT") || !inputs.count("OUTPUT"))
        return false;
    curve.times = inputs["INPUT"].floats;
    curve.values = inputs["OUTPUT"].floats;
    curve.dimension = inputs["OUTPUT"].stride;
    if (inputs.count("INTERPOLATION"))
        for (const std::string& name : inputs["INTERPOLATION"].names) {
            const auto kind = colladaCurveKind(name);
            if (!kind)
                return false;
            curve.kinds.push_back(*kind);
        }
    if (inputs.count("IN_TANGENT") && inputs.count("OUT_TANGENT")) {
        curve.inTangents = inputs["IN_TANGENT"].floats;
        curve.outTangents = inputs["OUT_TANGENT"].floats;
        curve.tangentStride = inputs["OUT_TANGENT"].stride;
    }
    return !curve.validate();
}

void readChannels(const Element& library, const std::unordered_map<std::string, const Element*>& ids,
                  ColladaDocument& doc)
{
    for (const Element& top : library.children) {
        if (top.name != "animation")
            continue;
        const std::string animation = top.attribute("id") ? *top.attribute("id") : std::string();
        std::vector<const Element*> todo{&top};
        while (!todo.empty()) {
            const Element* e = todo.back();
            todo.pop_back();
            for (const Element& c : e->children) {
                if (c.name == "animation")
                    todo.push_back(&c);
                if (c.name != "channel")
                    continue;
                ColladaChannel channel;
                channel.animation = animation;
                const auto sampler = ids.find(withoutHash(c.attribute("source")));
                if (!c.attribute("target") || !parseTarget(*c.attribute("target"), channel) || sampler == ids.end() ||
                    !readCurve(*sampler->second, ids, channel.curve)) {
                    ++doc.unreadChannels;
                    continue;
                }
                doc.channels.push_back(std::move(channel));
            }
        }
    }
}

} // namespace

std::optional<ColladaDocument> readColladaDocument(const std::string& text)
{
    std::string error;
    const std::optional<Element> root = xml::parse(text, error);
    if (!root)
        return std::nullopt;
    const auto ids = idIndex(*root);
    ColladaDocument doc;
    for (const Element& library : root->children) {
        if (library.name == "library_visual_scenes")
            readNodes(library, doc.nodes);
        else if (library.name == "library_animations")
            readChannels(library, ids, doc);
        else if (library.name == "library_animation_clips")
            for (const Element& clip : library.children) {
                if (clip.name != "animation_clip")
                    continue;
                ColladaAnimationClip c;
                c.name = clip.attribute("name") ? *clip.attribute("name")
                                                : (clip.attribute("id") ? *clip.attribute("id") : std::string());
                for (const Element& instance : clip.children)
                    if (instance.name == "instance_animation")
                        c.animations.push_back(withoutHash(instance.attribute("url")));
                doc.clips.push_back(std::move(c));
            }
    }
    return doc;
}

} // namespace marrow::io::assimp
