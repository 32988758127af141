// SPDX-License-Identifier: MIT
#include "core/model/weight_mirror_plane.h"

#include "core/model/mirror_map.h"

#include <glm/common.hpp>

namespace marrow::model {

namespace {

std::size_t exactPairs(const mesh::Mesh& m, const mesh::MirrorPlane& plane)
{
    // The same tolerance as the mirror's exact twins (1e-5 of the diagonal).
    return mesh::VertexMirrorMap::build(m.positions, plane, {.exactTolerance = 1e-5f, .nearestTolerance = 1e-5f})
        .exact;
}

} // namespace

WeightMirrorSetup weightMirrorSetup(const Rig& rig, std::size_t meshIndex, int axis)
{
    const mesh::Mesh& m = rig.meshes[meshIndex];
    const MirrorMap map = MirrorMap::build(rig, meshIndex);
    WeightMirrorSetup out;
    out.plane = mesh::MirrorPlane::axis(axis);
    out.exactPairs = exactPairs(m, out.plane);
    const glm::vec3 n = glm::abs(map.plane.normal);
    const int dominant = n.x >= n.y && n.x >= n.z ? 0 : n.y >= n.z ? 1 : 2;
    if (map.source == MirrorPlaneMode::FitJoints && dominant == axis) {
        const std::size_t fittedPairs = exactPairs(m, map.plane);
        if (fittedPairs > out.exactPairs) {
            out.plane = map.plane;
            out.exactPairs = fittedPairs;
            out.fitted = true;
        }
    }
    if (out.plane.normal[axis] < 0.f) {
        out.plane.normal = -out.plane.normal;
        out.plane.offset = -out.plane.offset;
    }
    out.joints = skinJointMirror(rig, static_cast<std::size_t>(m.skin), map.joints);
    return out;
}

std::vector<std::uint16_t> skinJointMirror(const Rig& rig, std::size_t skinIndex,
                                           std::span<const anim::JointIndex> jointMirror)
{
    const Skin& skin = rig.skins[skinIndex];
    std::vector<std::int32_t> skinJointOf(rig.skeleton.size(), -1);
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
        const auto j = static_cast<std::size_t>(skin.joints[k]);
        if (j < skinJointOf.size() && skinJointOf[j] < 0)
            skinJointOf[j] = static_cast<std::int32_t>(k);
    }
    std::vector<std::uint16_t> out(skin.joints.size());
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
        out[k] = static_cast<std::uint16_t>(k);
        const auto j = static_cast<std::size_t>(skin.joints[k]);
        if (j >= jointMirror.size() || jointMirror[j] < 0 || static_cast<std::size_t>(jointMirror[j]) >= skinJointOf.size())
            continue;
        if (const std::int32_t twin = skinJointOf[static_cast<std::size_t>(jointMirror[j])]; twin >= 0)
            out[k] = static_cast<std::uint16_t>(twin);
    }
    return out;
}

} // namespace marrow::model
