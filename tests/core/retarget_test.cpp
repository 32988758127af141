// SPDX-License-Identifier: MIT
// Retargeting (issue 40): a clip onto its own skeleton comes back; onto a
// copy whose arms rest in a T where the source's rest in an A, every mapped
// bone points where the source's points (within 0.5 degree) at every frame;
// onto longer legs the hips travel further by the legs' ratio; bad input is
// refused with a reason.
#include "pose_worlds.h"
#include "core/anim/key_ops.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/retarget.h"

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include <cmath>

using namespace marrow;
using anim::JointIndex;

namespace {

struct JointSpec {
    const char* name;
    const char* parent;
    glm::vec3 offset;
};

// A Mixamo-named humanoid in a T-pose, metres; `legs` scales the legs' bones.
anim::Skeleton humanoid(float legs = 1.f)
{
    const JointSpec spec[] = {
        {"Hips", "", {0, 1, 0}},          {"Spine", "Hips", {0, .1f, 0}},      {"Spine1", "Spine", {0, .15f, 0}},
        {"Neck", "Spine1", {0, .2f, 0}},  {"Head", "Neck", {0, .1f, 0}},       {"HeadTop_End", "Head", {0, .15f, 0}},
        {"LeftShoulder", "Spine1", {.05f, .15f, 0}}, {"LeftArm", "LeftShoulder", {.1f, 0, 0}},
        {"LeftForeArm", "LeftArm", {.25f, 0, 0}},    {"LeftHand", "LeftForeArm", {.25f, 0, 0}},
        {"LeftHandMiddle1", "LeftHand", {.08f, 0, 0}},
        {"RightShoulder", "Spine1", {-.05f, .15f, 0}}, {"RightArm", "RightShoulder", {-.1f, 0, 0}},
        {"RightForeArm", "RightArm", {-.25f, 0, 0}},   {"RightHand", "RightForeArm", {-.25f, 0, 0}},
        {"RightHandMiddle1", "RightHand", {-.08f, 0, 0}},
        {"LeftUpLeg", "Hips", {.1f, -.05f, 0}},   {"LeftLeg", "LeftUpLeg", {0, -.45f * legs, 0}},
        {"LeftFoot", "LeftLeg", {0, -.45f * legs, 0}}, {"LeftToeBase", "LeftFoot", {0, -.05f, .1f}},
        {"RightUpLeg", "Hips", {-.1f, -.05f, 0}}, {"RightLeg", "RightUpLeg", {0, -.45f * legs, 0}},
        {"RightFoot", "RightLeg", {0, -.45f * legs, 0}}, {"RightToeBase", "RightFoot", {0, -.05f, .1f}},
    };
    anim::Skeleton s;
    for (const JointSpec& j : spec) {
        s.names.emplace_back(j.name);
        s.parents.push_back(std::string(j.parent).empty() ? anim::kNoParent : *s.find(j.parent));
        math::Transform t;
        t.translation = j.offset;
        s.rest.push_back(t);
    }
    return s;
}

// The same humanoid with its arms resting 45 degrees down (an A-pose made
// by turning the upper arms' rest, as Apply Pose as Rest does).
anim::Skeleton aPose()
{
    anim::Skeleton s = humanoid();
    s.rest[static_cast<std::size_t>(*s.find("LeftArm"))].rotation = glm::angleAxis(glm::radians(-45.f), glm::vec3(0, 0, 1));
    s.rest[static_cast<std::size_t>(*s.find("RightArm"))].rotation = glm::angleAxis(glm::radians(45.f), glm::vec3(0, 0, 1));
    return s;
}

// A walk-ish clip on `s`: the hips travel and bob and turn; spine, arms and legs swing (about their rest).
anim::Clip motion(const anim::Skeleton& s)
{
    anim::Clip clip;
    clip.name = "walk";
    const auto track = [&](const char* name) -> anim::JointTrack& {
        anim::JointTrack t;
        t.joint = *s.find(name);
        clip.tracks.push_back(t);
        return clip.tracks.back();
    };
    const auto swing = [&](const char* name, glm::vec3 axis, float degrees) {
        anim::JointTrack& t = track(name);
        const glm::quat rest = s.rest[static_cast<std::size_t>(t.joint)].rotation;
        for (int k = 0; k <= 4; ++k) {
            const float a = glm::radians(degrees) * std::sin(static_cast<float>(k) * 1.3f);
            anim::insertKey(t.rotation, k * 0.25f, rest * glm::angleAxis(a, glm::normalize(axis)), anim::Interpolation::Linear);
        }
    };
    anim::JointTrack& hips = track("Hips");
    for (int k = 0; k <= 4; ++k) {
        const float u = static_cast<float>(k) * 0.25f;
        anim::insertKey(hips.translation, u, glm::vec3(0.02f * std::sin(7.f * u), 1.f - 0.03f * std::cos(9.f * u), 0.8f * u),
                        anim::Interpolation::Linear);
        anim::insertKey(hips.rotation, u, glm::angleAxis(0.2f * std::sin(5.f * u), glm::vec3(0, 1, 0)), anim::Interpolation::Linear);
    }
    swing("Spine", {0, 1, 0.2f}, 10.f);
    swing("LeftArm", {0, 0.3f, 1}, 30.f);
    swing("LeftForeArm", {0, 1, 0}, 40.f);
    swing("RightArm", {0, 0.3f, 1}, -25.f);
    swing("LeftUpLeg", {1, 0, 0.1f}, 35.f);
    swing("LeftLeg", {1, 0, 0}, 50.f);
    swing("RightUpLeg", {1, 0, -0.1f}, -35.f);
    swing("Head", {0, 1, 0}, 20.f);
    clip.updateDuration();
    return clip;
}

model::Retargeted retarget(const anim::Skeleton& from, const anim::Clip& clip, const anim::Skeleton& to,
                           model::ChainOptions::Follow follow = model::ChainOptions::Follow::World)
{
    std::string error;
    model::RetargetInput input{&from, &clip, &to, model::proposeBoneMap(from, to), 30.0, {}};
    for (model::ChainOptions& c : input.options.chains)
        c.follow = follow;
    const auto r = model::retargetClip(input, error);
    EXPECT_TRUE(r) << error;
    return r.value_or(model::Retargeted{});
}

} // namespace

// At the source's keys: the carried clip is keyed where the source is and
// nowhere else, and onto the same skeleton gives those poses back.
TEST(Retarget, AtTheSourcesKeysTheClipKeepsItsKeyTimes)
{
    const anim::Skeleton s = humanoid();
    anim::Clip clip = motion(s);
    std::vector<float> want;
    for (const anim::JointTrack& t : clip.tracks)
        for (const auto* times : {&t.translation.times, &t.rotation.times, &t.scale.times})
            want.insert(want.end(), times->begin(), times->end());
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    model::RetargetInput input{&s, &clip, &s, model::proposeBoneMap(s, s), 30.0, {}};
    input.options.atSourceKeys = true;
    std::string error;
    const auto r = model::retargetClip(input, error);
    ASSERT_TRUE(r) << error;
    ASSERT_FALSE(r->clip.tracks.empty());
    for (const anim::JointTrack& t : r->clip.tracks) {
        ASSERT_EQ(t.rotation.times.size(), want.size());
        for (std::size_t k = 0; k < want.size(); ++k)
            EXPECT_NEAR(t.rotation.times[k], want[k], 1e-6f);
    }
    for (const float time : want) {
        const std::vector<glm::vec3> a = test::jointPositionsAt(s, clip, time), b = test::jointPositionsAt(s, r->clip, time);
        for (std::size_t j = 0; j < s.size(); ++j)
            EXPECT_LT(glm::length(a[j] - b[j]), 1e-5f) << s.names[j] << " at " << time;
    }
    EXPECT_NE(want.size(), static_cast<std::size_t>(clip.duration * 30.f) + 1) << "sparser than every frame";
}

class RetargetOntoItself : public testing::TestWithParam<model::ChainOptions::Follow> {};
INSTANTIATE_TEST_SUITE_P(Retarget, RetargetOntoItself,
                         testing::Values(model::ChainOptions::Follow::World, model::ChainOptions::Follow::Local));

// Either way a chain follows (its world direction or its local turn), a
// clip carried onto its own skeleton comes back.
TEST_P(RetargetOntoItself, TheClipComesBack)
{
    const anim::Skeleton s = humanoid();
    const anim::Clip clip = motion(s);
    const model::Retargeted r = retarget(s, clip, s, GetParam());
    EXPECT_FLOAT_EQ(r.legRatio, 1.f);
    for (int f = 0; f <= 30; ++f) {
        const std::vector<glm::vec3> want = test::jointPositionsAt(s, clip, f / 30.0), got = test::jointPositionsAt(s, r.clip, f / 30.0);
        for (std::size_t j = 0; j < s.size(); ++j)
            EXPECT_LT(glm::length(got[j] - want[j]), 1e-6f * std::max(1.f, glm::length(want[j]))) << s.names[j] << " frame " << f;
    }
}

TEST(Retarget, AnAPoseDrivesATPoseWithTheBonesPointingAlike)
{
    const anim::Skeleton source = aPose(), target = humanoid();
    const anim::Clip clip = motion(source);
    const model::Retargeted r = retarget(source, clip, target);
    const model::BoneMap map = model::proposeBoneMap(source, target);
    double worst = 0.0;
    for (int f = 0; f <= 30; ++f) {
        const std::vector<glm::vec3> s = test::jointPositionsAt(source, clip, f / 30.0), t = test::jointPositionsAt(target, r.clip, f / 30.0);
        for (const model::BoneMap::Pair& p : map.pairs)
            for (std::size_t c = 0; c < target.size(); ++c) {
                if (target.parents[c] != p.target)
                    continue;  // each bone: joint to child, where the child is mapped too
                const std::optional<JointIndex> sc = map.sourceOf(static_cast<JointIndex>(c));
                if (!sc)
                    continue;
                const glm::vec3 a = glm::normalize(s[static_cast<std::size_t>(*sc)] - s[static_cast<std::size_t>(p.source)]);
                const glm::vec3 b = glm::normalize(t[c] - t[static_cast<std::size_t>(p.target)]);
                worst = std::max(worst, glm::degrees(std::acos(std::clamp(static_cast<double>(glm::dot(a, b)), -1.0, 1.0))));
            }
    }
    EXPECT_LT(worst, 0.5) << "degrees between a source bone and its target at the worst frame";
    // The arms really differ at rest: the test would see a copied local rotation.
    EXPECT_GT(glm::angle(source.rest[static_cast<std::size_t>(*source.find("LeftArm"))].rotation), 0.7f);
}

TEST(Retarget, LongerLegsCarryTheHipsFurther)
{
    const anim::Skeleton source = humanoid(), target = humanoid(1.5f);
    const anim::Clip clip = motion(source);
    const model::Retargeted r = retarget(source, clip, target);
    const float expected = glm::length(glm::vec3(0.1f, -0.05f - 1.35f, 0.f) - glm::vec3(0.1f, -0.05f, 0.f)) /
                           glm::length(glm::vec3(0.1f, -0.05f - 0.9f, 0.f) - glm::vec3(0.1f, -0.05f, 0.f));
    EXPECT_NEAR(r.legRatio, expected, 1e-5f);
    const JointIndex hips = *source.find("Hips");
    const glm::vec3 s0 = test::jointPositionsAt(source, clip, 0.0)[static_cast<std::size_t>(hips)];
    const glm::vec3 t0 = test::jointPositionsAt(target, r.clip, 0.0)[static_cast<std::size_t>(hips)];
    for (int f = 1; f <= 30; ++f) {
        const glm::vec3 s = test::jointPositionsAt(source, clip, f / 30.0)[static_cast<std::size_t>(hips)] - s0;
        const glm::vec3 t = test::jointPositionsAt(target, r.clip, f / 30.0)[static_cast<std::size_t>(hips)] - t0;
        // Along the ground by the stride (retarget_stride.h), up by the legs.
        const glm::vec3 expectedPath(s.x * r.strideRatio, s.y * r.legRatio, s.z * r.strideRatio);
        EXPECT_LT(glm::length(t - expectedPath), 1e-5f) << "frame " << f;
    }
    // Legs built alike, only longer: the stride is the legs' ratio but for the hips' width (not scaled).
    EXPECT_NEAR(r.strideRatio / r.legRatio, 1.f, 0.05f);
    EXPECT_NE(r.strideRatio, r.legRatio);
}

TEST(Retarget, RefusesWhatItCannotCarry)
{
    const anim::Skeleton s = humanoid();
    const anim::Clip clip = motion(s);
    std::string error;
    model::BoneMap bad;
    bad.pairs.push_back({0, 99});
    EXPECT_FALSE(model::retargetClip({&s, &clip, &s, bad, 30.0, {}}, error));
    EXPECT_NE(error.find("99"), std::string::npos) << error;
    EXPECT_FALSE(model::retargetClip({&s, &clip, &s, {}, 0.0, {}}, error));
    EXPECT_NE(error.find("frame rate"), std::string::npos) << error;
    EXPECT_FALSE(model::retargetClip({&s, nullptr, &s, {}, 30.0, {}}, error));
}
