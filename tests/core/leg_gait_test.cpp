// SPDX-License-Identifier: MIT
// A leg planted as a person sees it (issue 37): while its ankle or its toe
// is, so a foot rolling from heel to toe is one contact that does not slide
// (the toe stays put while the heel rises); and in a clip that loops, a
// stance across the loop is one contact that starts where the foot really
// lands, near the end, and lifts after the loop.
#include "core/anim/gait_report.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(LegGait, AFootRollingOntoItsToeIsOneContactThatDoesNotSlide)
{
    anim::LegTrack t;
    for (int k = 0; k < 30; ++k) {
        const float roll = k < 10 ? 0.f : static_cast<float>(k - 9);  // the heel rises from frame 10
        const float up = k < 15 ? 0.f : 0.05f * static_cast<float>(k - 14);  // the toe leaves at 15
        t.foot.emplace_back(0.f, 0.01f * roll + up, 0.015f * roll + 0.05f * up * 20.f);
        t.toe.emplace_back(0.f, up, 0.1f + 0.05f * up * 20.f);
    }
    const anim::LegGait g = anim::legGait(t, anim::legGround(t), 1.f, 30.0);
    ASSERT_EQ(g.contacts.size(), 1u);
    EXPECT_EQ(g.contacts[0].first, 0);
    EXPECT_GE(g.contacts[0].last, 13) << "planted until the toe leaves (its speed averages over the frame after)";
    EXPECT_LE(g.contacts[0].last, 15);
    EXPECT_NEAR(g.slide, 0.0, 1e-6) << "the heel rises and moves, the toe stays: a roll, not a slide";
    const anim::LegGait ankleOnly = anim::legGait({t.foot, {}}, anim::legGround({t.foot, {}}), 1.f, 30.0);
    ASSERT_FALSE(ankleOnly.contacts.empty());
    EXPECT_LT(ankleOnly.contacts[0].last, 13) << "the ankle alone lifts at heel-off";
}

TEST(LegGait, AStanceAcrossTheLoopIsOneContactInALoopingClip)
{
    anim::Skeleton s;
    s.names = {"hips", "foot"};
    s.parents = {anim::kNoParent, 0};
    s.rest = {test::trs({0.f, 1.f, 0.f}), test::trs({0.f, -1.f, 0.f})};
    anim::Clip clip;
    clip.name = "walk";
    anim::JointTrack foot;
    foot.joint = 1;
    // Planted (y -1 under the hips) from frame 25 to frame 5 of the next loop, swinging 0.2 up between.
    foot.translation.times = {0.f, 5.f / 30.f, 9.f / 30.f, 21.f / 30.f, 25.f / 30.f, 1.f};
    foot.translation.values = {{0.f, -1.f, 0.f}, {0.f, -1.f, 0.f}, {0.f, -.8f, 0.f},
                               {0.f, -.8f, 0.f}, {0.f, -1.f, 0.f}, {0.f, -1.f, 0.f}};
    clip.tracks.push_back(foot);
    clip.updateDuration();
    const std::vector<anim::Leg> legs = {{1, -1, 1.f, "L"}};
    const anim::GaitReport cut = anim::clipGait(s, legs, clip, 30.0);
    ASSERT_EQ(cut.legs[0].contacts.size(), 2u) << "one cycle alone cuts the stance at the loop";
    const anim::GaitReport looped = anim::loopGait(s, legs, clip, 30.0);
    ASSERT_EQ(looped.legs[0].contacts.size(), 1u);
    EXPECT_EQ(looped.legs[0].contacts[0].first, 25) << "where the foot lands";
    EXPECT_EQ(looped.legs[0].contacts[0].last, 35) << "it lifts at frame 5 of the next loop";
    EXPECT_EQ(looped.frames, 30u);
}
