// SPDX-License-Identifier: MIT
// COLLADA <library_animation_clips> names for the clips Assimp reads unnamed.
#include "core/io/assimp_collada_clips.h"
#include "core/io/xml_tree.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace marrow::io::assimp {

namespace {

constexpr std::size_t npos = std::string::npos;

using xml::isSpace;

// The value of attribute `name` in the tag that starts at `tag`, or "".
std::string attribute(const std::string& text, std::size_t tag, const std::string& name)
{
    const std::size_t end = text.find('>', tag);
    const std::string key = name + "=\"";
    for (std::size_t at = text.find(key, tag); at != npos && at < end; at = text.find(key, at + 1)) {
        if (!isSpace(text[at - 1]))
            continue;  // "sid=" is not "id="
        const std::size_t from = at + key.size();
        const std::size_t to = text.find('"', from);
        return to == npos || to > end ? std::string{} : text.substr(from, to - from);
    }
    return {};
}

std::string withoutHash(std::string s)
{
    if (!s.empty() && s.front() == '#')
        s.erase(0, 1);
    return s;
}

// Start of the tag whose id is `id`, or npos.
std::size_t tagWithId(const std::string& text, const std::string& id)
{
    if (id.empty())
        return npos;
    const std::string key = "id=\"" + id + "\"";
    for (std::size_t at = text.find(key); at != npos; at = text.find(key, at + 1))
        if (at > 0 && isSpace(text[at - 1]))
            return text.rfind('<', at);
    return npos;
}

// The largest number in the first <float_array> after `from`.
float largestInArray(const std::string& text, std::size_t from)
{
    const std::size_t array = text.find("<float_array", from);
    const std::size_t open = array == npos ? npos : text.find('>', array);
    const std::size_t close = open == npos ? npos : text.find('<', open);
    if (close == npos)
        return -1.f;
    float largest = -1.f;
    const char* p = text.c_str() + open + 1;
    const char* end = text.c_str() + close;
    while (p < end) {
        char* next = nullptr;
        const float v = std::strtof(p, &next);
        if (next == p || next > end)
            break;
        if (std::isfinite(v))
            largest = std::max(largest, v);
        p = next;
    }
    return largest;
}

// Last key time of an <animation>: its first channel's sampler's INPUT times.
float lastKeyOf(const std::string& text, const std::string& animationId)
{
    const std::size_t animation = tagWithId(text, animationId);
    const std::size_t channel = animation == npos ? npos : text.find("<channel", animation);
    if (channel == npos)
        return -1.f;
    const std::size_t sampler = tagWithId(text, withoutHash(attribute(text, channel, "source")));
    if (sampler == npos)
        return -1.f;
    const std::size_t samplerEnd = text.find("</sampler>", sampler);
    for (std::size_t input = text.find("<input", sampler); input != npos && input < samplerEnd;
         input = text.find("<input", input + 1))
        if (attribute(text, input, "semantic") == "INPUT") {
            const std::size_t source = tagWithId(text, withoutHash(attribute(text, input, "source")));
            return source == npos ? -1.f : largestInArray(text, source);
        }
    return -1.f;
}

} // namespace

std::vector<ColladaClip> readColladaClips(const std::string& text)
{
    std::vector<ColladaClip> clips;
    const std::size_t library = text.find("<library_animation_clips");
    if (library == npos)
        return clips;
    const std::size_t libraryEnd = std::min(text.find("</library_animation_clips", library), text.size());
    for (std::size_t clip = text.find("<animation_clip", library); clip < libraryEnd;
         clip = text.find("<animation_clip", clip + 1)) {
        ColladaClip c;
        c.name = attribute(text, clip, "name");
        if (c.name.empty())
            c.name = attribute(text, clip, "id");
        const std::size_t clipEnd = std::min(text.find("</animation_clip", clip), libraryEnd);
        for (std::size_t use = text.find("<instance_animation", clip); use < clipEnd;
             use = text.find("<instance_animation", use + 1))
            c.lastKey = std::max(c.lastKey, lastKeyOf(text, withoutHash(attribute(text, use, "url"))));
        if (!c.name.empty())
            clips.push_back(std::move(c));
    }
    return clips;
}

std::string nameClipsAfterCollada(const std::vector<ColladaClip>& clips, model::Rig& rig)
{
    std::vector<std::uint8_t> named(rig.clips.size(), 0);
    std::string unmatched;
    for (const ColladaClip& clip : clips) {
        std::size_t match = rig.clips.size();
        for (std::size_t i = 0; i < rig.clips.size() && match == rig.clips.size(); ++i)
            if (!named[i] && clip.lastKey >= 0.f &&
                std::fabs(rig.clips[i].duration - clip.lastKey) <= 1e-4f * std::max(1.f, clip.lastKey))
                match = i;
        if (match == rig.clips.size()) {
            unmatched += (unmatched.empty() ? "'" : ", '") + clip.name + "'";
            continue;
        }
        named[match] = 1;
        rig.clips[match].name = clip.name;
    }
    if (unmatched.empty())
        return {};
    return "the file's animation clips " + unmatched +
           " match no animation Assimp read (by length); those animations keep Assimp's names";
}

} // namespace marrow::io::assimp
