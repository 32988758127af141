// SPDX-License-Identifier: MIT
// Switching a track's rotation mode keeps its pose at every key, never
// jumps a curve by a turn, and samples the Euler keys as playback does.
#include "rotation_angle.h"
#include "core/anim/channel_sampling.h"
#include "core/anim/key_ops.h"
#include "core/anim/sample_clip_job.h"
#include "core/anim/track_rotation_mode.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <numbers>

using namespace marrow;
using anim::RotationMode;

namespace {

const RotationMode kOrders[] = {RotationMode::EulerXYZ, RotationMode::EulerXZY, RotationMode::EulerYXZ,
                                RotationMode::EulerYZX, RotationMode::EulerZXY, RotationMode::EulerZYX};

// A joint spinning more than a full turn about a tilted axis, with a wobble,
// cubic keys and a jump (two keys at one time) halfway.
anim::JointTrack spinningTrack()
{
    anim::JointTrack t;
    t.joint = 0;
    const glm::vec3 axis = glm::normalize(glm::vec3(.3f, 1.f, .2f));
    for (int k = 0; k <= 16; ++k) {
        const float time = static_cast<float>(k) / 8.f;
        const glm::quat q = glm::angleAxis(.45f * static_cast<float>(k), axis) *
                            glm::angleAxis(.3f * std::sin(static_cast<float>(k)), glm::vec3(1.f, 0.f, 0.f));
        anim::insertKey(t.rotation, time, q, k < 8 ? anim::Interpolation::Linear : anim::Interpolation::CubicSpline);
    }
    // The jump: a second key at t = 1 with another rotation.
    t.rotation.times.insert(t.rotation.times.begin() + 9, 1.f);
    t.rotation.values.insert(t.rotation.values.begin() + 9, glm::angleAxis(.7f, glm::vec3(0.f, 0.f, 1.f)));
    t.rotation.interpolations.insert(t.rotation.interpolations.begin() + 9, anim::Interpolation::CubicSpline);
    t.rotation.inTangents.insert(t.rotation.inTangents.begin() + 9, glm::quat(0.f, 0.f, 0.f, 0.f));
    t.rotation.outTangents.insert(t.rotation.outTangents.begin() + 9, glm::quat(0.f, 0.f, 0.f, 0.f));
    if (!t.rotation.tangentModes.empty())
        t.rotation.tangentModes.insert(t.rotation.tangentModes.begin() + 9, anim::TangentMode::Free);
    EXPECT_FALSE(t.rotation.validate());
    return t;
}

// The track's rotation at each of its keys, as playback samples it (the later key at a jump).
std::vector<glm::quat> keyPoses(const anim::JointTrack& t)
{
    anim::Clip clip;
    clip.tracks = {t};
    clip.updateDuration();
    std::vector<glm::quat> out;
    const std::vector<float>& times = anim::isEuler(t.rotationMode) ? t.euler.times : t.rotation.times;
    for (std::size_t k = 0; k < times.size(); ++k) {
        std::vector<math::Transform> rest(1), pose(1);
        anim::SampleClipJob job;
        job.clip = &clip;
        job.time = times[k];
        job.rest = rest;
        job.output = pose;
        EXPECT_TRUE(job.run());
        out.push_back(pose[0].rotation);
    }
    return out;
}

} // namespace

TEST(TrackRotationMode, EveryKeyKeepsItsPoseInEveryOrderAndBack)
{
    const anim::JointTrack original = spinningTrack();
    const auto before = keyPoses(original);
    for (const RotationMode order : kOrders) {
        anim::JointTrack t = original;
        anim::convertRotationMode(t, order);
        EXPECT_EQ(t.rotationMode, order);
        EXPECT_TRUE(t.rotation.empty());
        ASSERT_EQ(t.euler.size(), original.rotation.size());
        EXPECT_EQ(t.euler.times, original.rotation.times);
        EXPECT_EQ(t.euler.interpolations, original.rotation.interpolations);
        EXPECT_FALSE(t.euler.validate());
        const auto euler = keyPoses(t);
        for (std::size_t k = 0; k < before.size(); ++k)
            EXPECT_LT(test::rotationAngle(euler[k], before[k]), 2e-5f) << anim::rotationModeName(order) << " key " << k;
        // Consecutive keys (the jump aside) never differ by a turn on any axis.
        for (std::size_t k = 1; k < t.euler.size(); ++k) {
            if (t.euler.times[k] == t.euler.times[k - 1])
                continue;
            const glm::vec3 step = t.euler.values[k] - t.euler.values[k - 1];
            for (int c = 0; c < 3; ++c)
                EXPECT_LT(std::abs(step[c]), std::numbers::pi_v<float>) << anim::rotationModeName(order) << " key " << k;
        }
        anim::convertRotationMode(t, RotationMode::Quaternion);
        EXPECT_TRUE(t.euler.empty());
        const auto back = keyPoses(t);
        for (std::size_t k = 0; k < before.size(); ++k)
            EXPECT_LT(test::rotationAngle(back[k], before[k]), 2e-5f) << "back from " << anim::rotationModeName(order);
    }
}

TEST(TrackRotationMode, ASpinPastAHalfTurnKeepsCountingInsteadOfWrapping)
{
    anim::JointTrack t;
    for (int k = 0; k <= 10; ++k)
        anim::insertKey(t.rotation, static_cast<float>(k), glm::angleAxis(.5f * static_cast<float>(k), glm::vec3(0, 0, 1)),
                        anim::Interpolation::Linear);
    anim::convertRotationMode(t, RotationMode::EulerXYZ);
    ASSERT_EQ(t.euler.size(), 11u);
    EXPECT_NEAR(t.euler.values.back().z, 5.f, 1e-4f) << "5 radians, not 5 - 2 pi";
}

TEST(TrackRotationMode, CubicTangentsFollowTheirModesInTheNewForm)
{
    anim::JointTrack t = spinningTrack();
    anim::convertRotationMode(t, RotationMode::EulerZXY);
    ASSERT_EQ(t.euler.inTangents.size(), t.euler.size()) << "cubic keys keep tangents";
    ASSERT_EQ(t.euler.tangentModes.size(), t.euler.size());
    for (anim::TangentMode m : t.euler.tangentModes)
        EXPECT_NE(m, anim::TangentMode::Free) << "a quaternion slope has no Euler counterpart: auto";
}

TEST(TrackRotationMode, SamplingAnEulerTrackTurnsItsAnglesInItsOrder)
{
    anim::JointTrack t;
    t.rotationMode = RotationMode::EulerZYX;
    anim::insertKey(t.euler, 0.f, glm::vec3(0.f), anim::Interpolation::Linear);
    anim::insertKey(t.euler, 1.f, glm::vec3(.4f, -.8f, 1.2f), anim::Interpolation::Linear);
    anim::Clip clip;
    clip.tracks = {t};
    clip.updateDuration();
    EXPECT_FLOAT_EQ(clip.duration, 1.f);
    EXPECT_EQ(t.mask(), anim::kRotationBit);
    std::vector<math::Transform> rest(1), pose(1);
    anim::SampleClipJob job;
    job.clip = &clip;
    job.time = .5;
    job.rest = rest;
    job.output = pose;
    ASSERT_TRUE(job.run());
    // Each angle moves on its own: halfway is half of each angle.
    EXPECT_LT(test::rotationAngle(pose[0].rotation, anim::eulerToQuat(glm::vec3(.2f, -.4f, .6f), RotationMode::EulerZYX)), 1e-6f);
}

TEST(TrackRotationMode, AClipRefusesRotationKeysOutsideItsMode)
{
    anim::Clip clip;
    anim::JointTrack t;
    t.rotationMode = RotationMode::EulerXYZ;
    anim::insertKey(t.rotation, 0.f, glm::quat(1.f, 0.f, 0.f, 0.f), anim::Interpolation::Linear);
    clip.tracks = {t};
    EXPECT_TRUE(clip.validate(1).has_value());
    clip.tracks[0].rotationMode = RotationMode::Quaternion;
    EXPECT_FALSE(clip.validate(1).has_value());
}
