// SPDX-License-Identifier: MIT
#include "core/model/pose_clipboard.h"

#include "core/mesh/mirror_plane.h"
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
    std::vector<anim::JointIndex> partners(skeleton.size());
    if (!rig.meshes.empty()) {
        partners = MirrorMap::build(rig, 0).joints;
    } else {
        for (std::size_t j = 0; j < skeleton.size(); ++j) {
            partners[j] = static_cast<anim::JointIndex>(j);
            if (const auto twin = mirroredJointName(skeleton.names[j]))
                if (const auto other = skeleton.find(*twin))
                    partners[j] = *other;
        }
    }
    // The plane is fitted again in the skeleton's rest space: the mirror
    // map's lives in the mesh's bind space, which may be scaled or moved.
    anim::PoseMirror mirror = anim::makePoseMirror(skeleton, {1.f, 0.f, 0.f}, 0.f, std::move(partners));
    // Pairs by name only, as the mirror map fits its own: a joint paired by
    // position (a prop with the body) says little about the symmetry.
    std::vector<std::pair<glm::vec3, glm::vec3>> pairs;
    for (std::size_t j = 0; j < mirror.partners.size(); ++j) {
        const auto k = static_cast<std::size_t>(mirror.partners[j]);
        if (k > j && mirroredJointName(skeleton.names[j]) == skeleton.names[k])
            pairs.emplace_back(glm::vec3(mirror.restWorlds[j][3]), glm::vec3(mirror.restWorlds[k][3]));
    }
    if (const auto plane = mesh::MirrorPlane::fit(pairs))
        mirror.reflection = anim::reflectionAcross(plane->normal, plane->offset);
    return mirror;
}

} // namespace marrow::model
