// SPDX-License-Identifier: MIT
// An Euler channel written as quaternions (glTF): exact at keys, within the
// tolerance everywhere between, holds and jumps kept.
#include "rotation_angle.h"
#include "core/anim/channel_sampling.h"
#include "core/anim/euler_to_quaternion_channel.h"
#include "core/anim/key_ops.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

using namespace marrow;
using anim::RotationMode;

namespace {

// Big independent swings per axis, cubic: far from any slerp between keys.
anim::Vec3Channel swinging()
{
    anim::Vec3Channel c;
    for (int k = 0; k <= 6; ++k) {
        const float t = static_cast<float>(k) * .4f;
        anim::insertKey(c, t, glm::vec3(1.4f * std::sin(t * 2.f), .9f * std::cos(t * 3.f), 2.f * t),
                        k == 4 ? anim::Interpolation::Step : anim::Interpolation::CubicSpline);
    }
    return c;
}

} // namespace

TEST(EulerToQuaternionChannel, FollowsTheEulerCurveWithinTheToleranceBetweenKeys)
{
    const anim::Vec3Channel euler = swinging();
    const RotationMode order = RotationMode::EulerYZX;
    const anim::QuatChannel q = anim::quaternionChannelOf(euler, order, 1e-5);
    EXPECT_FALSE(q.validate());
    EXPECT_GT(q.size(), euler.size()) << "slerp alone strays: keys were added";
    EXPECT_LT(q.size(), euler.size() * 200) << "and not without bound";
    std::uint32_t ce = 0, cq = 0;
    double worst = 0.0;
    for (int i = 0; i <= 4000; ++i) {
        const double t = 2.4 * i / 4000.0;
        const glm::quat want = anim::eulerToQuat(anim::sampleChannel(euler, t, ce), order);
        worst = std::max(worst, test::rotationAngle(anim::sampleChannel(q, t, cq), want));
    }
    // The tolerance, plus float rounding of the sampled quaternions.
    EXPECT_LT(worst, 3e-5);
}

TEST(EulerToQuaternionChannel, ExactAtKeysAndAStepStaysAHold)
{
    const anim::Vec3Channel euler = swinging();
    const anim::QuatChannel q = anim::quaternionChannelOf(euler, RotationMode::EulerXYZ);
    for (std::size_t k = 0; k < euler.size(); ++k) {
        const auto at = std::find(q.times.begin(), q.times.end(), euler.times[k]);
        ASSERT_NE(at, q.times.end()) << "key " << k << " kept";
        const auto i = static_cast<std::size_t>(at - q.times.begin());
        EXPECT_LT(test::rotationAngle(q.values[i], anim::eulerToQuat(euler.values[k], RotationMode::EulerXYZ)), 1e-6);
        if (k == 4) {
            EXPECT_EQ(q.segment(i), anim::Interpolation::Step);
            EXPECT_EQ(q.times[i + 1], euler.times[5]) << "nothing added inside a hold";
        }
    }
}

TEST(EulerToQuaternionChannel, LinearAboutOneAxisNeedsNoExtraKeys)
{
    // One angle moving alone is a slerp already (under a half turn per segment).
    anim::Vec3Channel euler;
    anim::insertKey(euler, 0.f, glm::vec3(.2f, 0.f, 0.f), anim::Interpolation::Linear);
    anim::insertKey(euler, 1.f, glm::vec3(1.9f, 0.f, 0.f), anim::Interpolation::Linear);
    EXPECT_EQ(anim::quaternionChannelOf(euler, RotationMode::EulerXYZ).size(), 2u);
}
