// SPDX-License-Identifier: MIT
#include "core/model/retarget_hands.h"

#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/retarget_feet_plan.h"
#include "core/model/retarget_limb.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace marrow::model {

using anim::JointIndex;

std::vector<anim::Contact> handRests(std::span<const glm::vec3> track, float armLength, double fps)
{
    std::vector<anim::Contact> rests;
    const auto n = static_cast<int>(track.size());
    if (n < 2 || !(armLength > 0.f) || !(fps > 0.0))
        return rests;
    const auto slow = [&](int k) {
        const int a = std::max(k - 1, 0), b = std::min(k + 1, n - 1);
        const double speed = glm::length(track[static_cast<std::size_t>(b)] - track[static_cast<std::size_t>(a)]) * fps / (b - a);
        return speed < static_cast<double>(kHandRestSpeed * armLength);
    };
    for (int k = 0; k < n;) {
        if (!slow(k)) {
            ++k;
            continue;
        }
        int last = k;
        while (last + 1 < n && slow(last + 1))
            ++last;
        if (last - k + 1 >= kHandRestFrames)
            rests.push_back({k, last});
        k = last + 1;
    }
    return rests;
}

std::vector<glm::vec3> handOffsets(std::span<const anim::Contact> rests, std::span<const glm::vec3> source,
                                   std::span<const glm::vec3> target, float ratio, std::vector<bool>& held)
{
    const auto frames = static_cast<int>(std::min(source.size(), target.size()));
    held.assign(target.size(), false);
    std::vector<glm::vec3> out(target.size(), glm::vec3(0.f));
    std::vector<std::pair<int, glm::vec3>> releases;  // a rest's last frame and the hand's shift there
    for (const anim::Contact& r : rests) {
        const int first = std::clamp(r.first, 0, frames - 1), last = std::clamp(r.last, 0, frames - 1);
        glm::vec3 anchor = target[static_cast<std::size_t>(first)];
        for (int f = first; f <= last; ++f) {
            const auto k = static_cast<std::size_t>(f);
            if (f > first)
                anchor += (source[k] - source[k - 1]) * ratio;
            out[k] = anchor - target[k];
            held[k] = true;
        }
        releases.emplace_back(last, out[static_cast<std::size_t>(last)]);
    }
    easeBack(out, held, releases);
    return out;
}

int pinHands(const PinnedHandsInput& in)
{
    if (!in.source || !in.clip || !in.target || !in.baked || !(in.fps > 0.0))
        return 0;
    const anim::Skeleton& src = *in.source;
    const anim::Skeleton& dst = *in.target;
    const std::vector<glm::mat4> srcRest = limb::restWorld(src), dstRest = limb::restWorld(dst);
    std::vector<limb::Chain> from, to;
    for (const BodySide side : in.sides) {
        const auto s = limb::chainOf(src, srcRest, BodyPart::Hand, BodyPart::UpperArm, side);
        const auto t = limb::chainOf(dst, dstRest, BodyPart::Hand, BodyPart::UpperArm, side);
        if (s && t)
            from.push_back(*s), to.push_back(*t);
    }
    if (to.empty())
        return 0;
    const std::size_t frames = limb::bakedFrames(*in.baked, in.fps);
    const auto srcTracks = limb::visiblePoints(src, *in.clip, from, frames, in.fps);
    const auto dstTracks = limb::visiblePoints(dst, *in.baked, to, frames, in.fps);
    if (srcTracks.size() != to.size() || dstTracks.size() != to.size())
        return 0;
    std::vector<std::vector<glm::vec3>> offset(to.size());
    std::vector<std::vector<bool>> held(to.size());
    std::vector<JointIndex> shoulders;  // what each arm hangs from: its elbow's usual bend is in that frame
    for (std::size_t a = 0; a < to.size(); ++a) {
        const std::vector<anim::Contact> rests = handRests(srcTracks[a], from[a].reach, in.fps);
        offset[a] = handOffsets(rests, srcTracks[a], dstTracks[a], to[a].reach / from[a].reach, held[a]);
        limb::keyChainJoints(*in.baked, dst, to[a].end, to[a].bones, frames, in.fps);
        shoulders.push_back(dst.parents[static_cast<std::size_t>(to[a].top)]);
    }
    const std::vector<glm::vec3> usual = limb::usualBends(dst, *in.baked, to, shoulders, frames, in.fps);
    std::vector<math::Transform> locals(dst.size());
    std::vector<glm::mat4> worlds(dst.size());
    int pinned = 0;
    for (std::size_t f = 0; f < frames; ++f) {
        bool any = false;
        for (std::size_t a = 0; a < to.size(); ++a)
            any = any || glm::length(offset[a][f]) > 1e-5f * to[a].reach;
        if (!any)
            continue;
        const auto time = static_cast<float>(static_cast<double>(f) / in.fps);
        if (!anim::SampleClipJob{in.baked, time, dst.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run())
            return pinned;
        for (std::size_t a = 0; a < to.size(); ++a) {
            if (!(glm::length(offset[a][f]) > 1e-5f * to[a].reach))
                continue;
            const glm::mat4& hand = worlds[static_cast<std::size_t>(to[a].end)];
            const glm::quat keep = limb::rotationOf(hand);
            const glm::vec3 goal = dstTracks[a][f] + offset[a][f] - glm::mat3(hand) * glm::vec3(to[a].visible[3]);
            const std::optional<glm::vec3> pole = limb::poleAt(dst, worlds, to[a], usual[a], shoulders[a]);
            if (limb::reach(dst, locals, worlds, *in.baked, time, to[a], goal, pole, keep))
                pinned += held[a][f] ? 1 : 0;
        }
    }
    return pinned;
}

} // namespace marrow::model
