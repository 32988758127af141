// SPDX-License-Identifier: MIT
// Inertialization's quintic: starts at the offset's value and velocity,
// ends at zero with zero velocity and acceleration, never overshoots; the
// per-joint offsets give the source pose at the switch and the target pose
// after the blend.
#include "core/anim/inertialization.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;
using anim::InertialDecay;

namespace {

double acceleration(const InertialDecay& d, double t)
{
    const double h = 1e-5;
    return (d.velocity(t + h) - d.velocity(t - h)) / (2 * h);
}

} // namespace

TEST(InertialDecay, MatchesTheStartAndEndsFlatAtZero)
{
    const InertialDecay d = InertialDecay::make(2.0, -1.0, 1.0);
    EXPECT_NEAR(d.value(0.0), 2.0, 1e-12);
    EXPECT_NEAR(d.velocity(0.0), -1.0, 1e-12);
    const double end = d.t1 - 1e-6;
    EXPECT_NEAR(d.value(end), 0.0, 1e-9);
    EXPECT_NEAR(d.velocity(end), 0.0, 1e-5);
    EXPECT_NEAR(acceleration(d, end - 1e-4), 0.0, 1e-2);
    EXPECT_EQ(d.value(1.0), 0.0);
    EXPECT_EQ(d.value(5.0), 0.0);
}

TEST(InertialDecay, AStepNeverCrossesZero)
{
    for (const auto& [x0, v0] : {std::pair{1.0, 0.0}, {1.0, 3.0}, {1.0, -40.0}, {-0.5, 0.0}, {-0.5, 2.0}}) {
        const InertialDecay d = InertialDecay::make(x0, v0, 0.5);
        double last = std::abs(d.value(0.0));
        for (int i = 1; i <= 500; ++i) {
            const double v = d.value(0.5 * i / 500.0);
            EXPECT_GE(v * (x0 > 0 ? 1 : -1), -1e-12) << x0 << " " << v0 << " at " << i;  // same side of zero
            if (v0 == 0.0) {
                EXPECT_LE(std::abs(v), last + 1e-12) << "monotone for a step";
                last = std::abs(v);
            }
        }
    }
    // A fast approach ends early rather than overshooting.
    EXPECT_LT(InertialDecay::make(1.0, -40.0, 0.5).t1, 0.5);
}

TEST(InertialOffsets, SourceAtTheSwitchTargetAfterTheBlend)
{
    const std::vector<math::Transform> source{test::trs({1, 2, 0}, test::axisAngle({0, 0, 1}, 40.f), {1.5f, 1, 1})};
    // A frame earlier it was further out: at the switch it moves towards the
    // target, and keeps that velocity (issue 37: no pop at the switch).
    const std::vector<math::Transform> before{test::trs({1.1f, 2.2f, 0}, test::axisAngle({0, 0, 1}, 44.f), {1.6f, 1, 1})};
    const std::vector<math::Transform> target{test::trs({0, 0, 0}, test::axisAngle({0, 0, 1}, -10.f))};
    const double dt = 1.0 / 30.0, duration = 0.4;
    const anim::InertialOffsets offsets(source, before, target, dt, duration);
    std::vector<math::Transform> out(1);
    offsets.apply(0.0, target, out);
    EXPECT_VEC3_NEAR(out[0].translation, source[0].translation, 1e-5f);
    EXPECT_QUAT_EQUIV(out[0].rotation, source[0].rotation, 1e-5f);
    EXPECT_VEC3_NEAR(out[0].scale, source[0].scale, 1e-5f);
    // Velocity at the switch: the source's (it moved along its offset here).
    std::vector<math::Transform> next(1);
    const double h = 1e-4;
    offsets.apply(h, target, next);
    const glm::vec3 velocity = (next[0].translation - out[0].translation) / static_cast<float>(h);
    const glm::vec3 sourceVelocity = (source[0].translation - before[0].translation) / static_cast<float>(dt);
    EXPECT_VEC3_NEAR(velocity, sourceVelocity, 1e-2f);  // a finite difference over h
    const float spin = glm::degrees(glm::angle(glm::inverse(out[0].rotation) * next[0].rotation)) / static_cast<float>(h);
    EXPECT_NEAR(spin, 4.f / static_cast<float>(dt), 0.5f);  // 4 degrees a frame, towards the target
    offsets.apply(duration, target, out);
    EXPECT_EQ(out[0], target[0]);
}
