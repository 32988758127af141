// SPDX-License-Identifier: MIT
#include "core/io/fbx_animation.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <set>

namespace marrow::io::fbx {

namespace {

// An enum property's value, or -1 when it is no small whole number (a hostile file's 1e300).
int enumValue(double v)
{
    return v >= 0.0 && v < 1024.0 ? static_cast<int>(v) : -1;
}

// Properties70's P nodes: name, type, label, flags, then the numbers.
void readProperties(const Node& node, std::map<std::string, std::vector<double>, std::less<>>& out)
{
    const Node* p70 = node.child("Properties70");
    if (!p70)
        return;
    for (const Node& p : p70->children) {
        if (p.name != "P" || p.values.empty() || p.values[0].kind != Value::Kind::String)
            continue;
        std::vector<double> numbers;
        for (std::size_t i = 4; i < p.values.size(); ++i)
            if (p.values[i].kind == Value::Kind::Integer || p.values[i].kind == Value::Kind::Real)
                numbers.push_back(p.values[i].number());
        out[p.values[0].text] = std::move(numbers);
    }
}

std::map<std::string, std::vector<double>, std::less<>> modelTemplate(const Node& root)
{
    std::map<std::string, std::vector<double>, std::less<>> out;
    if (const Node* defs = root.child("Definitions"))
        for (const Node& type : defs->children)
            if (type.name == "ObjectType" && !type.values.empty() && type.values[0].text == "Model")
                for (const Node& t : type.children)
                    if (t.name == "PropertyTemplate")
                        readProperties(t, out);
    return out;
}

double timeModeRate(int mode, double custom)
{
    static constexpr double rates[] = {0, 120, 100, 60, 50, 48, 30, 30, 29.97, 29.97, 25, 24, 1000, 23.976, 0, 96, 72, 59.94, 119.88};
    if (mode == 14)
        return custom > 0.0 && custom <= 1000.0 ? custom : 0.0;
    return mode >= 0 && mode < static_cast<int>(std::size(rates)) ? rates[mode] : 0.0;
}

std::int64_t idOf(const Node& node)
{
    return node.values.empty() ? 0 : node.values[0].integer;
}

glm::dmat4 euler(const glm::dvec3& degrees, int order)
{
    static constexpr const char* orders[] = {"XYZ", "XZY", "YZX", "YXZ", "ZXY", "ZYX"};
    const char* letters = order >= 0 && order < 6 ? orders[order] : "XYZ";
    glm::dmat4 m(1.0);
    for (int i = 0; i < 3; ++i) {
        const int axis = letters[i] - 'X';
        glm::dvec3 unit(0.0);
        unit[axis] = 1.0;
        m = glm::rotate(glm::dmat4(1.0), glm::radians(degrees[axis]), unit) * m;  // the first letter applies first
    }
    return m;
}

} // namespace

bool isCurveArray(std::string_view nodeName)
{
    return nodeName == "KeyTime" || nodeName == "KeyValueFloat" || nodeName == "KeyAttrFlags" ||
           nodeName == "KeyAttrDataFloat" || nodeName == "KeyAttrRefCount";
}

std::optional<AnimationDocument> readAnimation(const Node& root, std::string& error)
{
    AnimationDocument doc;
    if (const Node* settings = root.child("GlobalSettings")) {
        std::map<std::string, std::vector<double>, std::less<>> p;
        readProperties(*settings, p);
        const auto first = [&p](const char* key) { return p.count(key) && !p[key].empty() ? p[key][0] : -1.0; };
        doc.frameRate = timeModeRate(enumValue(first("TimeMode")), first("CustomFrameRate"));
    }
    const Node* objects = root.child("Objects");
    const Node* connections = root.child("Connections");
    if (!objects || !connections)
        return doc;
    const auto base = modelTemplate(root);
    std::map<std::int64_t, std::size_t> models, curves, stacks;
    std::map<std::int64_t, std::int64_t> layerStack;
    std::set<std::int64_t> layers, curveNodes;
    for (const Node& o : objects->children) {
        const std::int64_t id = idOf(o);
        if (o.name == "Model") {
            Model m{id, o.values.size() > 1 ? objectName(o.values[1].text) : "",
                    o.values.size() > 2 ? o.values[2].text : "", base};
            readProperties(o, m.properties);
            models[id] = doc.models.size();
            doc.models.push_back(std::move(m));
        } else if (o.name == "AnimationCurve") {
            std::optional<Curve> c = Curve::fromNode(o, error);
            if (!c)
                return std::nullopt;
            curves[id] = doc.curves.size();
            doc.curves.push_back(std::move(*c));
        } else if (o.name == "AnimationCurveNode") {
            curveNodes.insert(id);
        } else if (o.name == "AnimationLayer") {
            layers.insert(id);
        } else if (o.name == "AnimationStack") {
            Stack s;
            s.name = o.values.size() > 1 ? objectName(o.values[1].text) : "";
            std::map<std::string, std::vector<double>, std::less<>> p;
            readProperties(o, p);
            if (!p["LocalStart"].empty())
                s.localStart = p["LocalStart"][0] / kTicksPerSecond;
            if (!p["LocalStop"].empty())
                s.localStop = p["LocalStop"][0] / kTicksPerSecond;
            stacks[id] = doc.stacks.size();
            doc.stacks.push_back(std::move(s));
        }
    }
    struct Link { std::string kind; std::int64_t child = 0, parent = 0; std::string property; };
    std::vector<Link> links;
    for (const Node& c : connections->children)
        if (c.name == "C" && c.values.size() >= 3)
            links.push_back({c.values[0].text, c.values[1].integer, c.values[2].integer,
                             c.values.size() > 3 ? c.values[3].text : ""});
    for (const Link& l : links)
        if (layers.count(l.child) && stacks.count(l.parent)) {
            layerStack[l.child] = l.parent;
            ++doc.stacks[stacks[l.parent]].layers;
        }
    std::map<std::int64_t, std::int64_t> nodeLayer;
    std::map<std::int64_t, std::pair<std::size_t, std::string>> nodeTarget;
    std::map<std::int64_t, PropertyCurves> nodeCurves;
    for (const Link& l : links) {
        if (!curveNodes.count(l.child) && !curves.count(l.child))
            continue;
        if (curveNodes.count(l.child) && layers.count(l.parent))
            nodeLayer[l.child] = l.parent;
        else if (curveNodes.count(l.child) && models.count(l.parent) && l.kind == "OP")
            nodeTarget[l.child] = {models[l.parent], l.property};
        else if (curves.count(l.child) && curveNodes.count(l.parent) && l.property.size() >= 3) {
            const char axis = l.property.back();
            nodeCurves.try_emplace(l.parent, PropertyCurves{-1, -1, -1});
            if (axis >= 'X' && axis <= 'Z')
                nodeCurves[l.parent][static_cast<std::size_t>(axis - 'X')] = static_cast<int>(curves[l.child]);
        }
    }
    for (const auto& [node, target] : nodeTarget) {
        const auto layer = nodeLayer.find(node);
        const auto stack = layer == nodeLayer.end() ? layerStack.end() : layerStack.find(layer->second);
        const auto found = nodeCurves.find(node);
        if (stack == layerStack.end() || found == nodeCurves.end())
            continue;
        doc.stacks[stacks[stack->second]].animated[target] = found->second;
    }
    for (Stack& s : doc.stacks) {
        std::set<double> ends;
        for (const auto& [target, curveIndices] : s.animated)
            for (int c : curveIndices)
                if (c >= 0 && !doc.curves[static_cast<std::size_t>(c)].keys.empty()) {
                    ends.insert(doc.curves[static_cast<std::size_t>(c)].keys.front().time);
                    ends.insert(doc.curves[static_cast<std::size_t>(c)].keys.back().time);
                }
        s.firstKey = ends.empty() ? 0.0 : *ends.begin();
        s.lastKey = ends.empty() ? 0.0 : *ends.rbegin();
    }
    return doc;
}

std::optional<std::size_t> AnimationDocument::findModel(std::string_view name) const
{
    for (std::size_t i = 0; i < models.size(); ++i)
        if (models[i].name == name)
            return i;
    return std::nullopt;
}

glm::dmat4 AnimationDocument::local(std::size_t model, const Stack& stack, double seconds, bool straight) const
{
    const Model& m = models[model];
    const auto value = [&](const char* name, glm::dvec3 fallback) {
        glm::dvec3 v = fallback;
        if (const auto p = m.properties.find(name); p != m.properties.end())
            for (std::size_t i = 0; i < 3 && i < p->second.size(); ++i)
                v[static_cast<int>(i)] = p->second[i];
        if (const auto a = stack.animated.find({model, std::string(name)}); a != stack.animated.end())
            for (std::size_t i = 0; i < 3; ++i)
                if (a->second[i] >= 0)
                    v[static_cast<int>(i)] = straight ? curves[static_cast<std::size_t>(a->second[i])].straightAt(seconds)
                                                      : curves[static_cast<std::size_t>(a->second[i])].at(seconds);
        return v;
    };
    const glm::dvec3 zero(0.0), one(1.0);
    const auto order = m.properties.find("RotationOrder");
    const int rotationOrder = order != m.properties.end() && !order->second.empty() ? enumValue(order->second[0]) : 0;
    const glm::dvec3 rp = value("RotationPivot", zero), sp = value("ScalingPivot", zero);
    const glm::dmat4 id(1.0);
    return glm::translate(id, value("Lcl Translation", zero)) * glm::translate(id, value("RotationOffset", zero)) *
           glm::translate(id, rp) * euler(value("PreRotation", zero), 0) *
           euler(value("Lcl Rotation", zero), rotationOrder) * glm::transpose(euler(value("PostRotation", zero), 0)) *
           glm::translate(id, -rp) * glm::translate(id, value("ScalingOffset", zero)) * glm::translate(id, sp) *
           glm::scale(id, value("Lcl Scaling", one)) * glm::translate(id, -sp);
}

bool AnimationDocument::curved(std::size_t model, const Stack& stack) const
{
    for (const auto& [key, curveIndices] : stack.animated)
        if (key.first == model)
            for (int c : curveIndices)
                if (c >= 0 && curves[static_cast<std::size_t>(c)].curved())
                    return true;
    return false;
}

std::vector<double> AnimationDocument::keyTimes(std::size_t model, const Stack& stack) const
{
    std::set<double> times;
    for (const auto& [key, curveIndices] : stack.animated)
        if (key.first == model)
            for (int c : curveIndices)
                if (c >= 0)
                    for (const CurveKey& k : curves[static_cast<std::size_t>(c)].keys)
                        times.insert(k.time);
    return {times.begin(), times.end()};
}

bool AnimationDocument::stepsAt(std::size_t model, const Stack& stack, double a, double b) const
{
    bool jumps = false;
    for (const auto& [key, curveIndices] : stack.animated)
        if (key.first == model)
            for (int c : curveIndices) {
                if (c < 0)
                    continue;
                const Curve& curve = curves[static_cast<std::size_t>(c)];
                const double v = curve.at(a);
                for (double f : {0.25, 0.5, 0.75, 1.0 - 1e-6})
                    if (curve.at(a + f * (b - a)) != v)
                        return false;
                jumps = jumps || curve.at(b) != v;
            }
    return jumps;
}

} // namespace marrow::io::fbx
