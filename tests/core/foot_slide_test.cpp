// SPDX-License-Identifier: MIT
// Feet by name (the legs themselves are found by shape, model::findLegs;
// their contacts and slide are tested in leg_gait_test and gait_figures_test),
// and the contact height suggested for a skeleton.
#include "core/anim/foot_slide.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(FootSlide, FindsFeetByName)
{
    anim::Skeleton s;
    s.names = {"hips", "Foot_L", "toe_L", "LeftAnkle", "hand", "ball_r"};
    s.parents = {anim::kNoParent, 0, 1, 0, 0, 0};
    s.rest.assign(6, math::Transform{});
    EXPECT_EQ(anim::footJoints(s), (std::vector<anim::JointIndex>{1, 2, 3, 5}));
}

TEST(FootSlide, SuggestedContactHeightIsTwoPercentOfTheRestHeight)
{
    anim::Skeleton s;
    s.names = {"hips", "foot"};
    s.parents = {anim::kNoParent, 0};
    s.rest = {test::trs({0, 1.5f, 0}), test::trs({0, -1.5f, 0})};
    EXPECT_NEAR(anim::suggestedContactHeight(s), 0.03f, 1e-6f);
}
