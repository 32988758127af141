// SPDX-License-Identifier: MIT
// Foot contacts as a person sees them (issue 37): near the clip's ground and
// still over it. A generated gait (stance 15 frames, a smoothstep swing of
// 1.2 m, a 0.9 m leg, 30 fps) finds one contact per stance; a low swinging
// ankle, a foot hanging still in the air and a one-frame blip do not fool
// it; an in-place clip's treadmill is taken off; a slow slide is a contact
// whose travel is measured; the leg's length stops at the hip.
#include "core/anim/foot_contacts.h"

#include <gtest/gtest.h>

#include <glm/mat4x4.hpp>

#include <cmath>

using namespace marrow;

namespace {

constexpr double kFps = 30.0;
constexpr float kLeg = 0.9f;
constexpr int kStance = 15, kSwing = 15;
constexpr float kStride = 1.2f;

// Three cycles of stance then swing; `lift`: the swing's peak height;
// `inPlace`: the stance foot moves back at the treadmill's speed instead.
std::vector<glm::vec3> gait(float lift, bool inPlace = false, std::vector<glm::vec3>* treadmill = nullptr)
{
    std::vector<glm::vec3> track;
    const float back = kStride / static_cast<float>(kStance);  // per frame, in place
    float x = 0.f;
    for (int cycle = 0; cycle < 3; ++cycle) {
        for (int f = 0; f < kStance; ++f) {
            if (inPlace && f > 0)
                x -= back;
            track.emplace_back(x, 0.05f, 0.f);
        }
        const float from = x, to = inPlace ? x + 2.f * kStride : x + kStride;
        for (int f = 1; f <= kSwing; ++f) {
            const float s = static_cast<float>(f) / kSwing, eased = s * s * (3.f - 2.f * s);
            track.emplace_back(from + (to - from) * eased, 0.05f + lift * std::sin(3.14159265f * s), 0.f);
        }
        x = to;
    }
    if (treadmill) {
        treadmill->assign(track.size(), glm::vec3(0.f));
        for (std::size_t k = 1; k < track.size(); ++k)
            (*treadmill)[k] = inPlace ? glm::vec3(-back, 0.f, 0.f) : glm::vec3(0.f);
    }
    return track;
}

} // namespace

TEST(FootContacts, OneContactPerStanceOfAGeneratedGait)
{
    const auto track = gait(0.15f);
    const auto contacts = anim::footContacts(track, anim::footGround(track), kLeg, kFps);
    ASSERT_EQ(contacts.size(), 3u);
    for (int cycle = 0; cycle < 3; ++cycle) {
        const int stanceStart = cycle * (kStance + kSwing) - (cycle > 0 ? 1 : 0);  // the swing lands on the last frame
        const int stanceEnd = cycle * (kStance + kSwing) + kStance - 1;
        EXPECT_NEAR(contacts[static_cast<std::size_t>(cycle)].first, std::max(stanceStart, 0), 2) << cycle;
        EXPECT_NEAR(contacts[static_cast<std::size_t>(cycle)].last, stanceEnd, 2) << cycle;
    }
    EXPECT_LT(anim::plantedTravel(track, contacts), 0.02) << "a planted foot does not travel";
}

TEST(FootContacts, ALowSwingAStillFootInTheAirAndABlipAreNotContacts)
{
    // The ankle passes 1 cm above its ground at full speed: height alone would call the swing planted.
    const auto low = gait(0.01f);
    const auto lowContacts = anim::footContacts(low, anim::footGround(low), kLeg, kFps);
    ASSERT_EQ(lowContacts.size(), 3u);
    for (const anim::Contact& c : lowContacts)
        EXPECT_LE(c.last - c.first + 1, kStance + 2) << "the swing is not part of a contact";

    // Hanging still 30 cm above its ground (the ground from another pose): never planted.
    std::vector<glm::vec3> hanging(20, glm::vec3(0.f, 0.35f, 0.f));
    EXPECT_TRUE(anim::footContacts(hanging, 0.05f, kLeg, kFps).empty());

    // A one-frame lift inside a stance merges into one contact.
    std::vector<glm::vec3> blip(20, glm::vec3(0.f, 0.f, 0.f));
    blip[9].y = 0.2f;
    const auto merged = anim::footContacts(blip, 0.f, kLeg, kFps);
    ASSERT_EQ(merged.size(), 1u);
    EXPECT_EQ(merged[0], (anim::Contact{0, 19}));
}

TEST(FootContacts, AnInPlaceClipsTreadmillIsTakenOff)
{
    std::vector<glm::vec3> treadmill;
    const auto track = gait(0.15f, true, &treadmill);
    EXPECT_TRUE(anim::footContacts(track, anim::footGround(track), kLeg, kFps).size() < 3u)
        << "without the treadmill the stance foot moves back at 2.4 m/s";
    const auto contacts = anim::footContacts(track, anim::footGround(track), kLeg, kFps, {}, {0.f, 1.f, 0.f}, treadmill);
    EXPECT_EQ(contacts.size(), 3u);
    EXPECT_LT(anim::plantedTravel(track, contacts, {0.f, 1.f, 0.f}, treadmill), 0.02);
}

TEST(FootContacts, ASlowSlideIsAContactWhoseTravelIsMeasured)
{
    std::vector<glm::vec3> track;
    for (int k = 0; k < 21; ++k)
        track.emplace_back(0.006f * static_cast<float>(k), 0.f, 0.f);  // 0.18 m/s: a slow skid, not a step
    const auto contacts = anim::footContacts(track, 0.f, kLeg, kFps);
    ASSERT_EQ(contacts.size(), 1u);
    EXPECT_NEAR(anim::plantedTravel(track, contacts), 0.12, 1e-5);
}

TEST(FootContacts, TheLegEndsAtTheHip)
{
    // root -> hips -> {spine, thigh_L -> shin_L -> foot_L, thigh_R}
    anim::Skeleton s;
    s.names = {"root", "hips", "spine", "thigh_L", "shin_L", "foot_L", "thigh_R"};
    s.parents = {-1, 0, 1, 1, 3, 4, 1};
    const glm::vec3 at[] = {{0, 0, 0}, {0, 1, 0}, {0, 1.3f, 0}, {.1f, .95f, 0}, {.1f, .5f, 0}, {.1f, .05f, 0}, {-.1f, .95f, 0}};
    std::vector<glm::mat4> worlds;
    for (const glm::vec3& p : at) {
        glm::mat4 m(1.f);
        m[3] = glm::vec4(p, 1.f);
        worlds.push_back(m);
    }
    const float hip = std::sqrt(.1f * .1f + .05f * .05f);
    EXPECT_NEAR(anim::legLength(s, worlds, 5), .45f + .45f + hip, 1e-5f);
    EXPECT_EQ(anim::legLength(s, worlds, 0), 0.f);
}
