// SPDX-License-Identifier: MIT
// Root motion blended as velocity (issue 21): with Match root, a crossfade
// from a 1 m/s walk into a 3 m/s run moves the root at the blended speed
// (1 - w) 1 + w 3, never faster than the run (lerping positions lunged);
// position and speed are continuous at the exit and at the blend's end,
// after which the run's own motion continues; the root joint's blend-profile
// scale stretches the velocity blend with it; heights still blend.
#include "core/anim/transition_pose.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow;

namespace {

anim::Skeleton hipsAndFootRig()
{
    anim::Skeleton s;
    s.names = {"hips", "foot"};
    s.parents = {anim::kNoParent, 0};
    s.rest.resize(2);
    s.rest[0].translation = {0.f, 1.f, 0.f};
    s.rest[1].translation = {0.f, -1.f, 0.f};
    return s;
}

// The hips travel along +Z at `speed` for 4 s from `startZ`, at `height`.
anim::Clip travellingClip(float speed, float startZ, float height)
{
    anim::Clip clip;
    anim::JointTrack hips;
    hips.joint = 0;
    for (int k = 0; k <= 40; ++k) {
        const float t = 0.1f * static_cast<float>(k);
        hips.translation.times.push_back(t);
        hips.translation.values.push_back({0.f, height, startZ + speed * t});
    }
    clip.tracks.push_back(hips);
    clip.updateDuration();
    return clip;
}

struct Fixture {
    anim::Skeleton skeleton = hipsAndFootRig();
    anim::Clip walk = travellingClip(1.f, 0.f, 1.f), run = travellingClip(3.f, 5.f, 0.8f);
    anim::TransitionTiming timing;
    Fixture()
    {
        timing.lengthA = walk.duration;
        timing.lengthB = run.duration;
        timing.exit = 1.0;
        timing.offset = 0.5;
        timing.duration = 0.5;
        timing.curve = {anim::BlendCurveKind::Linear};
    }
    glm::vec3 hips(anim::TransitionPoser& poser, double t) const
    {
        std::vector<math::Transform> pose(skeleton.size());
        EXPECT_TRUE(poser.pose(t, pose));
        return pose[0].translation;
    }
};

} // namespace

TEST(RootVelocityBlend, TheRootTravelsAtTheBlendedSpeedWithoutALunge)
{
    Fixture f;
    anim::TransitionPoser poser(f.skeleton, f.walk, f.run, f.timing, {}, true);
    const double e = f.timing.exit, d = f.timing.duration;
    const float start = f.hips(poser, e).z;
    EXPECT_NEAR(start, 1.f, 1e-5f) << "the walk's root at the exit";
    constexpr double dt = 1.0 / 120.0;
    for (double u = dt; u <= d + 1e-9; u += dt) {
        // Linear weight w = u / D: z = start + u + u^2 / D (integral of 1 + 2 s / D).
        const float z = f.hips(poser, e + u).z;
        EXPECT_NEAR(z, start + u + u * u / d, 2e-4) << "u = " << u;
        const double speed = (z - f.hips(poser, e + u - dt).z) / dt;
        EXPECT_GE(speed, 1.0 - 0.01) << "u = " << u;
        EXPECT_LE(speed, 3.0 + 0.01) << "u = " << u;
    }
    // After the blend the run's own motion carries on from where it left off.
    const float end = f.hips(poser, e + d).z;
    for (double later : {0.25, 1.0, 2.0})
        EXPECT_NEAR(f.hips(poser, e + d + later).z, end + 3.0 * later, 1e-4) << later << " s after the blend";
}

TEST(RootVelocityBlend, PositionAndSpeedAreContinuousAtTheExitAndTheEnd)
{
    Fixture f;
    f.timing.curve = {anim::BlendCurveKind::Smoothstep};
    anim::TransitionPoser poser(f.skeleton, f.walk, f.run, f.timing, {}, true);
    constexpr double h = 1e-3;
    for (const double at : {f.timing.exit, f.timing.exit + f.timing.duration}) {
        const float before = f.hips(poser, at - h).z, here = f.hips(poser, at).z, after = f.hips(poser, at + h).z;
        const double speedBefore = (here - before) / h, speedAfter = (after - here) / h;
        EXPECT_NEAR(speedBefore, speedAfter, 0.02) << "at " << at;
        EXPECT_LT(std::abs(after - before), 2.0 * h * 3.1) << "no jump at " << at << " (at most the run's speed)";
    }
    // Heights still blend as poses do: the walk's 1 into the run's 0.8.
    EXPECT_NEAR(f.hips(poser, f.timing.exit + f.timing.duration / 2).y, .9f, 1e-5f);
}

TEST(RootVelocityBlend, TheRootsProfileScaleStretchesTheVelocityBlend)
{
    Fixture f;
    anim::TransitionPoser poser(f.skeleton, f.walk, f.run, f.timing, {2.f, 1.f}, true);
    const double e = f.timing.exit, span = 2.0 * f.timing.duration;
    const float start = f.hips(poser, e).z;
    for (double u : {0.25, 0.5, 0.75, 1.0})
        EXPECT_NEAR(f.hips(poser, e + u).z, start + u + u * u / span, 2e-4) << "u = " << u;
}

TEST(RootVelocityBlend, WithoutMatchRootPositionsStillLerp)
{
    Fixture f;
    anim::TransitionPoser poser(f.skeleton, f.walk, f.run, f.timing, {}, false);
    // Lerp of the walk at t and the run at o + u, as before issue 21.
    const double u = 0.25, w = u / f.timing.duration;
    const double walk = 1.0 * (f.timing.exit + u), run = 5.0 + 3.0 * (f.timing.offset + u);
    EXPECT_NEAR(f.hips(poser, f.timing.exit + u).z, (1.0 - w) * walk + w * run, 1e-4);
}
