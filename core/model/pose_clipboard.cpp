// SPDX-License-Identifier: MIT
#include "core/model/pose_clipboard.h"

#include "core/model/joint_name_mirror.h"
#include "core/model/mirror_map.h"

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
    const anim::Skeleton& skeleton = rig.skeleton;
    if (!rig.meshes.empty()) {
        const MirrorMap map = MirrorMap::build(rig, 0);
        return anim::makePoseMirror(skeleton, map.plane.normal, map.plane.offset, map.joints);
    }
    std::vector<anim::JointIndex> partners(skeleton.size());
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        partners[j] = static_cast<anim::JointIndex>(j);
        if (const auto twin = mirroredJointName(skeleton.names[j]))
            if (const auto other = skeleton.find(*twin))
                partners[j] = *other;
    }
    return anim::makePoseMirror(skeleton, {1.f, 0.f, 0.f}, 0.f, std::move(partners));
}

} // namespace marrow::model
