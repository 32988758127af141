// SPDX-License-Identifier: MIT
#pragma once
// The static mesh of issue 35's bug report: a mesh node with the
// non-uniform scale (0.293, 0.165, 0.293) and a translation, under a parent
// node with its own translation, rotation and scale, and a leg skeleton
// (hips -> knee -> foot) added at the root along the mesh as displayed. The
// mesh is a closed-ring tube around its node's Y axis with radial normals and
// one morph target (a bulge, default weight 0.5). `mirrored` gives the mesh
// node a negative X scale (a determinant below zero).
// Also: every mesh's positions (and normals) in a pose, and the bind made
// the way earlier builds made it (the mesh node's world in the inverse binds).
#include "core/mesh/bounds_tree.h"
#include "core/model/bind_pose.h"
#include "core/model/mesh_bind.h"
#include "core/model/pose_pipeline.h"
#include "tiny_rigs.h"

#include <glm/matrix.hpp>

#include <cmath>
#include <numbers>
#include <vector>

namespace marrow::test {

inline model::Rig scaledStaticRig(bool mirrored = false)
{
    model::Rig rig;
    rig.skeleton.names = {"Sketchfab_model", "Body", "hips", "knee", "foot"};
    rig.skeleton.parents = {anim::kNoParent, 0, anim::kNoParent, 2, 3};
    const math::Transform parent = trs({.4f, .9f, -.25f}, axisAngle({0.f, 1.f, 0.f}, 30.f), glm::vec3(1.3f));
    const math::Transform node = trs({.05f, -.9f, .02f}, glm::quat(1.f, 0.f, 0.f, 0.f),
                                     {mirrored ? -.293f : .293f, .165f, .293f});
    rig.skeleton.rest = {parent, node, {}, {}, {}};
    // The joints stand on the mesh's axis as displayed: M * (0, y, 0).
    const glm::mat4 m = math::toMatrix(parent) * math::toMatrix(node);
    const auto axis = [&](float y) { return glm::vec3(m * glm::vec4(0.f, y, 0.f, 1.f)); };
    rig.skeleton.rest[2] = trs(axis(9.5f));
    rig.skeleton.rest[3] = trs(axis(5.f) - axis(9.5f));
    rig.skeleton.rest[4] = trs(axis(.5f) - axis(5.f));

    mesh::Mesh mesh;
    mesh.name = "Body";
    mesh.node = 1;
    constexpr int kRings = 21, kSides = 12;
    mesh::MorphTarget bulge;
    bulge.name = "bulge";
    for (int r = 0; r < kRings; ++r)
        for (int s = 0; s < kSides; ++s) {
            const float a = 2.f * std::numbers::pi_v<float> * static_cast<float>(s) / kSides;
            const glm::vec3 radial(std::cos(a), 0.f, std::sin(a));
            mesh.positions.push_back(radial + glm::vec3(0.f, .5f * static_cast<float>(r), 0.f));
            mesh.normals.push_back(radial);
            bulge.positions.push_back(radial * (.2f * std::sin(static_cast<float>(r) * .3f)));
            bulge.normals.push_back(glm::vec3(0.f, .1f, 0.f));
        }
    const auto at = [](int r, int s) { return static_cast<std::uint32_t>(r * kSides + (s % kSides)); };
    for (int r = 0; r + 1 < kRings; ++r)
        for (int s = 0; s < kSides; ++s)
            mesh.indices.insert(mesh.indices.end(),
                                {at(r, s), at(r + 1, s + 1), at(r + 1, s), at(r, s), at(r, s + 1), at(r + 1, s + 1)});
    mesh.morphTargets.push_back(bulge);
    mesh.morphWeights = {.5f};
    rig.meshes.push_back(mesh);
    return rig;
}

// Every mesh's positions and normals as `request` poses them (morphed, skinned or placed).
struct PosedMeshes {
    std::vector<std::vector<glm::vec3>> positions, normals;
};

inline PosedMeshes posedMeshes(const model::Rig& rig, const model::PoseRequest& request = {})
{
    model::PosePipeline pipeline(rig);
    PosedMeshes out;
    if (!pipeline.evaluate(request))
        return out;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        std::vector<glm::vec3> p(rig.meshes[m].vertexCount()), n(rig.meshes[m].normals.size());
        pipeline.skinMesh(m, mesh::SkinningMethod::Linear, p, n);
        out.positions.push_back(std::move(p));
        out.normals.push_back(std::move(n));
    }
    return out;
}

// The bind pose (Rest Position): every skin joint at the inverse of its inverse bind.
inline PosedMeshes bindPosedMeshes(const model::Rig& rig)
{
    const std::vector<math::Transform> locals = model::bindPoseLocals(rig);
    model::PoseRequest request;
    request.locals = locals;
    return posedMeshes(rig, request);
}

// The largest distance between two posings of one mesh over its bounding-box diagonal.
inline float relativeDistance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b)
{
    if (a.size() != b.size() || a.empty())
        return 1e30f;
    float worst = 0.f;
    for (std::size_t v = 0; v < a.size(); ++v)
        worst = std::max(worst, glm::length(a[v] - b[v]));
    return worst / std::max(mesh::Aabb::of(a).diagonal(), 1e-12f);
}

// A binding as earlier builds wrote it: the geometry left in its node's
// space and the node's rest world M in every inverse bind
// (inverse(joint's rest world) x M), so the rest pose drew the mesh right
// but the bind pose put each joint at inverse(M) x its rest world.
inline model::MeshBinding earlierBuildsBinding(const model::Rig& rig, std::size_t mesh, model::MeshBinding b)
{
    const std::vector<glm::mat4> worlds = model::restWorlds(rig.skeleton);
    const glm::mat4 meshWorld = worlds[static_cast<std::size_t>(rig.meshes[mesh].node)];
    for (std::size_t k = 0; k < b.skin.joints.size(); ++k)
        b.skin.inverseBind[k] = glm::inverse(worlds[static_cast<std::size_t>(b.skin.joints[k])]) * meshWorld;
    const mesh::Mesh& m = rig.meshes[mesh];
    b.geometry = {m.positions, m.normals, m.indices, m.morphTargets};
    return b;
}

} // namespace marrow::test
