// SPDX-License-Identifier: MIT
// Foot slide: only horizontal travel while in contact counts; feet are
// found by name; a clip that plants a foot and then drags it reports the drag.
#include "core/anim/foot_slide.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(FootSlide, CountsHorizontalTravelOnlyWhileInContact)
{
    // Down and sliding 0.3 in x, then lifted (not counted), then down again still.
    const std::vector<glm::vec3> path{{0, 0, 0}, {0.1f, 0.01f, 0}, {0.3f, 0, 0},    // contact: 0.3
                                      {0.6f, 0.5f, 0}, {1.f, 0.5f, 0},              // in the air
                                      {1.2f, 0.f, 0}, {1.2f, 0.f, 0.f}};            // planted
    EXPECT_NEAR(anim::footSlide(path, 0.02f), 0.3, 1e-6);
    EXPECT_NEAR(anim::footSlide(path, 1.f), 1.2, 1e-6);  // everything is "contact"
    EXPECT_EQ(anim::footSlide(std::vector<glm::vec3>{{0, 0, 0}}, 0.02f), 0.0);
}

TEST(FootSlide, FindsFeetByName)
{
    anim::Skeleton s;
    s.names = {"hips", "Foot_L", "toe_L", "LeftAnkle", "hand", "ball_r"};
    s.parents = {anim::kNoParent, 0, 1, 0, 0, 0};
    s.rest.assign(6, math::Transform{});
    EXPECT_EQ(anim::footJoints(s), (std::vector<anim::JointIndex>{1, 2, 3, 5}));
}

TEST(FootSlide, MeasuresAJointDraggedAlongTheGround)
{
    anim::Skeleton s;
    s.names = {"root", "foot"};
    s.parents = {anim::kNoParent, 0};
    s.rest = {test::trs({0, 1, 0}), test::trs({0, -1, 0})};
    // The root moves 2 units in x over 1 s; the foot is on the ground throughout.
    const auto pose = [&](double t, std::span<math::Transform> out) {
        out[0] = test::trs({static_cast<float>(2.0 * t), 1, 0});
        out[1] = s.rest[1];
        return true;
    };
    const std::vector<anim::JointIndex> feet{1};
    const auto report = anim::measureFootSlide(s, feet, pose, 0.0, 1.0, 30.0, 0.02f);
    ASSERT_EQ(report.feet.size(), 1u);
    EXPECT_EQ(report.feet[0].name, "foot");
    EXPECT_NEAR(report.total, 2.0, 1e-5);
    // Per frame for the plot: nothing at the first sample, 2/30 per step after.
    ASSERT_EQ(report.steps.size(), 31u);
    EXPECT_EQ(report.steps[0], 0.0);
    for (std::size_t k = 1; k < report.steps.size(); ++k)
        EXPECT_NEAR(report.steps[k], 2.0 / 30.0, 1e-6) << k;
}

TEST(FootSlide, StepsSumToTheSlideAndSkipTheAir)
{
    const std::vector<glm::vec3> path{{0, 0, 0}, {0.1f, 0.01f, 0}, {0.3f, 0, 0}, {0.6f, 0.5f, 0}, {1.f, 0.f, 0}};
    std::vector<double> steps(path.size(), 0.0);
    EXPECT_NEAR(anim::footSlide(path, 0.02f, {0.f, 1.f, 0.f}, steps), 0.3, 1e-6);
    EXPECT_NEAR(steps[1] + steps[2], 0.3, 1e-6);
    EXPECT_EQ(steps[3], 0.0);  // lifted
    EXPECT_EQ(steps[4], 0.0);  // landed: the step from the air does not count
}

TEST(FootSlide, SeveralAnimationsShareOneGroundPerFoot)
{
    anim::Skeleton s;
    s.names = {"foot"};
    s.parents = {anim::kNoParent};
    s.rest = {test::trs({0, 0, 0})};
    // Both drag the foot 1 unit in x over 1 s; the second 0.03 higher.
    const anim::PoseAt low = [](double t, std::span<math::Transform> out) {
        out[0] = test::trs({static_cast<float>(t), 0.f, 0});
        return true;
    };
    const anim::PoseAt high = [](double t, std::span<math::Transform> out) {
        out[0] = test::trs({static_cast<float>(t), 0.03f, 0});
        return true;
    };
    const std::vector<anim::JointIndex> feet{0};
    // Alone, each is on its own ground and slides 1.
    EXPECT_NEAR(anim::measureFootSlide(s, feet, high, 0.0, 1.0, 30.0, 0.02f).total, 1.0, 1e-5);
    // Together the ground is the lower one: the higher foot is in the air.
    const anim::PoseAt both[] = {low, high};
    const auto reports = anim::measureFootSlides(s, feet, both, 0.0, 1.0, 30.0, 0.02f);
    ASSERT_EQ(reports.size(), 2u);
    EXPECT_NEAR(reports[0].total, 1.0, 1e-5);
    EXPECT_EQ(reports[1].total, 0.0);
    EXPECT_EQ(reports[1].steps.size(), 31u);
}

TEST(FootSlide, SuggestedContactHeightIsTwoPercentOfTheRestHeight)
{
    anim::Skeleton s;
    s.names = {"hips", "foot"};
    s.parents = {anim::kNoParent, 0};
    s.rest = {test::trs({0, 1.5f, 0}), test::trs({0, -1.5f, 0})};
    EXPECT_NEAR(anim::suggestedContactHeight(s), 0.03f, 1e-6f);
}
