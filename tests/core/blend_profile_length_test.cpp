// SPDX-License-Identifier: MIT
// Blend profiles that finish (issue 21): a joint slowed by scale s blends
// over D s, so the preview runs to T = max(e + D s_max + 0.5, e + lenB - o), the bake
// covers it, and at T every joint is B's pose (a profile of 3 on the elbow
// was cut off at e + D before, the upper body short of B when the bake
// popped into the next clip).
#include "core/anim/transition_bake.h"
#include "core/model/rig.h"
#include "core/model/transition.h"
#include "tiny_rigs.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace marrow;

namespace {

model::Transition slowElbow(const model::Rig& rig)
{
    model::Transition t;
    t.clipA = 0;  // "bend"
    t.clipB = 1;  // "lift"
    t.exit = 0.5;
    t.offset = 0.5;
    t.duration = 0.5;
    t.curve = {anim::BlendCurveKind::Smoothstep};
    t.profile.assign(rig.skeleton.size(), 1.f);
    t.profile[1] = 3.f;  // the elbow
    return t;
}

} // namespace

TEST(BlendProfileLength, TheSlowestJointSetsThePreviewLength)
{
    const model::Rig rig = test::fourVertexSkinRig();
    model::Transition t = slowElbow(rig);
    const anim::TransitionTiming timing = t.timing(rig);
    EXPECT_DOUBLE_EQ(timing.slowestScale, 3.0);
    EXPECT_DOUBLE_EQ(timing.blendEnd(), 0.5 + 1.5);
    EXPECT_DOUBLE_EQ(timing.length(), std::max(2.0 + 0.5, 0.5 + timing.lengthB - 0.5));  // B settles for .5 s
    t.profile.clear();
    EXPECT_DOUBLE_EQ(t.timing(rig).blendEnd(), 1.0) << "no profile: e + D";
    t.profile.assign(rig.skeleton.size(), .5f);
    EXPECT_DOUBLE_EQ(t.timing(rig).blendEnd(), 0.75) << "a faster profile finishes sooner";
}

TEST(BlendProfileLength, AtTheLastPreviewTimeEveryJointIsBs)
{
    const model::Rig rig = test::fourVertexSkinRig();
    const model::Transition t = slowElbow(rig);
    anim::TransitionPoser poser = t.poser(rig);
    const double end = poser.timing().length();
    std::vector<math::Transform> blended(rig.skeleton.size()), b(rig.skeleton.size());
    ASSERT_TRUE(poser.pose(end, blended));
    ASSERT_TRUE(poser.poseSide(end, anim::TransitionPoser::Side::B, b));
    // 1e-6 of the rig's size (the arm is 3 units long).
    for (std::size_t j = 0; j < b.size(); ++j) {
        EXPECT_LT(glm::length(blended[j].translation - b[j].translation), 3e-6f) << rig.skeleton.names[j];
        EXPECT_GT(std::abs(glm::dot(blended[j].rotation, b[j].rotation)), 1.f - 1e-6f) << rig.skeleton.names[j];
    }
    // Half way along the slowed span the elbow is still between the two.
    ASSERT_TRUE(poser.pose(t.exit + t.duration, blended));
    ASSERT_TRUE(poser.poseSide(t.exit + t.duration, anim::TransitionPoser::Side::B, b));
    EXPECT_LT(std::abs(glm::dot(blended[1].rotation, b[1].rotation)), 1.f - 1e-4f) << "not yet B's at e + D";
}

TEST(BlendProfileLength, TheBakeCoversTheSlowedBlend)
{
    const model::Rig rig = test::fourVertexSkinRig();
    const model::Transition t = slowElbow(rig);
    anim::TransitionPoser full = t.poser(rig), blendOnly = t.poser(rig);
    const auto whole = anim::bakeTransition(full, 30.0, anim::BakeRange::Full, "whole");
    const auto blend = anim::bakeTransition(blendOnly, 30.0, anim::BakeRange::Blend, "blend");
    ASSERT_TRUE(whole && blend);
    EXPECT_NEAR(whole->duration, full.timing().length(), 1e-6);
    EXPECT_NEAR(blend->duration, 1.5, 1e-6) << "the blend range lasts until the elbow is B's";
}
