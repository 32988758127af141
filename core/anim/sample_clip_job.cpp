// SPDX-License-Identifier: MIT
#include "core/anim/sample_clip_job.h"
#include "core/anim/channel_sampling_inline.h"

#include <algorithm>

namespace marrow::anim {

std::optional<std::string> SampleClipJob::validate() const
{
    if (!clip)
        return "no clip";
    if (rest.size() != output.size())
        return "rest and output differ in size";
    if (!cursors.empty() && cursors.size() != clip->tracks.size() * 3)
        return "cursors must be empty or 3 per track";
    if (!animated.empty() && animated.size() != output.size())
        return "animated must be empty or one per joint";
    for (const JointTrack& t : clip->tracks)
        if (t.joint < 0 || static_cast<std::size_t>(t.joint) >= output.size())
            return "a track's joint is out of range";
    return std::nullopt;
}

bool SampleClipJob::run() const
{
    if (validate())
        return false;
    std::copy(rest.begin(), rest.end(), output.begin());
    if (!animated.empty())
        std::fill(animated.begin(), animated.end(), ChannelMask{0});
    std::uint32_t scratch[3] = {0, 0, 0};
    for (std::size_t k = 0; k < clip->tracks.size(); ++k) {
        const JointTrack& track = clip->tracks[k];
        std::uint32_t* cur = cursors.empty() ? scratch : &cursors[k * 3];
        math::Transform& out = output[static_cast<std::size_t>(track.joint)];
        ChannelMask m = 0;
        if (!track.translation.empty()) {
            out.translation = sampleVec3Inline(track.translation, time, cur[0]);
            m |= kTranslationBit;
        }
        if (!track.rotation.empty()) {
            out.rotation = sampleQuatInline(track.rotation, time, cur[1]);
            m |= kRotationBit;
        } else if (!track.euler.empty()) {
            out.rotation = eulerToQuat(sampleVec3Inline(track.euler, time, cur[1]), track.rotationMode);
            m |= kRotationBit;
        }
        if (!track.scale.empty()) {
            out.scale = sampleVec3Inline(track.scale, time, cur[2]);
            m |= kScaleBit;
        }
        if (!animated.empty())
            animated[static_cast<std::size_t>(track.joint)] = m;
    }
    return true;
}

} // namespace marrow::anim
