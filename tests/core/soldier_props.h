// SPDX-License-Identifier: MIT
#pragma once
#include "pose_worlds.h"
// A soldier built in code with the trait issue 36 found: a helmet, a shield
// and a 3.2 long spear as separate meshes each weighted wholly to one bone
// (head, forearm, hand), and a buckle inside the body mesh weighted wholly
// to the hips (a loose-shell prop). The body's torso and arm are shells
// with mixed weights.
#include "core/anim/local_to_world_job.h"
#include "core/mesh/cpu_skinning_job.h"
#include "core/model/rig.h"
#include "core/skin/weight_row.h"
#include "tiny_rigs.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <algorithm>

namespace marrow::test::soldier {

// Skeleton nodes: 0 the armature (holds the meshes), then the bones.
enum Joint : anim::JointIndex { Armature, Hips, Spine, Head, HeadEnd, UpperArm, Forearm, Hand, HandEnd, JointCount };
inline const glm::vec3 kAt[JointCount] = {{0, 0, 0},      {0, 1, 0},      {0, 1.4f, 0},  {0, 1.75f, 0}, {0, 2.05f, 0},
                                          {.2f, 1.6f, 0}, {.5f, 1.6f, 0}, {.8f, 1.6f, 0}, {.92f, 1.6f, 0}};
inline const anim::JointIndex kParent[JointCount] = {anim::kNoParent, 0, 1, 2, 3, 2, 5, 6, 7};

// A closed tube along a -> b: `rings` rings of 8 vertices, both ends capped.
inline void addTube(mesh::Mesh& m, glm::vec3 a, glm::vec3 b, float radius, int rings)
{
    const glm::vec3 axis = glm::normalize(b - a);
    const glm::vec3 side = std::abs(axis.y) < .9f ? glm::normalize(glm::cross(axis, glm::vec3(0, 1, 0)))
                                                  : glm::vec3(1, 0, 0);
    const glm::vec3 up = glm::cross(axis, side);
    const auto base = static_cast<std::uint32_t>(m.positions.size());
    for (int r = 0; r < rings; ++r)
        for (int k = 0; k < 8; ++k) {
            const float t = static_cast<float>(r) / static_cast<float>(rings - 1);
            const float angle = static_cast<float>(k) * kPi / 4.f;
            m.positions.push_back(a + t * (b - a) + radius * (std::cos(angle) * side + std::sin(angle) * up));
        }
    const auto ring = [&](int r, int k) { return base + static_cast<std::uint32_t>(r * 8 + (k % 8)); };
    for (int r = 0; r + 1 < rings; ++r)
        for (int k = 0; k < 8; ++k)
            m.indices.insert(m.indices.end(), {ring(r, k), ring(r, k + 1), ring(r + 1, k + 1), ring(r, k), ring(r + 1, k + 1),
                                               ring(r + 1, k)});
    const auto capA = static_cast<std::uint32_t>(m.positions.size());
    m.positions.push_back(a);
    m.positions.push_back(b);
    for (int k = 0; k < 8; ++k) {
        m.indices.insert(m.indices.end(), {capA, ring(0, k + 1), ring(0, k)});
        m.indices.insert(m.indices.end(), {capA + 1, ring(rings - 1, k), ring(rings - 1, k + 1)});
    }
}

// The buckle's vertices, the last of the body mesh (a tube of 3 rings).
constexpr std::size_t kBuckleVertices = 3 * 8 + 2;

// Skin joint k is bone k + 1 (every node but the armature).
inline std::uint16_t skinJoint(Joint j)
{
    return static_cast<std::uint16_t>(j - 1);
}

inline mesh::Mesh propMesh(const char* name, glm::vec3 a, glm::vec3 b, float radius, Joint bone)
{
    mesh::Mesh m;
    m.name = name;
    m.skin = 0;
    addTube(m, a, b, radius, 6);
    m.weights = skin::packRows(std::vector<skin::WeightRow>(m.positions.size(), {{skinJoint(bone), 1.f}}), 4);
    return m;
}

// Meshes: 0 body (torso, arm, buckle), 1 helmet, 2 shield, 3 spear.
inline model::Rig rig()
{
    model::Rig r;
    anim::Skeleton& s = r.skeleton;
    for (int j = 0; j < JointCount; ++j) {
        s.names.push_back(std::vector<std::string>{"Armature", "Hips", "Spine", "Head", "Head_end", "UpperArm", "Forearm",
                                                   "Hand", "Hand_end"}[static_cast<std::size_t>(j)]);
        s.parents.push_back(kParent[j]);
        s.rest.push_back(trs(kAt[j] - (kParent[j] >= 0 ? kAt[kParent[j]] : glm::vec3(0.f))));
    }
    model::Skin skin;
    skin.name = "soldier";
    for (int j = 1; j < JointCount; ++j) {
        skin.joints.push_back(static_cast<anim::JointIndex>(j));
        skin.inverseBind.push_back(glm::inverse(glm::mat4(1.f) * glm::mat4(glm::vec4(1, 0, 0, 0), glm::vec4(0, 1, 0, 0),
                                                                           glm::vec4(0, 0, 1, 0), glm::vec4(kAt[j], 1))));
    }
    r.skins.push_back(skin);
    mesh::Mesh body;
    body.name = "Body";
    body.skin = 0;
    addTube(body, {0, .9f, 0}, {0, 1.95f, 0}, .14f, 12);  // torso
    addTube(body, {.16f, 1.6f, 0}, {.86f, 1.6f, 0}, .05f, 12);  // arm
    const std::size_t beforeBuckle = body.positions.size();
    addTube(body, {-.05f, 1.05f, .16f}, {.05f, 1.05f, .16f}, .03f, 3);  // buckle, outside the torso
    std::vector<skin::WeightRow> rows(body.positions.size());
    for (std::size_t v = 0; v < rows.size(); ++v) {
        if (v >= beforeBuckle) {
            rows[v] = {{skinJoint(Hips), 1.f}};
            continue;
        }
        // The artist's weights: the two nearest joints, by distance.
        std::vector<std::pair<float, Joint>> d;
        for (Joint j : {Hips, Spine, Head, UpperArm, Forearm, Hand})
            d.push_back({glm::length(body.positions[v] - kAt[j]), j});
        std::sort(d.begin(), d.end());
        const float w = d[1].first / (d[0].first + d[1].first);
        rows[v] = {{skinJoint(d[0].second), w}, {skinJoint(d[1].second), 1.f - w}};
    }
    body.weights = skin::packRows(rows, 4);
    r.meshes.push_back(std::move(body));
    r.meshes.push_back(propMesh("Helmet", {0, 1.8f, 0}, {0, 2.05f, 0}, .16f, Head));
    r.meshes.push_back(propMesh("Shield", {.62f, 1.45f, .12f}, {.62f, 1.75f, .12f}, .2f, Forearm));
    r.meshes.push_back(propMesh("Spear", {.8f, .3f, .06f}, {.8f, 3.5f, .06f}, .02f, Hand));
    return r;
}

// The mesh skinned in a pose: elbow bent 70 degrees, hand turned 40, head 30.
inline std::vector<glm::vec3> posed(const model::Rig& r, std::size_t meshIndex)
{
    std::vector<math::Transform> locals = r.skeleton.rest;
    locals[Forearm].rotation = axisAngle({0, 0, 1}, 70.f);
    locals[Hand].rotation = axisAngle({1, 0, 0}, 40.f);
    locals[Head].rotation = axisAngle({0, 1, 0}, 30.f);
    return test::skinnedWith(r, meshIndex, locals);
}

// The largest change of a pairwise vertex distance between rest and pose,
// over the vertices in `which` (empty: all), as a fraction of their size
// (the rest's largest distance): 0 for a rigid part.
inline float bend(const std::vector<glm::vec3>& rest, const std::vector<glm::vec3>& pose, std::vector<std::size_t> which = {})
{
    if (which.empty())
        for (std::size_t v = 0; v < rest.size(); ++v)
            which.push_back(v);
    float size = 0.f, worst = 0.f;
    for (std::size_t a : which)
        for (std::size_t b : which) {
            const float d = glm::length(rest[a] - rest[b]);
            size = std::max(size, d);
            worst = std::max(worst, std::abs(d - glm::length(pose[a] - pose[b])));
        }
    return size > 0.f ? worst / size : 0.f;
}

} // namespace marrow::test::soldier
