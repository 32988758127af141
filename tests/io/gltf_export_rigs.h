// SPDX-License-Identifier: MIT
#pragma once
// Rigs built in code for the glTF export tests.
#include "gltf_export_fixture.h"

namespace marrow::export_test {

inline glm::mat4 restWorld(const anim::Skeleton& s, int joint)
{
    glm::mat4 m = math::toMatrix(s.rest[static_cast<std::size_t>(joint)]);
    for (int p = s.parents[static_cast<std::size_t>(joint)]; p != anim::kNoParent; p = s.parents[static_cast<std::size_t>(p)])
        m = math::toMatrix(s.rest[static_cast<std::size_t>(p)]) * m;
    return m;
}

// A strip of 8 vertices skinned to "root" and "tip", plus its own mesh node
// "strip" as a third joint (identity inverse bind: the bottom row follows the
// node, as the importers bind weightless vertices). Stride 8 rows with at most
// 2 influences. Clips: "wave" with a STEP, a LINEAR and a CUBICSPLINE channel,
// an unnamed one-key clip, and an empty clip that the export skips. Node 3 is
// an unnamed second root.
inline model::Rig skinnedStrip()
{
    model::Rig rig;
    rig.skeleton.names = {"root", "tip", "strip", ""};
    rig.skeleton.parents = {anim::kNoParent, 0, 0, anim::kNoParent};
    rig.skeleton.rest = {trs({0.5f, 0.f, 0.f}, axisAngle({0.f, 1.f, 0.f}, 30.f)),
                         trs({0.f, 1.f, 0.f}, axisAngle({0.f, 0.f, 1.f}, 10.f)), trs({0.1f, 0.f, 0.2f}),
                         trs({0.f, 0.f, -3.f}, glm::quat(1.f, 0.f, 0.f, 0.f), glm::vec3(2.f))};
    model::Skin skin;
    skin.name = "strip_skin";
    skin.joints = {0, 1, 2};
    skin.inverseBind = {glm::inverse(restWorld(rig.skeleton, 0)), glm::inverse(restWorld(rig.skeleton, 1)), glm::mat4(1.f)};
    rig.skins.push_back(skin);

    mesh::Mesh m;
    m.name = "strip";
    m.node = 2;
    m.skin = 0;
    m.weights.stride = 8;
    for (int row = 0; row < 4; ++row) {
        const float y = 0.5f * static_cast<float>(row);
        for (float x : {-0.1f, 0.1f}) {
            m.positions.push_back(glm::vec3(restWorld(rig.skeleton, 0) * glm::vec4(x, y, 0.f, 1.f)));
            m.normals.push_back({0.f, 0.f, 1.f});
            m.uvs.push_back({x + 0.5f, y / 1.5f});
            std::uint16_t j[8] = {};
            float w[8] = {};
            if (row == 0) {
                j[0] = 2;
                w[0] = 1.f;
            } else {
                const float tip = y / 1.5f;
                j[0] = tip >= 0.5f ? 1 : 0;
                j[1] = tip >= 0.5f ? 0 : 1;
                w[0] = std::max(tip, 1.f - tip);
                w[1] = 1.f - w[0];
            }
            m.weights.joints.insert(m.weights.joints.end(), j, j + 8);
            m.weights.weights.insert(m.weights.weights.end(), w, w + 8);
        }
    }
    for (std::uint32_t r = 0; r < 3; ++r) {
        const std::uint32_t a = 2 * r;
        m.indices.insert(m.indices.end(), {a, a + 1, a + 2, a + 2, a + 1, a + 3});
    }
    rig.meshes.push_back(m);

    anim::Clip wave;
    wave.name = "wave";
    anim::JointTrack tip;
    tip.joint = 1;
    tip.translation = test::vec3Channel({0.f, 0.5f, 1.f}, {{0.f, 1.f, 0.f}, {0.2f, 1.f, 0.f}, {0.f, 1.2f, 0.f}},
                                        anim::Interpolation::Step);
    tip.rotation = test::quatChannel({0.f, 0.25f, 1.f}, {axisAngle({0.f, 0.f, 1.f}, 0.f), axisAngle({0.f, 0.f, 1.f}, 40.f),
                                                         axisAngle({0.f, 0.f, 1.f}, -20.f)});
    anim::JointTrack root;
    root.joint = 0;
    root.scale = test::vec3Channel({0.f, 0.6f, 1.2f}, {{1.f, 1.f, 1.f}, {1.2f, 1.f, 0.9f}, {1.f, 1.f, 1.f}},
                                   anim::Interpolation::CubicSpline);
    root.scale.inTangents = {{0.f, 0.f, 0.f}, {0.5f, 0.f, -0.25f}, {-1.f, 0.f, 0.5f}};
    root.scale.outTangents = {{0.3f, 0.f, 0.1f}, {-0.5f, 0.1f, 0.f}, {0.f, 0.f, 0.f}};
    root.rotation = test::quatChannel({0.f, 1.2f}, {rig.skeleton.rest[0].rotation, axisAngle({0.f, 1.f, 0.f}, 60.f)},
                                      anim::Interpolation::CubicSpline);
    root.rotation.inTangents = {glm::quat(0.f, 0.f, 0.f, 0.f), glm::quat(0.f, 0.f, 0.1f, 0.f)};
    root.rotation.outTangents = {glm::quat(0.f, 0.f, 0.2f, 0.f), glm::quat(0.f, 0.f, 0.f, 0.f)};
    wave.tracks = {tip, root};
    wave.updateDuration();
    rig.clips.push_back(wave);

    anim::Clip unnamed;
    anim::JointTrack held;
    held.joint = 2;
    held.translation = test::vec3Channel({0.f}, {{0.1f, 0.3f, 0.2f}});
    unnamed.tracks = {held};
    rig.clips.push_back(unnamed);

    anim::Clip empty;
    empty.name = "empty";
    rig.clips.push_back(empty);
    return rig;
}

// A chain of 9 joints and one mesh whose rows use all 8 influences (so
// JOINTS_1/WEIGHTS_1 are written), one row summing to 1 + 5e-5: inside the
// rig's tolerance, outside the validator's, so the export renormalises it.
inline model::Rig eightInfluenceFan()
{
    model::Rig rig;
    model::Skin skin;
    for (int j = 0; j < 9; ++j) {
        rig.skeleton.names.push_back("j" + std::to_string(j));
        rig.skeleton.parents.push_back(j - 1);
        rig.skeleton.rest.push_back(trs({0.f, j == 0 ? 0.f : 0.2f, 0.f}, axisAngle({1.f, 0.f, 0.f}, 5.f)));
        skin.joints.push_back(j);
    }
    for (int j = 0; j < 9; ++j)
        skin.inverseBind.push_back(glm::inverse(restWorld(rig.skeleton, j)));
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.name = "fan";
    m.node = 0;
    m.skin = 0;
    m.weights.stride = 8;
    const float w[8] = {0.3f, 0.2f, 0.15f, 0.1f, 0.1f, 0.07f, 0.05f, 0.03f};
    for (int v = 0; v < 5; ++v) {
        m.positions.push_back({0.1f * static_cast<float>(v), 0.2f * static_cast<float>(v), 0.f});
        for (int k = 0; k < 8; ++k) {
            m.weights.joints.push_back(static_cast<std::uint16_t>((v + k) % 9));
            m.weights.weights.push_back(v == 4 && k == 0 ? w[0] + 5e-5f : w[k]);
        }
    }
    m.indices = {0, 1, 2, 2, 3, 4};
    rig.meshes.push_back(m);
    anim::Clip bend;
    bend.name = "bend";
    anim::JointTrack t;
    t.joint = 3;
    t.rotation = test::quatChannel({0.f, 1.f}, {rig.skeleton.rest[3].rotation, axisAngle({0.f, 0.f, 1.f}, 45.f)});
    bend.tracks = {t};
    bend.updateDuration();
    rig.clips.push_back(bend);
    return rig;
}


} // namespace marrow::export_test
