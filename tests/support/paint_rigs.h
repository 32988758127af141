// SPDX-License-Identifier: MIT
#pragma once
// A small symmetric rig for the weight brush: a flat panel facing +Z, x in
// [-1, 1] and y in [0, 2], cut into n x n quads, bound wholly to "root".
// Joints: 0 root (origin), 1 arm_L (0.5, 1, 0), 2 arm_R (-0.5, 1, 0), both
// children of root, and 3 tail (0, 0.2, 0), a child of root that the skin
// does not list. The skin lists root, arm_L and arm_R.
#include "tiny_rigs.h"

#include "core/model/rig.h"

#include <glm/gtc/matrix_transform.hpp>

namespace marrow::test {

inline model::Rig symmetricPanelRig(int n = 20)
{
    model::Rig rig;
    rig.skeleton.names = {"root", "arm_L", "arm_R", "tail"};
    rig.skeleton.parents = {anim::kNoParent, 0, 0, 0};
    rig.skeleton.rest = {trs({0.f, 0.f, 0.f}), trs({.5f, 1.f, 0.f}), trs({-.5f, 1.f, 0.f}), trs({0.f, .2f, 0.f})};

    model::Skin skin;
    skin.name = "panelSkin";
    skin.joints = {0, 1, 2};
    skin.inverseBind = {glm::mat4(1.f), glm::translate(glm::mat4(1.f), {-.5f, -1.f, 0.f}),
                        glm::translate(glm::mat4(1.f), {.5f, -1.f, 0.f})};
    rig.skins.push_back(skin);

    mesh::Mesh m;
    m.name = "panel";
    m.skin = 0;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            m.positions.push_back({-1.f + 2.f * static_cast<float>(i) / static_cast<float>(n),
                                   2.f * static_cast<float>(j) / static_cast<float>(n), 0.f});
    m.normals.assign(m.positions.size(), glm::vec3(0.f, 0.f, 1.f));
    const auto at = [n](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            m.indices.insert(m.indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    m.weights.stride = 4;
    for (std::size_t v = 0; v < m.positions.size(); ++v) {
        m.weights.joints.insert(m.weights.joints.end(), {0, 0, 0, 0});
        m.weights.weights.insert(m.weights.weights.end(), {1.f, 0.f, 0.f, 0.f});
    }
    rig.meshes.push_back(m);
    return rig;
}

} // namespace marrow::test
