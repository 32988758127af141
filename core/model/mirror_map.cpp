// SPDX-License-Identifier: MIT
#include "core/model/mirror_map.h"

#include "core/anim/local_to_world_job.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/joint_name_mirror.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <cmath>
#include <limits>
#include <utility>

namespace marrow::model {

std::vector<glm::vec3> jointBindPositions(const Rig& rig, std::size_t meshIndex)
{
    const anim::Skeleton& s = rig.skeleton;
    std::vector<glm::mat4> worlds(s.size());
    anim::LocalToWorldJob job{s.parents, s.rest, glm::mat4(1.f), worlds};
    job.run();
    const mesh::Mesh& m = rig.meshes[meshIndex];
    // A rigid mesh's vertices sit in its node's frame; bring the joints there too.
    const glm::mat4 toMesh = m.skinned() ? glm::mat4(1.f) : glm::inverse(worlds[static_cast<std::size_t>(m.node)]);
    std::vector<glm::vec3> out(s.size());
    for (std::size_t j = 0; j < s.size(); ++j)
        out[j] = glm::vec3(toMesh * worlds[j][3]);
    if (m.skinned()) {
        const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
        for (std::size_t k = 0; k < skin.joints.size(); ++k)
            out[static_cast<std::size_t>(skin.joints[k])] = glm::vec3(glm::inverse(skin.inverseBind[k])[3]);
    }
    return out;
}

namespace {

// Named twins: partner[j] for every joint whose mirrored name exists (and is not itself).
std::vector<anim::JointIndex> namedPartners(const anim::Skeleton& s)
{
    std::vector<anim::JointIndex> partner(s.size(), -1);
    for (std::size_t j = 0; j < s.size(); ++j) {
        const auto twin = mirroredJointName(s.names[j]);
        if (!twin)
            continue;
        const auto k = s.find(*twin);
        if (k && static_cast<std::size_t>(*k) != j)
            partner[j] = *k;
    }
    return partner;
}

} // namespace

MirrorMap MirrorMap::build(const Rig& rig, std::size_t meshIndex, const MirrorSettings& settings)
{
    MirrorMap map;
    const mesh::Mesh& m = rig.meshes[meshIndex];
    const std::vector<glm::vec3> bind = jointBindPositions(rig, meshIndex);
    const std::vector<anim::JointIndex> named = namedPartners(rig.skeleton);

    MirrorPlaneMode mode = settings.mode;
    if (mode == MirrorPlaneMode::FitJoints) {
        std::vector<std::pair<glm::vec3, glm::vec3>> pairs;
        for (std::size_t j = 0; j < named.size(); ++j)
            if (named[j] > static_cast<anim::JointIndex>(j))
                pairs.emplace_back(bind[j], bind[static_cast<std::size_t>(named[j])]);
        if (const auto fitted = mesh::MirrorPlane::fit(pairs))
            map.plane = *fitted;
        else
            mode = MirrorPlaneMode::Auto;
    }
    if (mode == MirrorPlaneMode::Auto)
        map.plane = mesh::MirrorPlane::axis(mesh::VertexMirrorMap::bestAxis(m.positions, settings.vertices));
    else if (mode != MirrorPlaneMode::FitJoints)
        map.plane = mesh::MirrorPlane::axis(static_cast<int>(mode) - static_cast<int>(MirrorPlaneMode::AxisX));
    map.source = mode;

    if (settings.pairVertices)
        map.vertices = mesh::VertexMirrorMap::build(m.positions, map.plane, settings.vertices);

    mesh::Aabb box;
    for (const glm::vec3& p : bind)
        box.grow(p);
    const float onPlane = box.empty() ? 0.f : settings.jointPlaneTolerance * glm::distance(box.lo, box.hi);
    const std::vector<std::uint8_t> bones = rig.boneMask();
    map.joints.resize(bind.size());
    for (std::size_t j = 0; j < bind.size(); ++j) {
        if (named[j] >= 0) {
            map.joints[j] = named[j];
            ++map.namedJointPairs;
            continue;
        }
        ++map.nearestJoints;
        map.joints[j] = static_cast<anim::JointIndex>(j);
        if (std::abs(map.plane.signedDistance(bind[j])) <= onPlane)
            continue;
        const glm::vec3 target = map.plane.reflect(bind[j]);
        float best = std::numeric_limits<float>::max();
        for (std::size_t k = 0; k < bind.size(); ++k) {
            if (bones[k] != bones[j])
                continue;
            const float d = glm::distance(bind[k], target);
            if (d < best) {
                best = d;
                map.joints[j] = static_cast<anim::JointIndex>(k);
            }
        }
    }
    return map;
}

} // namespace marrow::model
