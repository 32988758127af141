// SPDX-License-Identifier: MIT
// The clips of the write that carries its source. A clip is compared with
// the source's clips in the source's joint numbering (JointMatch), so a
// skeleton edit that left its keys alone keeps its animation, bytes and all.
#include "core/io/gltf_export_carry.h"

#include <optional>
#include <set>

namespace marrow::io::gltfexport {

namespace {

// `clip` in the source's joint numbering, or nullopt when a new joint has keys.
std::optional<anim::Clip> inSourceNumbering(const anim::Clip& clip, const JointMatch& match)
{
    anim::Clip out = clip;
    std::erase_if(out.tracks, [&](const anim::JointTrack& t) {
        return match.sourceOf[static_cast<std::size_t>(t.joint)] < 0 && t.translation.empty() && !t.hasRotation() &&
               t.scale.empty();
    });
    for (anim::JointTrack& t : out.tracks) {
        const int k = match.sourceOf[static_cast<std::size_t>(t.joint)];
        if (k < 0)
            return std::nullopt;
        t.joint = static_cast<anim::JointIndex>(k);
    }
    return out;
}

bool sameKeys(const anim::Clip& a, const anim::Clip& b)
{
    // glTF stores neither a clip's length nor its manual range (the export
    // holds the keys to a range's end first): the keys alone decide.
    anim::Clip renamed = a;
    renamed.name = b.name;
    renamed.duration = b.duration;
    renamed.range = b.range;
    return renamed == b;
}

// Non-TRS channels (morph weights, pointers) of a source animation, with
// their samplers, appended to `out`.
void keepOtherChannels(const tinygltf::Animation& from, tinygltf::Animation& out)
{
    for (const tinygltf::AnimationChannel& c : from.channels) {
        if (c.target_path == "translation" || c.target_path == "rotation" || c.target_path == "scale")
            continue;
        tinygltf::AnimationChannel copy = c;
        out.samplers.push_back(from.samplers[static_cast<std::size_t>(c.sampler)]);
        copy.sampler = static_cast<int>(out.samplers.size() - 1);
        out.channels.push_back(std::move(copy));
    }
}

} // namespace

void writeCarriedClips(ExportContext& ctx, const GltfSource& source, const JointMatch& match)
{
    // The source's animations with their targets renumbered (writeCarriedNodes).
    const std::vector<tinygltf::Animation> carried = std::move(ctx.model.animations);
    const std::vector<anim::Clip>& was = source.asImported.clips;
    std::vector<std::uint8_t> claimed(was.size(), 0);
    std::vector<tinygltf::Animation> out;
    const auto unclaimed = [&](auto&& fits) -> int {
        for (std::size_t k = 0; k < was.size(); ++k)
            if (!claimed[k] && fits(was[k]))
                return static_cast<int>(k);
        return -1;
    };
    for (std::size_t c = 0; c < ctx.rig.clips.size(); ++c) {
        const anim::Clip& clip = ctx.rig.clips[c];
        // The same keys (renamed or not): the source's animation, bytes and all.
        const std::optional<anim::Clip> numbered = inSourceNumbering(clip, match);
        if (int k = numbered ? unclaimed([&](const anim::Clip& w) { return sameKeys(*numbered, w); }) : -1; k >= 0) {
            claimed[static_cast<std::size_t>(k)] = 1;
            tinygltf::Animation kept = carried[static_cast<std::size_t>(source.clipAnimation[static_cast<std::size_t>(k)])];
            kept.name = clip.name;
            ctx.clipAnimation.push_back(static_cast<int>(out.size()));
            out.push_back(std::move(kept));
            continue;
        }
        tinygltf::Animation animation = buildAnimation(ctx, clip, c);
        // Edited keys: new TRS channels; its morph-weight channels stay.
        if (int k = unclaimed([&](const anim::Clip& w) { return w.name == clip.name; }); k >= 0) {
            claimed[static_cast<std::size_t>(k)] = 1;
            const tinygltf::Animation& from = carried[static_cast<std::size_t>(source.clipAnimation[static_cast<std::size_t>(k)])];
            keepOtherChannels(from, animation);
            animation.extras = from.extras;
            animation.extensions = from.extensions;
        }
        ctx.clipAnimation.push_back(animation.channels.empty() ? -1 : static_cast<int>(out.size()));
        if (!animation.channels.empty())
            out.push_back(std::move(animation));
    }
    // Animations the import made no clip of (morph weights alone) stay as they were.
    const std::set<int> imported(source.clipAnimation.begin(), source.clipAnimation.end());
    for (std::size_t a = 0; a < carried.size(); ++a)
        if (!imported.contains(static_cast<int>(a)) && !carried[a].channels.empty())
            out.push_back(carried[a]);
    ctx.model.animations = std::move(out);
}


} // namespace marrow::io::gltfexport
