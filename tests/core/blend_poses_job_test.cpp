// SPDX-License-Identifier: MIT
#include "core/anim/blend_poses_job.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <limits>
#include <vector>

using namespace marrow;
using marrow::test::axisAngle;
using marrow::test::trs;

namespace {
const math::Transform kSentinel = trs({-7, -7, -7}, glm::quat(0, 1, 0, 0), {9, 9, 9});

// One joint animated in both poses: a at the origin, b at (2,4,-6) with scale
// (3,1,1) and 90 degrees about Z stored negated (w < 0) to test the short arc.
struct Both {
    std::vector<math::Transform> a{trs({0, 0, 0})};
    std::vector<math::Transform> b{trs({2, 4, -6}, -axisAngle({0, 0, 1}, 90.f), {3, 1, 1})};
    std::vector<math::Transform> rest{trs({5, 5, 5})};
    std::vector<anim::ChannelMask> on{anim::kTranslationBit};
    std::vector<math::Transform> out{kSentinel};

    math::Transform blend(float w)
    {
        anim::BlendPosesJob job{a, b, rest, on, on, w, out, {}};
        EXPECT_TRUE(job.run());
        return out[0];
    }
};

void expectTransformNear(const math::Transform& got, const math::Transform& want, float tol)
{
    EXPECT_VEC3_NEAR(got.translation, want.translation, tol);
    EXPECT_VEC3_NEAR(got.scale, want.scale, tol);
    EXPECT_QUAT_EQUIV(got.rotation, want.rotation, tol);
}
} // namespace

TEST(JobValidity, BlendPosesJob)
{
    const std::vector<math::Transform> two(2), one(1);
    const std::vector<anim::ChannelMask> m2(2, 1), m1(1, 1);
    const std::vector<float> w3(3, .5f);
    std::vector<math::Transform> out(2, kSentinel);
    const anim::BlendPosesJob cases[] = {
        {one, two, two, m2, m2, .5f, out, {}},  // a short
        {two, one, two, m2, m2, .5f, out, {}},  // b short
        {two, two, one, m2, m2, .5f, out, {}},  // rest short
        {two, two, two, m1, m2, .5f, out, {}},  // aAnimated short
        {two, two, two, m2, m1, .5f, out, {}},  // bAnimated short
        {two, two, two, m2, m2, .5f, std::span(out).first(1), {}},  // output short
        {two, two, two, {}, {}, .5f, out, {}},  // masks missing
        {two, two, two, m2, m2, .5f, out, std::span(w3)},  // joint weights of the wrong count
    };
    for (const anim::BlendPosesJob& job : cases) {
        EXPECT_TRUE(job.validate());
        EXPECT_FALSE(job.run());
        EXPECT_EQ(out[0], kSentinel);
        EXPECT_EQ(out[1], kSentinel);
    }
    EXPECT_FALSE((anim::BlendPosesJob{two, two, two, m2, m2, .5f, out, {}}.validate()));
    EXPECT_TRUE((anim::BlendPosesJob{{}, {}, {}, {}, {}, .5f, {}, {}}.run()));
}

TEST(BlendPosesJob, WeightZeroGivesAAndOneGivesB)
{
    Both p;
    expectTransformNear(p.blend(0.f), p.a[0], 1e-6f);
    expectTransformNear(p.blend(1.f), p.b[0], 1e-6f);
}

TEST(BlendPosesJob, HalfLerpsTranslationScaleAndSlerpsRotationShortWay)
{
    Both p;
    const math::Transform h = p.blend(.5f);
    EXPECT_VEC3_NEAR(h.translation, glm::vec3(1, 2, -3), 1e-6f);
    EXPECT_VEC3_NEAR(h.scale, glm::vec3(2, 1, 1), 1e-6f);
    // 45 degrees about Z; the long way (glm::mix on -b) would be 135 about -Z.
    EXPECT_QUAT_EQUIV(h.rotation, glm::quat(0.92387953f, 0, 0, 0.38268343f), 1e-6f);
    // A quarter: 22.5 degrees.
    const float q = 11.25f * test::kPi / 180.f;
    EXPECT_QUAT_EQUIV(p.blend(.25f).rotation, glm::quat(std::cos(q), 0, 0, std::sin(q)), 1e-6f);
    EXPECT_VEC3_NEAR(p.blend(.25f).translation, glm::vec3(.5f, 1, -1.5f), 1e-6f);
}

TEST(BlendPosesJob, WeightIsClamped)
{
    Both p;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    expectTransformNear(p.blend(-1.f), p.a[0], 1e-6f);
    expectTransformNear(p.blend(-inf), p.a[0], 1e-6f);
    expectTransformNear(p.blend(nan), p.a[0], 1e-6f);
    expectTransformNear(p.blend(2.f), p.b[0], 1e-6f);
    expectTransformNear(p.blend(inf), p.b[0], 1e-6f);
    EXPECT_TRUE(math::isFinite(p.blend(nan)));
}

TEST(BlendPosesJob, JointsAnimatedInOnlyOneOrNeither)
{
    // Joint 0 only in a, joint 1 only in b, joint 2 in neither: the value is
    // taken whole, whatever the weight.
    const std::vector<math::Transform> a = {trs({1, 0, 0}, axisAngle({1, 0, 0}, 10.f), {2, 2, 2}), trs({9, 9, 9}), trs({8, 8, 8})};
    const std::vector<math::Transform> b = {trs({7, 7, 7}), trs({0, 1, 0}, axisAngle({0, 1, 0}, 20.f), {3, 1, 3}), trs({6, 6, 6})};
    const std::vector<math::Transform> rest = {trs({5, 5, 5}), trs({4, 4, 4}), trs({0, 0, 1}, axisAngle({0, 0, 1}, 30.f), {1, 2, 3})};
    const std::vector<anim::ChannelMask> inA = {anim::kRotationBit, 0, 0};
    const std::vector<anim::ChannelMask> inB = {0, anim::kScaleBit, 0};
    for (float w : {0.f, .25f, .5f, .75f, 1.f, -3.f, 5.f}) {
        std::vector<math::Transform> out(3, kSentinel);
        ASSERT_TRUE((anim::BlendPosesJob{a, b, rest, inA, inB, w, out, {}}.run()));
        EXPECT_EQ(out[0], a[0]) << "weight " << w;
        EXPECT_EQ(out[1], b[1]) << "weight " << w;
        EXPECT_EQ(out[2], rest[2]) << "weight " << w;
    }
}

TEST(BlendPosesJob, OutputMayAliasAOrB)
{
    const std::vector<math::Transform> a0 = {trs({0, 0, 0}), trs({1, 1, 1}, axisAngle({1, 0, 0}, 40.f)), trs({3, 0, 0})};
    const std::vector<math::Transform> b0 = {trs({4, 0, 0}, -axisAngle({0, 1, 0}, 60.f), {2, 2, 2}), trs({9, 9, 9}), trs({0, 3, 0})};
    const std::vector<math::Transform> rest(3);
    const std::vector<anim::ChannelMask> inA = {1, 1, 0}, inB = {1, 0, 1};
    std::vector<math::Transform> separate(3);
    ASSERT_TRUE((anim::BlendPosesJob{a0, b0, rest, inA, inB, .3f, separate, {}}.run()));
    EXPECT_VEC3_NEAR(separate[0].translation, glm::vec3(1.2f, 0, 0), 1e-6f);

    std::vector<math::Transform> a = a0;
    ASSERT_TRUE((anim::BlendPosesJob{a, b0, rest, inA, inB, .3f, a, {}}.run()));
    EXPECT_EQ(a, separate);

    std::vector<math::Transform> b = b0;
    ASSERT_TRUE((anim::BlendPosesJob{a0, b, rest, inA, inB, .3f, b, {}}.run()));
    EXPECT_EQ(b, separate);
}

TEST(BlendPosesJob, JointWeightsOverrideTheUniformWeightPerJoint)
{
    const std::vector<math::Transform> a{trs({0, 0, 0}), trs({0, 0, 0})};
    const std::vector<math::Transform> b{trs({2, 0, 0}), trs({0, 4, 0})};
    const std::vector<anim::ChannelMask> on(2, anim::kTranslationBit);
    const std::vector<float> profile{.25f, 2.f};  // the second clamps to 1
    std::vector<math::Transform> out(2, kSentinel);
    anim::BlendPosesJob job{a, b, a, on, on, .5f, out, profile};
    ASSERT_TRUE(job.run());
    EXPECT_VEC3_NEAR(out[0].translation, glm::vec3(.5f, 0, 0), 1e-6f);
    EXPECT_VEC3_NEAR(out[1].translation, glm::vec3(0, 4, 0), 1e-6f);
}
