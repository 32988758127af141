// SPDX-License-Identifier: MIT
// Dual-quaternion skinning on the GPU with scaled, sheared and mirrored
// joints, against the skinning matrices themselves (not the CPU job): a
// vertex with one influence lands exactly where its matrix puts it, and a
// vertex whose influences share one matrix lands where LBS puts it.
#include "core/math/scaled_dual_quat.h"
#include "core/model/rig.h"
#include "gl_test_context.h"
#include "tiny_rigs.h"
#include "widgets/viewport/renderer/renderer.h"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace marrow {
namespace {

using test::axisAngle;

glm::mat4 scaled(glm::vec3 t, glm::vec3 s)
{
    const glm::mat4 shear(glm::vec4(1, 0, 0, 0), glm::vec4(.3f, 1, 0, 0), glm::vec4(0, 0, 1, 0), glm::vec4(0, 0, 0, 1));
    return glm::translate(glm::mat4(1.f), t) * glm::mat4_cast(axisAngle({1, 2, 3}, 50.f)) * shear *
           glm::scale(glm::mat4(1.f), s);
}

// Joints 0..3 carry spine3's scale, a non-uniform scale, a mirror and a
// flattened axis; joints 4..6 repeat joint 0's matrix.
std::vector<glm::mat4> palette()
{
    const glm::mat4 spine = scaled({.5f, 1.3f, -.2f}, {1.16f, .96f, 1.18f});
    return {spine, scaled({-2, 0, 1}, {2, .5f, 1}), scaled({0, 1, 0}, {-1, 1, 1}), scaled({1, 0, 0}, {0, 1, 1}),
            spine, spine, spine};
}

const std::vector<glm::vec3> kPoints = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {-.5f, .3f, 1.5f}, {2, -1, .25f}};

// Vertices 0..19: one influence each on joints 0..3; 20..24: .5/.3/.2 on joints 4..6.
model::Rig rig()
{
    model::Rig r;
    const std::size_t joints = palette().size();
    for (std::size_t j = 0; j < joints; ++j) {
        r.skeleton.names.push_back(std::to_string(j));
        r.skeleton.parents.push_back(anim::kNoParent);
        r.skeleton.rest.push_back(test::trs({0, 0, 0}));
    }
    model::Skin skin;
    for (std::size_t j = 0; j < joints; ++j) {
        skin.joints.push_back(static_cast<anim::JointIndex>(j));
        skin.inverseBind.push_back(glm::mat4(1.f));
    }
    r.skins.push_back(skin);
    mesh::Mesh m;
    m.skin = 0;
    m.weights.stride = 4;
    for (std::uint16_t j = 0; j < 5; ++j)
        for (const glm::vec3& p : kPoints) {
            m.positions.push_back(p);
            m.normals.push_back(glm::vec3(0, 0, 1));
            if (j < 4) {
                m.weights.joints.insert(m.weights.joints.end(), {j, 0, 0, 0});
                m.weights.weights.insert(m.weights.weights.end(), {1.f, 0.f, 0.f, 0.f});
            } else {
                m.weights.joints.insert(m.weights.joints.end(), {4, 5, 6, 0});
                m.weights.weights.insert(m.weights.weights.end(), {.5f, .3f, .2f, 0.f});
            }
        }
    for (std::uint32_t i = 0; i + 2 < m.positions.size(); i += 3)
        m.indices.insert(m.indices.end(), {i, i + 1, i + 2});
    r.meshes.push_back(m);
    return r;
}

std::vector<glm::vec3> capture(gl::Renderer& renderer, mesh::SkinningMethod method)
{
    const std::vector<glm::mat4> p = palette();
    std::vector<math::ScaledDualQuat> dqs;
    // Each joint scales about its own bind position, as in a real skeleton.
    for (std::size_t k = 0; k < p.size(); ++k)
        dqs.push_back(math::splitSkinningMatrix(p[k], glm::vec3(.3f * float(k), -.2f * float(k), .1f)));
    renderer.setSkinningMethod(method);
    renderer.setPalette(0, p);
    renderer.setDualQuats(0, dqs);
    std::vector<glm::vec3> out;
    EXPECT_TRUE(renderer.captureSkinnedPositions(0, out));
    return out;
}

TEST(GpuScaledJoints, DualQuaternionKeepsScaleShearAndMirror)
{
    test::GlTestContext context;
    const std::string error = context.create();
    ASSERT_TRUE(error.empty()) << error;
    const model::Rig r = rig();
    gl::Renderer renderer;
    ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
    renderer.setRig(r);
    const std::vector<glm::vec3> lbs = capture(renderer, mesh::SkinningMethod::Linear);
    const std::vector<glm::vec3> dqs = capture(renderer, mesh::SkinningMethod::DualQuaternion);
    renderer.cleanup();
    ASSERT_EQ(lbs.size(), r.meshes[0].vertexCount());
    ASSERT_EQ(dqs.size(), lbs.size());
    const std::vector<glm::mat4> p = palette();
    for (std::size_t v = 0; v < dqs.size(); ++v) {
        const std::size_t joint = v < 20 ? v / kPoints.size() : 4;
        const glm::vec3 expected(p[joint] * glm::vec4(r.meshes[0].positions[v], 1.f));
        // Both methods reproduce the matrix; the shared-matrix rows check the blend too.
        EXPECT_LE(glm::length(lbs[v] - expected), 1e-5f) << "LBS vertex " << v << " (joint " << joint << ')';
        EXPECT_LE(glm::length(dqs[v] - expected), 2e-5f) << "DQS vertex " << v << " (joint " << joint << ')';
    }
}

} // namespace
} // namespace marrow
