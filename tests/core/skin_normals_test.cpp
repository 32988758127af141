// SPDX-License-Identifier: MIT
// Skinned normals (issue 39): a conformal palette (every joint a rotation
// times one scale, mirrored or not) carries normals by the blended 3x3, as
// skinned_mesh.vert does when told so; any other takes the cofactor. And the
// two builds of the LBS kernel (SSE2, and AVX2 with fused multiply-adds)
// skin alike.
#include "core/mesh/cpu_skinning_job.h"
#include "core/mesh/skin_linear_simd.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <random>

using namespace marrow;

namespace {

glm::mat4 rotation(float degrees, glm::vec3 axis)
{
    return glm::rotate(glm::mat4(1.f), glm::radians(degrees), glm::normalize(axis));
}

} // namespace

TEST(SkinNormals, ConformalMeansARotationTimesOneScale)
{
    const glm::mat4 turn = glm::translate(glm::mat4(1.f), glm::vec3(1, 2, 3)) * rotation(70.f, {1, 2, 0.5f});
    EXPECT_TRUE(mesh::conformalPalette(std::vector<glm::mat4>{}));
    EXPECT_TRUE(mesh::conformalPalette(std::vector{glm::mat4(1.f), turn}));
    EXPECT_TRUE(mesh::conformalPalette(std::vector{glm::scale(turn, glm::vec3(2.5f))})) << "uniform scale";
    EXPECT_TRUE(mesh::conformalPalette(std::vector{glm::scale(turn, glm::vec3(-1.f, 1.f, 1.f))})) << "a mirror";
    EXPECT_FALSE(mesh::conformalPalette(std::vector{turn, glm::scale(turn, glm::vec3(1.f, 1.3f, 1.f))}))
        << "non-uniform scale on one joint";
    glm::mat4 shear(1.f);
    shear[1][0] = 0.4f;
    EXPECT_FALSE(mesh::conformalPalette(std::vector{shear}));
    glm::mat4 nan = turn;
    nan[0][0] = NAN;
    EXPECT_FALSE(mesh::conformalPalette(std::vector{nan}));
    EXPECT_FALSE(mesh::conformalPalette(std::vector{glm::mat4(0.f)})) << "flattened";
}

TEST(SkinNormals, AConformalBlendCarriesNormalsByItsThreeByThree)
{
    // Half on a joint turned 90 degrees about Z, half on one turned 90 about
    // X: the blended 3x3 is not a rotation, so its cofactor and itself turn
    // a normal differently; the conformal palette takes the 3x3.
    const std::vector<glm::mat4> palette{rotation(90.f, {0, 0, 1}), rotation(90.f, {1, 0, 0})};
    ASSERT_TRUE(mesh::conformalPalette(palette));
    const std::vector<glm::vec3> positions{{1, 1, 1}}, normals{glm::normalize(glm::vec3(1, 2, 3))};
    const std::vector<std::uint16_t> joints{0, 1, 0, 0};
    const std::vector<float> weights{0.5f, 0.5f, 0.f, 0.f};
    std::vector<glm::vec3> outP(1), outN(1);
    mesh::CpuSkinningJob job;
    job.positions = positions;
    job.normals = normals;
    job.joints = joints;
    job.weights = weights;
    job.palette = palette;
    job.outPositions = outP;
    job.outNormals = outN;
    ASSERT_TRUE(job.run());
    const glm::mat3 m = 0.5f * glm::mat3(palette[0]) + 0.5f * glm::mat3(palette[1]);
    const glm::vec3 byMatrix = glm::normalize(m * normals[0]);
    const glm::vec3 byCofactor = glm::normalize(glm::transpose(glm::inverse(m)) * normals[0]);
    ASSERT_GT(glm::length(byMatrix - byCofactor), 0.05f) << "the case must tell the two apart";
    EXPECT_NEAR(glm::length(outN[0] - byMatrix), 0.f, 1e-5f);
    EXPECT_NEAR(glm::length(outP[0] - glm::vec3(0.5f * (palette[0] + palette[1]) * glm::vec4(1, 1, 1, 1))), 0.f, 1e-6f);
}

TEST(SkinNormals, TheSse2AndAvx2KernelsSkinAlike)
{
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
        GTEST_SKIP() << "this CPU has no AVX2 with FMA";
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    for (const bool scaled : {false, true})
        for (const int stride : {4, 8}) {
            std::vector<glm::mat4> palette;
            for (int j = 0; j < 20; ++j) {
                glm::mat4 m = glm::translate(glm::mat4(1.f), glm::vec3(u(rng), u(rng), u(rng))) *
                              rotation(180.f * u(rng), {u(rng), u(rng), 1.f});
                palette.push_back(scaled ? glm::scale(m, glm::vec3(1.f + 0.3f * u(rng), 1.f, 0.8f)) : m);
            }
            const std::size_t n = 1001;
            std::vector<glm::vec3> positions(n), normals(n);
            std::vector<std::uint16_t> joints;
            std::vector<float> weights;
            for (std::size_t v = 0; v < n; ++v) {
                positions[v] = glm::vec3(u(rng), u(rng), u(rng)) * 2.f;
                normals[v] = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.01f));
                float left = v % 10 == 3 ? 1.3f : 1.f;  // some rows unnormalised
                for (int k = 0; k < stride; ++k) {
                    const float w = k + 1 == stride ? left : left * 0.5f * (u(rng) + 1.f) * 0.6f;
                    left -= w;
                    joints.push_back(static_cast<std::uint16_t>(rng() % (v % 97 == 0 ? 30 : 20)));  // a few past the palette
                    weights.push_back(w);
                }
                std::sort(weights.end() - stride, weights.end(), std::greater<>());
            }
            const bool conformal = mesh::conformalPalette(palette);
            ASSERT_EQ(conformal, !scaled);
            std::vector<glm::vec3> p1(n), n1(n), p2(n), n2(n);
            const auto streams = [&](std::vector<glm::vec3>& p, std::vector<glm::vec3>& nn) {
                return mesh::detail::LinearStreams{positions.data(), normals.data(), joints.data(), weights.data(),
                                                   &palette[0][0][0], static_cast<std::uint16_t>(palette.size() - 1),
                                                   p.data(), nn.data()};
            };
            mesh::detail::skinLinearSse2(streams(p1, n1), n, stride, true, conformal);
            ASSERT_TRUE(mesh::detail::skinLinearAvx2(streams(p2, n2), n, stride, true, conformal));
            for (std::size_t v = 0; v < n; ++v) {
                EXPECT_NEAR(glm::length(p1[v] - p2[v]), 0.f, 2e-6f * (1.f + glm::length(p1[v]))) << v;
                EXPECT_NEAR(glm::length(n1[v] - n2[v]), 0.f, 1e-5f) << v;
                EXPECT_NEAR(glm::length(n1[v]), 1.f, 1e-5f) << v;
            }
        }
}
