// SPDX-License-Identifier: MIT
#include "core/model/retarget_controls.h"

#include "core/anim/key_ops.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/bone_role.h"

#include <algorithm>
#include <cmath>

namespace marrow::model {

namespace {

using anim::JointIndex;

bool below(const anim::Skeleton& s, JointIndex j, JointIndex ancestor)
{
    for (JointIndex p = s.parents[static_cast<std::size_t>(j)]; p != anim::kNoParent; p = s.parents[static_cast<std::size_t>(p)])
        if (p == ancestor)
            return true;
    return false;
}

} // namespace

std::vector<RidingControl> ridingControls(const anim::Skeleton& target, const BoneMap& map)
{
    std::vector<RidingControl> out;
    for (std::size_t j = 0; j < target.size(); ++j) {
        const std::optional<BoneRole> role = boneRoleOf(target.names[j]);
        if (!role || role->side == BodySide::Centre || map.sourceOf(static_cast<JointIndex>(j)))
            continue;
        const BodyPart root = role->part == BodyPart::Foot ? BodyPart::UpperLeg
                              : role->part == BodyPart::Hand ? BodyPart::UpperArm
                                                             : BodyPart::Hips;
        if (root == BodyPart::Hips)
            continue;
        const std::optional<JointIndex> limb = bodyJoint(target, root, role->side), end = bodyJoint(target, role->part, role->side);
        const auto joint = static_cast<JointIndex>(j);
        const bool underControl = std::any_of(out.begin(), out.end(), [&](const RidingControl& c) { return below(target, joint, c.control); });
        if (limb && end && !underControl && *end != joint && !below(target, joint, *limb) && below(target, *end, *limb) &&
            !below(target, *end, joint))
            out.push_back({joint, *end});
    }
    return out;
}

void rideControls(const anim::Skeleton& target, std::span<const RidingControl> controls, anim::Clip& baked, double fps)
{
    if (controls.empty() || !(fps > 0.0))
        return;
    std::vector<glm::mat4> rest(target.size()), world(target.size());
    anim::LocalToWorldJob{target.parents, target.rest, glm::mat4(1.f), rest}.run();
    std::vector<anim::JointTrack> tracks;
    for (const RidingControl& c : controls) {
        std::erase_if(baked.tracks, [&](const anim::JointTrack& t) { return t.joint == c.control; });
        tracks.emplace_back().joint = c.control;
    }
    std::vector<math::Transform> locals(target.size());
    const auto frames = static_cast<int>(std::floor(static_cast<double>(baked.duration) * fps + 1e-6));
    for (int f = 0; f <= frames; ++f) {
        const auto time = static_cast<float>(f / fps);
        if (!anim::SampleClipJob{&baked, time, target.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{target.parents, locals, glm::mat4(1.f), world}.run())
            return;
        for (std::size_t k = 0; k < controls.size(); ++k) {
            const auto c = static_cast<std::size_t>(controls[k].control), e = static_cast<std::size_t>(controls[k].limbEnd);
            const glm::mat4 wanted = world[e] * glm::inverse(rest[e]) * rest[c];
            const JointIndex p = target.parents[c];
            math::Transform local;
            if (!math::fromMatrix(p == anim::kNoParent ? wanted : glm::inverse(world[static_cast<std::size_t>(p)]) * wanted, local))
                local = target.rest[c];
            anim::insertKey(tracks[k].translation, time, local.translation, anim::Interpolation::Linear);
            anim::insertKey(tracks[k].rotation, time, glm::normalize(local.rotation), anim::Interpolation::Linear);
            anim::insertKey(tracks[k].scale, time, local.scale, anim::Interpolation::Linear);
        }
    }
    for (anim::JointTrack& t : tracks)
        baked.tracks.push_back(std::move(t));
}

} // namespace marrow::model
