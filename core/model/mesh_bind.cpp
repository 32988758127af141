// SPDX-License-Identifier: MIT
#include "core/model/mesh_bind.h"

#include "core/anim/local_to_world_job.h"
#include "core/model/auto_weights.h"
#include "core/model/mesh_bake.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace marrow::model {

namespace {

// The nodes that may deform a mesh: the skins' joints, or in a rig with no
// skin yet every node that neither holds a mesh nor is above one (a
// file's scene roots, often scaled or turned, place the meshes: they are
// no bones, and a skeleton drawn in Edit Skeleton stands beside them).
std::vector<std::uint8_t> candidateBones(const Rig& rig)
{
    std::vector<std::uint8_t> bones = rig.boneMask();
    if (!rig.skins.empty())
        return bones;
    bones.assign(rig.skeleton.size(), 1);
    for (const mesh::Mesh& m : rig.meshes)
        for (anim::JointIndex j = m.node; j >= 0 && static_cast<std::size_t>(j) < bones.size() && bones[static_cast<std::size_t>(j)];
             j = rig.skeleton.parents[static_cast<std::size_t>(j)])
            bones[static_cast<std::size_t>(j)] = 0;
    return bones;
}

// The joints the mesh binds to: the deforming bones, else every bone but leaf end joints.
std::vector<anim::JointIndex> bindJoints(const Rig& rig, const std::vector<std::uint8_t>& deform)
{
    const std::vector<std::uint8_t> bones = candidateBones(rig);
    std::vector<anim::JointIndex> joints;
    for (std::size_t j = 0; j < bones.size(); ++j)
        if (bones[j] && j < deform.size() && deform[j])
            joints.push_back(static_cast<anim::JointIndex>(j));
    if (!joints.empty())
        return joints;
    std::vector<std::uint8_t> hasChild(rig.skeleton.size(), 0);
    for (std::size_t j = 0; j < bones.size(); ++j)
        if (const anim::JointIndex p = rig.skeleton.parents[j]; p >= 0 && bones[j])
            hasChild[static_cast<std::size_t>(p)] = 1;
    for (std::size_t j = 0; j < bones.size(); ++j)
        if (bones[j] && (hasChild[j] || !isEndJointName(rig.skeleton.names[j])))
            joints.push_back(static_cast<anim::JointIndex>(j));
    return joints;
}

float segmentDistance2(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b)
{
    const glm::vec3 ab = b - a;
    const float len2 = glm::dot(ab, ab);
    const float t = len2 > 0.f ? std::clamp(glm::dot(p - a, ab) / len2, 0.f, 1.f) : 0.f;
    const glm::vec3 d = p - (a + ab * t);
    return glm::dot(d, d);
}

} // namespace

bool carriedByBone(const Rig& rig, anim::JointIndex node)
{
    const std::vector<std::uint8_t> bones = rig.boneMask();
    for (anim::JointIndex j = node; j >= 0 && static_cast<std::size_t>(j) < bones.size();
         j = rig.skeleton.parents[static_cast<std::size_t>(j)])
        if (bones[static_cast<std::size_t>(j)])
            return true;
    return false;
}

std::vector<glm::mat4> restWorlds(const anim::Skeleton& skeleton)
{
    std::vector<glm::mat4> worlds(skeleton.size(), glm::mat4(1.f));
    anim::LocalToWorldJob{skeleton.parents, skeleton.rest, glm::mat4(1.f), worlds}.run();
    return worlds;
}

std::optional<MeshBinding> bindMesh(const Rig& rig, std::size_t meshIndex, BindWeights how,
                                    const std::vector<std::uint8_t>& deform, std::string& error,
                                    BoneSegments segments)
{
    if (meshIndex >= rig.meshes.size()) {
        error = "no such mesh";
        return std::nullopt;
    }
    const mesh::Mesh& m = rig.meshes[meshIndex];
    if (m.skinned()) {
        error = "the mesh is already bound to a skin";
        return std::nullopt;
    }
    if (m.vertexCount() == 0) {
        error = "the mesh has no vertices";
        return std::nullopt;
    }
    MeshBinding out;
    out.skin.name = m.name.empty() ? std::string("skin") : m.name + "_skin";
    out.skin.joints = bindJoints(rig, deform);
    const auto node = static_cast<anim::JointIndex>(m.node);
    if (how == BindWeights::Empty && std::find(out.skin.joints.begin(), out.skin.joints.end(), node) == out.skin.joints.end())
        out.skin.joints.push_back(node);
    if (out.skin.joints.empty() || out.skin.joints.size() > std::numeric_limits<std::uint16_t>::max()) {
        error = "the skeleton has no bone to bind to";
        return std::nullopt;
    }
    const std::vector<glm::mat4> worlds = restWorlds(rig.skeleton);
    for (const anim::JointIndex j : out.skin.joints)
        out.skin.inverseBind.push_back(glm::inverse(worlds[static_cast<std::size_t>(j)]));

    // The rig as it will be: the skin added and the mesh on it, baked where
    // it is drawn, rows empty.
    Rig bound = rig;
    bound.skins.push_back(out.skin);
    mesh::Mesh& target = bound.meshes[meshIndex];
    bakeTransform(target, worlds[static_cast<std::size_t>(node)]);
    out.geometry = {target.positions, target.normals, target.indices, target.morphTargets};
    target.skin = static_cast<int>(bound.skins.size() - 1);
    target.weights.stride = 4;
    target.weights.joints.assign(4 * m.vertexCount(), 0);
    target.weights.weights.assign(4 * m.vertexCount(), 0.f);
    out.weights = target.weights;

    std::vector<std::uint8_t> deforming(rig.skeleton.size(), 0);
    for (const anim::JointIndex j : out.skin.joints)
        deforming[static_cast<std::size_t>(j)] = j != node || how != BindWeights::Empty ? 1 : 0;
    switch (how) {
    case BindWeights::Empty: {
        const auto k = static_cast<std::uint16_t>(std::find(out.skin.joints.begin(), out.skin.joints.end(), node)
                                                  - out.skin.joints.begin());
        for (std::size_t v = 0; v < m.vertexCount(); ++v) {
            out.weights.joints[4 * v] = k;
            out.weights.weights[4 * v] = 1.f;
        }
        break;
    }
    case BindWeights::Automatic: {
        AutoWeightOptions options;
        options.deform = deforming;
        options.scope.maxInfluences = 4;
        options.segments = segments;
        AutoWeightResult r = autoWeights(bound, meshIndex, options);
        out.weights = std::move(r.weights);
        out.heat = r.heat;
        break;
    }
    case BindWeights::NearestBone: {
        std::vector<std::uint16_t> skinJoints;
        const std::vector<skin::HeatSource> sources = boneHeatSources(bound, meshIndex, deforming, skinJoints, segments);
        if (sources.empty()) {
            error = "the skeleton has no bone to bind to";
            return std::nullopt;
        }
        for (std::size_t v = 0; v < m.vertexCount(); ++v) {
            float best = std::numeric_limits<float>::infinity();
            std::size_t nearest = 0;
            for (std::size_t s = 0; s < sources.size(); ++s)
                for (const auto& segment : sources[s].segments) {
                    const float d = segmentDistance2(target.positions[v], segment.head, segment.tail);
                    if (d < best) {
                        best = d;
                        nearest = s;
                    }
                }
            out.weights.joints[4 * v] = skinJoints[nearest];
            out.weights.weights[4 * v] = 1.f;
        }
        break;
    }
    }
    return out;
}

bool applyBinding(Rig& rig, std::size_t meshIndex, const MeshBinding& binding)
{
    if (meshIndex >= rig.meshes.size())
        return false;
    mesh::Mesh& m = rig.meshes[meshIndex];
    const Skin& skin = binding.skin;
    const BoundGeometry& g = binding.geometry;
    if (m.skinned() || skin.joints.empty() || skin.joints.size() != skin.inverseBind.size() ||
        skin.joints.size() > std::numeric_limits<std::uint16_t>::max())
        return false;
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
        if (skin.joints[k] < 0 || static_cast<std::size_t>(skin.joints[k]) >= rig.skeleton.size())
            return false;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                if (!std::isfinite(skin.inverseBind[k][c][r]))
                    return false;
    }
    const std::size_t n = m.vertexCount();
    if (binding.weights.vertexCount() != n || binding.weights.validate(skin.joints.size()) ||
        g.positions.size() != n || g.normals.size() != m.normals.size() || g.indices.size() != m.indices.size() ||
        g.morphTargets.size() != m.morphTargets.size())
        return false;
    for (const glm::vec3& p : g.positions)
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            return false;
    for (const std::uint32_t i : g.indices)
        if (i >= n)
            return false;
    for (std::size_t t = 0; t < g.morphTargets.size(); ++t)
        if (g.morphTargets[t].positions.size() != m.morphTargets[t].positions.size() ||
            g.morphTargets[t].normals.size() != m.morphTargets[t].normals.size())
            return false;
    rig.skins.push_back(skin);
    m.skin = static_cast<int>(rig.skins.size() - 1);
    m.weights = binding.weights;
    m.positions = g.positions;
    m.normals = g.normals;
    m.indices = g.indices;
    m.morphTargets = g.morphTargets;
    return true;
}

} // namespace marrow::model
