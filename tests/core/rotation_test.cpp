// SPDX-License-Identifier: MIT
#include "core/math/rotation.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <limits>

using namespace marrow;
using marrow::test::axisAngle;

namespace {
float length4(const glm::quat& q)
{
    return std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
}
} // namespace

TEST(Rotation, SlerpTakesSameResultForBAndMinusB)
{
    const glm::quat a = axisAngle({1, 0, 0}, 20.f);
    const glm::quat b = axisAngle({0, 1, 1}, 120.f);
    for (float t : {0.f, .1f, .5f, .9f, 1.f}) {
        const glm::quat p = math::slerpShortest(a, b, t);
        const glm::quat n = math::slerpShortest(a, -b, t);
        // Same rotation, and the same sign too: both follow a's hemisphere.
        EXPECT_NEAR(p.w, n.w, 1e-6f);
        EXPECT_NEAR(p.x, n.x, 1e-6f);
        EXPECT_NEAR(p.y, n.y, 1e-6f);
        EXPECT_NEAR(p.z, n.z, 1e-6f);
    }
}

TEST(Rotation, SlerpGoesTheTenDegreeWayRound)
{
    // 5 and 355 degrees about Z are 350 degrees apart one way, 10 the other.
    const glm::quat a = axisAngle({0, 0, 1}, 5.f);
    const glm::quat b = axisAngle({0, 0, 1}, 355.f);
    ASSERT_LT(a.w * b.w + a.z * b.z, 0.f) << "the pair must start in opposite hemispheres";
    EXPECT_QUAT_EQUIV(math::slerpShortest(a, b, .5f), glm::quat(1.f, 0.f, 0.f, 0.f), 1e-6f);
    // A quarter of the way is 2.5 degrees: half-angle 1.25 degrees.
    const float h = 1.25f * test::kPi / 180.f;
    EXPECT_QUAT_EQUIV(math::slerpShortest(a, b, .25f), glm::quat(std::cos(h), 0.f, 0.f, std::sin(h)), 1e-6f);
}

TEST(Rotation, SlerpEndpointsAreTheInputs)
{
    const glm::quat a = axisAngle({1, 2, 3}, 33.f);
    const glm::quat b = axisAngle({-3, 1, 0}, 150.f);
    const glm::quat at0 = math::slerpShortest(a, b, 0.f);
    const glm::quat at1 = math::slerpShortest(a, b, 1.f);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(at0[i], a[i], 1e-6f);
    EXPECT_QUAT_EQUIV(at1, b, 1e-6f);
    // And with b flipped, t = 1 is -b component-wise.
    const glm::quat flipped = math::slerpShortest(a, -b, 1.f);
    const glm::quat expected = (a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z) < 0.f ? -b : b;
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(flipped[i], expected[i], 1e-6f);
}

TEST(Rotation, SlerpMidpointsOfKnownRotations)
{
    // Identity to 90 about X: 45 about X, half-angle 22.5 degrees.
    const float c = 0.92387953f, s = 0.38268343f;
    EXPECT_QUAT_EQUIV(math::slerpShortest(glm::quat(1, 0, 0, 0), axisAngle({1, 0, 0}, 90.f), .5f), glm::quat(c, s, 0, 0), 1e-6f);
    // 30 to 110 about Y: 70 about Y.
    const float h = 35.f * test::kPi / 180.f;
    EXPECT_QUAT_EQUIV(math::slerpShortest(axisAngle({0, 1, 0}, 30.f), axisAngle({0, 1, 0}, 110.f), .5f),
                      glm::quat(std::cos(h), 0, std::sin(h), 0), 1e-6f);
    // Angles along one axis interpolate linearly: 0.3 of 0 -> 160 is 48.
    const float h48 = 24.f * test::kPi / 180.f;
    EXPECT_QUAT_EQUIV(math::slerpShortest(glm::quat(1, 0, 0, 0), axisAngle({0, 0, 1}, 160.f), .3f),
                      glm::quat(std::cos(h48), 0, 0, std::sin(h48)), 1e-6f);
}

TEST(Rotation, NearlyParallelFallbackStaysUnitLength)
{
    // 0.01 degrees apart: the nlerp branch; the midpoint is 0.005 degrees.
    const glm::quat a(1, 0, 0, 0);
    const glm::quat b = axisAngle({0, 0, 1}, .01f);
    for (float t : {0.f, .25f, .5f, .75f, 1.f}) {
        const glm::quat r = math::slerpShortest(a, b, t);
        EXPECT_NEAR(length4(r), 1.f, 1e-6f);
        EXPECT_NEAR(r.z, std::sin(t * .005f * test::kPi / 180.f), 1e-7f);
        const glm::quat rn = math::slerpShortest(a, -b, t);
        EXPECT_NEAR(length4(rn), 1.f, 1e-6f);
        EXPECT_QUAT_EQUIV(rn, r, 1e-6f);
    }
    // Identical inputs give the input back.
    const glm::quat q = axisAngle({1, 1, 0}, 70.f);
    EXPECT_QUAT_EQUIV(math::slerpShortest(q, q, .4f), q, 1e-6f);
}

TEST(Rotation, SlerpResultIsUnitLength)
{
    const glm::quat qs[] = {glm::quat(1, 0, 0, 0), axisAngle({1, 0, 0}, 90.f), axisAngle({0, 1, 0}, 179.9f),
                            axisAngle({1, 2, 3}, 45.f), -axisAngle({3, -2, 1}, 120.f), axisAngle({0, 0, 1}, .001f)};
    for (const glm::quat& a : qs)
        for (const glm::quat& b : qs)
            for (int k = 0; k <= 10; ++k)
                EXPECT_NEAR(length4(math::slerpShortest(a, b, k / 10.f)), 1.f, 1e-6f);
}

TEST(Rotation, SafeNormalize)
{
    const glm::quat r = math::safeNormalize(glm::quat(0, 0, 0, 2));
    EXPECT_EQ(r, glm::quat(0, 0, 0, 1));
    const glm::quat s = math::safeNormalize(glm::quat(3, 4, 0, 0));
    EXPECT_NEAR(s.w, .6f, 1e-7f);
    EXPECT_NEAR(s.x, .8f, 1e-7f);
    // No usable length: the identity instead of NaN.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_EQ(math::safeNormalize(glm::quat(0, 0, 0, 0)), glm::quat(1, 0, 0, 0));
    EXPECT_EQ(math::safeNormalize(glm::quat(nan, 0, 0, 1)), glm::quat(1, 0, 0, 0));
    EXPECT_EQ(math::safeNormalize(glm::quat(1, inf, 0, 0)), glm::quat(1, 0, 0, 0));
}

TEST(Rotation, CanonicalHasNonNegativeW)
{
    const glm::quat q = axisAngle({0, 1, 0}, 30.f);
    EXPECT_EQ(math::canonical(q), q);
    EXPECT_EQ(math::canonical(-q), q);
}

namespace {

// Against slerp in double precision over the whole hemisphere, both branches
// (series for close keys, acos/sin for far ones): within float rounding.
TEST(Rotation, SlerpMatchesDoublePrecisionReference)
{
    std::uint32_t seed = 12345u;
    auto rnd = [&]() {
        seed = seed * 1664525u + 1013904223u;
        return static_cast<double>(seed >> 8) / static_cast<double>(1u << 24) * 2.0 - 1.0;
    };
    double worst = 0.0;
    for (int i = 0; i < 20000; ++i) {
        glm::dquat a(rnd(), rnd(), rnd(), rnd()), b(rnd(), rnd(), rnd(), rnd());
        a = glm::normalize(a);
        // Half the pairs close together, where the series is used.
        b = i % 2 ? glm::normalize(a + 0.3 * glm::normalize(b)) : glm::normalize(b);
        const double t = (rnd() + 1.0) * 0.5;
        double d = glm::dot(a, b);
        glm::dquat bb = d < 0 ? -b : b;
        d = std::fabs(d);
        const double angle = std::acos(std::min(d, 1.0));
        const glm::dquat expected = angle < 1e-9 ? a : (std::sin((1 - t) * angle) * a + std::sin(t * angle) * bb) / std::sin(angle);
        const glm::quat got = marrow::math::slerpShortest(glm::quat(a), glm::quat(b), static_cast<float>(t));
        for (int c = 0; c < 4; ++c)
            worst = std::max(worst, std::fabs(static_cast<double>(got[c]) - glm::normalize(expected)[c]));
    }
    EXPECT_LT(worst, 2e-6);
}

} // namespace
