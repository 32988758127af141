// SPDX-License-Identifier: MIT
// Rotation tangents in the graph (Qt-free): the Euler slopes drawn at a key
// are the drawn curve's own slope, and a handle's Euler slopes map back to a
// quaternion tangent that gives exactly them.
#include "core/anim/channel_sampling.h"
#include "core/math/euler.h"
#include "widgets/timeline/graph/rotation_slopes.h"

#include <gtest/gtest.h>

namespace marrow::test {
namespace {

using ui::graph::eulerSlopes;
using ui::graph::quatTangent;

TEST(GraphRotationSlopes, EulerSlopesRoundTripThroughTheQuaternionTangent)
{
    for (const glm::vec3 angles : {glm::vec3(10, 20, 30), glm::vec3(-120, 45, 170), glm::vec3(0, -80, 5)}) {
        const glm::quat q = math::eulerXyzDegreesToQuat(angles);
        for (const glm::quat key : {q, -q}) {  // either hemisphere
            const glm::dvec3 slopes(35.0, -12.5, 90.0);
            const glm::quat m = quatTangent(key, glm::dvec3(angles), slopes);
            const glm::dvec3 back = eulerSlopes(key, glm::dvec3(angles), m);
            for (int c = 0; c < 3; ++c)
                EXPECT_NEAR(back[c], slopes[c], 1e-3) << "angles " << angles.x << "," << angles.y << "," << angles.z;
        }
    }
}

TEST(GraphRotationSlopes, MatchTheDrawnCurvesSlopeAtTheKey)
{
    // A cubic rotation segment leaving key 0 with a hand-set tangent.
    anim::QuatChannel c;
    c.times = {0.f, 1.f};
    const glm::vec3 angles(30, -20, 60);
    c.values = {math::eulerXyzDegreesToQuat(angles), math::eulerXyzDegreesToQuat(glm::vec3(90, 10, 0))};
    c.interpolations.assign(2, anim::Interpolation::CubicSpline);
    c.outTangents = {glm::quat(0.2f, -0.3f, 0.4f, 0.1f), glm::quat(0, 0, 0, 0)};
    c.inTangents = {glm::quat(0, 0, 0, 0), glm::quat(0, 0, 0, 0)};
    const glm::dvec3 predicted = eulerSlopes(c.values[0], glm::dvec3(angles), c.outTangents[0]);
    // The curve as playback samples it, differentiated over a short step.
    const double h = 1e-3;
    std::uint32_t cursor = 0;
    const glm::vec3 e1 = math::quatToEulerXyzDegreesNear(anim::sampleChannel(c, h, cursor), angles);
    for (int k = 0; k < 3; ++k)
        EXPECT_NEAR((e1[k] - angles[k]) / h, predicted[k], 0.02 * std::abs(predicted[k]) + 0.5) << "component " << k;
    EXPECT_GT(glm::length(predicted), 1.0) << "a real slope, not zero";
}

} // namespace
} // namespace marrow::test
