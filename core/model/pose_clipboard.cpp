// SPDX-License-Identifier: MIT
#include "core/model/pose_clipboard.h"

#include "core/model/pose_symmetry.h"

#include <algorithm>

namespace marrow::model {

PoseClipboard copyPose(const anim::Skeleton& skeleton, std::span<const math::Transform> locals,
                       std::span<const anim::JointIndex> joints)
{
    PoseClipboard out;
    if (locals.size() != skeleton.size())
        return out;
    std::vector<anim::JointIndex> seen;
    for (anim::JointIndex j : joints) {
        if (j < 0 || static_cast<std::size_t>(j) >= skeleton.size() || std::find(seen.begin(), seen.end(), j) != seen.end())
            continue;
        seen.push_back(j);
        out.joints.emplace_back(skeleton.names[static_cast<std::size_t>(j)], locals[static_cast<std::size_t>(j)]);
    }
    return out;
}

std::vector<PastedJoint> pastePose(const anim::Skeleton& skeleton, const PoseClipboard& clipboard)
{
    std::vector<PastedJoint> out;
    for (const auto& [name, local] : clipboard.joints)
        if (const auto joint = skeleton.find(name))
            out.push_back({*joint, local});
    return out;
}

std::vector<PastedJoint> pasteFlipped(const anim::Skeleton& skeleton, const anim::PoseMirror& mirror,
                                      const PoseClipboard& clipboard)
{
    std::vector<PastedJoint> out;
    if (mirror.partners.size() != skeleton.size())
        return out;
    for (const auto& [name, local] : clipboard.joints) {
        const auto joint = skeleton.find(name);
        if (!joint)
            continue;
        const anim::JointIndex to = mirror.partners[static_cast<std::size_t>(*joint)];
        out.push_back({to, anim::mirrorLocal(skeleton, mirror, *joint, to, local)});
    }
    return out;
}

anim::PoseMirror rigPoseMirror(const Rig& rig)
{
    PoseSymmetry symmetry = findPoseSymmetry(rig);
    return anim::makePoseMirror(rig.skeleton, anim::reflectionAcross(symmetry.plane.normal, symmetry.plane.offset),
                                std::move(symmetry.partners));
}

} // namespace marrow::model
