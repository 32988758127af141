// SPDX-License-Identifier: MIT
#pragma once
// A bare leg skeleton and a static tube to bind to it (issue 20's Bind):
// hips (0, 1, 0) -> knee (0, 0.5, 0) -> foot (0, 0, 0), and a mesh node
// "holder" at (0.2, 0, 0) holding an open tube of radius 0.1 from y = 0 to
// y = 1 around local x = -0.2 (world x = 0, along the leg). No skin.
#include "core/model/rig.h"
#include "tiny_rigs.h"

#include <cmath>
#include <numbers>

namespace marrow::test {

inline model::Rig staticTubeRig()
{
    model::Rig rig;
    rig.skeleton.names = {"hips", "knee", "foot", "holder"};
    rig.skeleton.parents = {anim::kNoParent, 0, 1, anim::kNoParent};
    rig.skeleton.rest = {trs({0.f, 1.f, 0.f}), trs({0.f, -.5f, 0.f}), trs({0.f, -.5f, 0.f}), trs({.2f, 0.f, 0.f})};
    mesh::Mesh m;
    m.name = "tube";
    m.node = 3;
    constexpr int kRings = 11, kSides = 8;
    for (int r = 0; r < kRings; ++r)
        for (int s = 0; s < kSides; ++s) {
            const float a = 2.f * std::numbers::pi_v<float> * static_cast<float>(s) / kSides;
            m.positions.push_back({-.2f + .1f * std::cos(a), .1f * static_cast<float>(r), .1f * std::sin(a)});
            m.normals.push_back({std::cos(a), 0.f, std::sin(a)});
        }
    const auto at = [](int r, int s) { return static_cast<std::uint32_t>(r * kSides + (s % kSides)); };
    for (int r = 0; r + 1 < kRings; ++r)
        for (int s = 0; s < kSides; ++s)
            m.indices.insert(m.indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r, s + 1)});
    rig.meshes.push_back(m);
    return rig;
}

} // namespace marrow::test
