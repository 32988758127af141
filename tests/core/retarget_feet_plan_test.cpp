// SPDX-License-Identifier: MIT
// model::footOffsets and sourceSlide (issue 40): where a retargeted foot
// should stand around the source's contacts.
#include "core/model/retarget_feet_plan.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace marrow;

namespace {

// A source foot planted at frames 8-14 (height 0.1 over its ground at 0.1,
// still), stepping 0.2 forward a frame otherwise, lifted 0.3 mid-swing.
std::vector<glm::vec3> sourceFoot()
{
    std::vector<glm::vec3> t;
    float x = 0.f;
    for (int f = 0; f < 24; ++f) {
        const bool planted = f >= 8 && f <= 14;
        if (f > 0 && !planted)
            x += 0.2f;
        const float swing = planted ? 0.f : 0.3f * std::sin(3.14159f * static_cast<float>(f < 8 ? f : f - 15) / 8.f);
        t.push_back({x, 0.1f + std::max(swing, 0.f), 0.f});
    }
    return t;
}

} // namespace

TEST(RetargetFeetPlan, AContactStandsThePlantedFootAtTheSourcesHeightAndPlace)
{
    const std::vector<glm::vec3> source = sourceFoot();
    // The carried target foot: the source's path at half scale, sliding
    // forward 0.01 a frame and bobbing 0.02 through the contact.
    std::vector<glm::vec3> target;
    for (std::size_t f = 0; f < source.size(); ++f) {
        const bool planted = f >= 8 && f <= 14;
        target.push_back(source[f] * 0.5f + glm::vec3(planted ? 0.01f * static_cast<float>(f - 8) : 0.f,
                                                      planted ? 0.02f * static_cast<float>(f % 2) : 0.f, 0.f));
    }
    const std::vector<anim::Contact> contacts{{8, 14}};
    std::vector<bool> held;
    const std::vector<glm::vec3> off = model::footOffsets(contacts, source, target, 0.5f, 1.f, held);
    ASSERT_EQ(off.size(), target.size());
    for (int f = 8; f <= 14; ++f) {
        const glm::vec3 p = target[static_cast<std::size_t>(f)] + off[static_cast<std::size_t>(f)];
        EXPECT_TRUE(held[static_cast<std::size_t>(f)]);
        EXPECT_NEAR(p.x, target[8].x, 1e-5f) << "stands still where it landed, frame " << f;
        EXPECT_NEAR(p.y, 0.05f, 1e-5f) << "on the ground the carried feet stand on, frame " << f;
    }
    // Fading out after the contact, then as carried.
    EXPECT_FALSE(held[15]);
    EXPECT_GT(glm::length(off[15]), glm::length(off[15 + model::kFootRelease]));
    EXPECT_EQ(off[14 + model::kFootRelease + 1], glm::vec3(0.f));
    EXPECT_EQ(off[0], glm::vec3(0.f)) << "beyond the fade before the contact";
}

TEST(RetargetFeetPlan, AContactTooFarFromTheCarriedPathIsNotHeld)
{
    const std::vector<glm::vec3> source = sourceFoot();
    std::vector<glm::vec3> target;
    for (std::size_t f = 0; f < source.size(); ++f)  // slides 0.1 a frame through the contact
        target.push_back(source[f] * 0.5f + glm::vec3(f >= 8 && f <= 14 ? 0.1f * static_cast<float>(f - 8) : 0.f, 0.f, 0.f));
    std::vector<bool> held;
    const std::vector<glm::vec3> off = model::footOffsets(std::vector<anim::Contact>{{8, 14}}, source, target, 0.5f, 1.f, held);
    for (std::size_t f = 0; f < off.size(); ++f) {
        EXPECT_FALSE(held[f]);
        EXPECT_EQ(off[f], glm::vec3(0.f)) << f;
    }
}

TEST(RetargetFeetPlan, ASourceSlideTakesTheTreadmillOff)
{
    // In place: the planted foot moves back 0.2 a frame with the ground.
    std::vector<glm::vec3> track;
    for (int f = 0; f < 10; ++f)
        track.push_back({-0.2f * static_cast<float>(f), 0.f, 0.f});
    const anim::Contact contact{2, 6};
    EXPECT_NEAR(model::sourceSlide(track, contact, {}, 0), 0.8f, 1e-5f) << "no treadmill: it skates";
    const std::vector<glm::vec3> ground(10, glm::vec3(-0.2f, 0.f, 0.f));
    EXPECT_NEAR(model::sourceSlide(track, contact, ground, 0), 0.f, 1e-5f) << "the ground's step taken off: planted";
    EXPECT_NEAR(model::sourceSlide(track, contact, ground, 3), 0.f, 1e-5f) << "a cycle starting 3 frames in";
}

TEST(RetargetFeetPlan, AFootTheSourceLiftsLeavesTheGroundWithIt)
{
    // The carried foot lingers on the ground three frames after the
    // source's lifts (at frame 16): it rises as the source's does (scaled),
    // fading over the frames after the contact, and no higher than clear of
    // the ground (twice the height past which the foot model ends a contact).
    const std::vector<glm::vec3> source = sourceFoot();
    std::vector<glm::vec3> target;
    for (std::size_t f = 0; f < source.size(); ++f)
        target.push_back(f >= 8 && f <= 17 ? glm::vec3(source[8].x * 0.5f, 0.05f, 0.f) : source[f] * 0.5f);
    std::vector<bool> held;
    const std::vector<glm::vec3> off = model::footOffsets(std::vector<anim::Contact>{{8, 14}}, source, target, 0.5f, 1.f, held);
    const float clearance = 2.f * anim::ContactRule{}.release * anim::ContactRule{}.height;
    EXPECT_NEAR(target[14].y + off[14].y, 0.05f, 1e-5f) << "standing on the contact's last frame";
    EXPECT_NEAR(target[15].y + off[15].y, 0.05f, 1e-5f) << "the source's foot has not left the ground yet";
    for (const std::size_t f : {16u, 17u}) {
        const float away = static_cast<float>(f - 14), raised = std::min(0.5f * (source[f].y - 0.1f), clearance);
        EXPECT_GT(raised, 0.f);
        EXPECT_NEAR(target[f].y + off[f].y, 0.05f + raised * (1.f - (away - 1.f) / model::kFootRelease), 1e-5f) << f;
    }
}
