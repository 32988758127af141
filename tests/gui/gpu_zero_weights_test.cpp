// SPDX-License-Identifier: MIT
// "Show Zero Weights": in heat-map mode with an active joint, vertices with
// exactly no weight for it are drawn near-black purple, not the ramp's blue;
// a rigid mesh not following the joint counts as zero. Renders three quads
// side by side into an FBO and reads their centre pixels back.
#include "gl_test_context.h"
#include "two_joint_rig.h"
#include "widgets/viewport/renderer/renderer.h"

#include <QImage>
#include <QOpenGLFramebufferObject>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace marrow {
namespace {

constexpr int kZeroWeightsSize = 96;
// skinned_mesh.frag's zero colour, lit as a face towards +z is: the light
// direction's z over its length, through the heat map's 0.35 + 0.65 * lambert.
const glm::vec3 kZeroColour(0.06f, 0.03f, 0.08f);
const float kZeroWeightsShade = 0.35f + 0.65f * glm::normalize(glm::vec3(0.3f, 0.8f, 0.52f)).z;

// Quad v0..v3 (two triangles) spanning x in [x0, x1], y in [-1, 1].
void addQuad(std::vector<glm::vec3>& positions, std::vector<std::uint32_t>& indices, float x0, float x1)
{
    const auto base = static_cast<std::uint32_t>(positions.size());
    positions.insert(positions.end(), {{x0, -1.f, 0.f}, {x1, -1.f, 0.f}, {x1, 1.f, 0.f}, {x0, 1.f, 0.f}});
    indices.insert(indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
}

class GpuZeroWeights : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string error = context.create();
        ASSERT_TRUE(error.empty()) << error;
        // Left quad on joint 0 (weight 0 for joint 1), middle quad on joint 1.
        std::vector<glm::vec3> positions;
        std::vector<std::uint32_t> indices;
        addQuad(positions, indices, -3.f, -1.2f);
        addQuad(positions, indices, -0.9f, 0.9f);
        model::Rig rig = test::twoJointRig(positions, indices, {0, 0, 0, 0, 1, 1, 1, 1});
        // Right quad: a rigid mesh on node 0.
        mesh::Mesh rigid;
        rigid.name = "rigid";
        rigid.node = 0;
        addQuad(rigid.positions, rigid.indices, 1.2f, 3.f);
        rig.meshes.push_back(rigid);

        ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
        renderer.setRig(rig);
        renderer.setShowGrid(false);
        renderer.setShowBones(false);
        const std::vector<glm::mat4> palette{glm::mat4(1.f), glm::mat4(1.f)};
        renderer.setPalette(0, palette);
    }
    void TearDown() override { renderer.cleanup(); }

    struct Pixels {
        QRgb zero, one, rigid;  // centres of the left, middle and right quads
    };
    Pixels render()
    {
        QOpenGLFramebufferObject fbo(kZeroWeightsSize, kZeroWeightsSize, QOpenGLFramebufferObject::Depth);
        EXPECT_TRUE(fbo.bind());
        renderer.resize(kZeroWeightsSize, kZeroWeightsSize);
        renderer.paint(glm::ortho(-3.2f, 3.2f, -3.2f, 3.2f, -10.f, 10.f));
        const QImage image = fbo.toImage();
        fbo.release();
        const auto column = [](float x) { return static_cast<int>((x + 3.2f) / 6.4f * kZeroWeightsSize); };
        return {image.pixel(column(-2.1f), kZeroWeightsSize / 2), image.pixel(column(0.f), kZeroWeightsSize / 2),
                image.pixel(column(2.1f), kZeroWeightsSize / 2)};
    }

    test::GlTestContext context;
    gl::Renderer renderer;
};

void expectZeroColour(QRgb p, const char* what)
{
    const glm::vec3 expected = kZeroColour * kZeroWeightsShade * 255.f;
    EXPECT_LE(std::abs(qRed(p) - static_cast<int>(expected.x + 0.5f)), 2) << what;
    EXPECT_LE(std::abs(qGreen(p) - static_cast<int>(expected.y + 0.5f)), 2) << what;
    EXPECT_LE(std::abs(qBlue(p) - static_cast<int>(expected.z + 0.5f)), 2) << what;
}

void expectBlue(QRgb p, const char* what)
{
    EXPECT_GT(qBlue(p), 150) << what;
    EXPECT_LT(qRed(p), 20) << what;
    EXPECT_LT(qGreen(p), 20) << what;
}

TEST_F(GpuZeroWeights, ZeroWeightsGetTheirOwnColourWhenShown)
{
    renderer.setHeatMapJoint(1);
    renderer.setShowZeroWeights(true);
    const Pixels on = render();
    expectZeroColour(on.zero, "skinned, weight 0");
    expectZeroColour(on.rigid, "rigid mesh not following the joint");
    EXPECT_GT(qRed(on.one), 150) << "weight 1 stays red";
    EXPECT_LT(qBlue(on.one), 20);

    renderer.setShowZeroWeights(false);
    const Pixels off = render();
    expectBlue(off.zero, "skinned, weight 0, flag off");
    expectBlue(off.rigid, "rigid, flag off");
    EXPECT_EQ(off.one, on.one);
}

TEST_F(GpuZeroWeights, OnlyTheActiveJointsHeatMapMarksZero)
{
    // The rigid mesh follows node 0: weight 1, red; the middle quad has 0.
    renderer.setHeatMapJoint(0);
    renderer.setShowZeroWeights(true);
    Pixels p = render();
    EXPECT_GT(qRed(p.rigid), 150);
    EXPECT_LT(qBlue(p.rigid), 20);
    expectZeroColour(p.one, "joint 0's weight on the middle quad");

    // Heat-map mode with no joint: the ramp's 0, no zero colour.
    renderer.setHeatMapJoint(-1);
    p = render();
    expectBlue(p.zero, "no active joint");
    expectBlue(p.rigid, "no active joint, rigid");

    // Off heat-map mode the flag changes nothing: plain lit grey.
    renderer.setHeatMapJoint(std::nullopt);
    p = render();
    EXPECT_GT(qRed(p.zero), 80);
    EXPECT_GT(qGreen(p.zero), 80);
}

} // namespace
} // namespace marrow
