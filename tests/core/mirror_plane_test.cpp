// SPDX-License-Identifier: MIT
#include "core/mesh/mirror_plane.h"

#include "tiny_rigs.h"

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace marrow::mesh {
namespace {

TEST(MirrorPlane, AxisPlanesReflect)
{
    EXPECT_EQ(MirrorPlane::axis(0).reflect({1.f, 2.f, 3.f}), glm::vec3(-1.f, 2.f, 3.f));
    EXPECT_EQ(MirrorPlane::axis(1).reflect({1.f, 2.f, 3.f}), glm::vec3(1.f, -2.f, 3.f));
    EXPECT_EQ(MirrorPlane::axis(2).reflect({1.f, 2.f, 3.f}), glm::vec3(1.f, 2.f, -3.f));
    MirrorPlane p;
    p.normal = {0.f, 1.f, 0.f};
    p.offset = 2.f;  // y = 2
    EXPECT_EQ(p.signedDistance({5.f, 5.f, 5.f}), 3.f);
    EXPECT_EQ(p.reflect({5.f, 5.f, 5.f}), glm::vec3(5.f, -1.f, 5.f));
}

TEST(MirrorPlane, FitNeedsAPairWithSomeSpread)
{
    EXPECT_FALSE(MirrorPlane::fit({}).has_value());
    const std::vector<std::pair<glm::vec3, glm::vec3>> same = {{{1.f, 1.f, 1.f}, {1.f, 1.f, 1.f}}};
    EXPECT_FALSE(MirrorPlane::fit(same).has_value());
    // One pair: the perpendicular bisector.
    const std::vector<std::pair<glm::vec3, glm::vec3>> one = {{{3.f, 1.f, 0.f}, {1.f, 1.f, 0.f}}};
    const auto p = MirrorPlane::fit(one);
    ASSERT_TRUE(p.has_value());
    EXPECT_NEAR(p->normal.x, 1.f, 1e-6f);
    EXPECT_NEAR(p->offset, 2.f, 1e-6f);
}

// Pairs mirrored across a rotated, offset plane (with a little noise) give that plane back.
TEST(MirrorPlane, FitRecoversARotatedOffsetPlane)
{
    const glm::quat r = test::axisAngle({.3f, 1.f, -.2f}, 37.f);
    const glm::vec3 origin(4.f, -2.f, 7.f);
    const glm::vec3 n = r * glm::vec3(1.f, 0.f, 0.f);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::vector<std::pair<glm::vec3, glm::vec3>> pairs;
    for (int i = 0; i < 12; ++i) {
        const glm::vec3 local(.2f + std::abs(u(rng)), u(rng), u(rng));
        const glm::vec3 noise = 1e-3f * glm::vec3(u(rng), u(rng), u(rng));
        pairs.emplace_back(origin + r * local + noise, origin + r * glm::vec3(-local.x, local.y, local.z));
    }
    const auto p = MirrorPlane::fit(pairs);
    ASSERT_TRUE(p.has_value());
    EXPECT_NEAR(glm::dot(p->normal, n), 1.f, 1e-5f);  // oriented towards the first pair's left point
    EXPECT_NEAR(p->offset, glm::dot(n, origin), 2e-3f);
    EXPECT_NEAR(glm::length(p->normal), 1.f, 1e-6f);
    for (const auto& [l, rr] : pairs)
        EXPECT_NEAR(glm::distance(p->reflect(l), rr), 0.f, 5e-3f);
}

} // namespace
} // namespace marrow::mesh
