// SPDX-License-Identifier: MIT
#pragma once
// A hand-built rig for GL tests: two joints (a root and its child, both skin
// joints with identity inverse binds) and one skinned mesh whose every row is
// wholly bound to one of them.
#include "core/model/rig.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace marrow::test {

// Moves row `row` of a stride-4 or 8 table wholly to `joint`.
inline void bindRow(mesh::SkinWeights& w, std::size_t row, std::uint16_t joint)
{
    const auto stride = static_cast<std::size_t>(w.stride);
    for (std::size_t k = 0; k < stride; ++k) {
        w.joints[row * stride + k] = 0;
        w.weights[row * stride + k] = 0.f;
    }
    w.joints[row * stride] = joint;
    w.weights[row * stride] = 1.f;
}

// `joints[v]` is the joint (0 or 1) vertex v follows.
inline model::Rig twoJointRig(std::vector<glm::vec3> positions, std::vector<std::uint32_t> indices,
                              const std::vector<std::uint16_t>& joints)
{
    model::Rig rig;
    rig.skeleton.names = {"root", "child"};
    rig.skeleton.parents = {anim::kNoParent, 0};
    rig.skeleton.rest = {math::Transform{}, math::Transform{}};
    rig.skins.push_back({"skin", {0, 1}, {glm::mat4(1.f), glm::mat4(1.f)}});
    mesh::Mesh m;
    m.name = "mesh";
    m.skin = 0;
    m.positions = std::move(positions);
    m.indices = std::move(indices);
    m.weights.stride = 4;
    m.weights.joints.assign(m.positions.size() * 4, 0);
    m.weights.weights.assign(m.positions.size() * 4, 0.f);
    for (std::size_t v = 0; v < joints.size(); ++v)
        bindRow(m.weights, v, joints[v]);
    rig.meshes.push_back(std::move(m));
    return rig;
}

} // namespace marrow::test
