// SPDX-License-Identifier: MIT
// An editable preview end (issue 21): by default the preview runs half a
// second past the blend (B settling, issue 37), or on until B is through
// (max(e + D s + 0.5, e + lenB - o)); a length set by hand shows another
// tail of B, and the bake covers it; a length shorter than the blend still
// lets every joint finish.
#include "core/anim/transition_bake.h"
#include "core/anim/transition_pose.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow;

TEST(PreviewLength, ALengthSetByHandShowsMoreOfBAndTheBakeCoversIt)
{
    anim::TransitionTiming t;
    t.lengthA = 1.0;
    t.lengthB = 2.0;
    t.exit = 0.5;
    t.offset = 1.5;
    t.duration = 0.25;
    EXPECT_DOUBLE_EQ(t.length(), 0.75 + 0.5) << "automatic: half a second past the blend (B ends sooner, at 1.0)";
    t.previewLength = 3.0;
    EXPECT_DOUBLE_EQ(t.length(), 3.0);
    t.previewLength = 0.6;
    EXPECT_DOUBLE_EQ(t.length(), t.blendEnd()) << "never cut into the blend";
    t.slowestScale = 2.0;
    EXPECT_DOUBLE_EQ(t.length(), 1.0) << "the slowest joint's end";

    const model::Rig rig = test::fourVertexSkinRig();
    anim::TransitionTiming timing;
    timing.lengthA = rig.clips[0].duration;
    timing.lengthB = rig.clips[1].duration;
    timing.exit = 0.5;
    timing.duration = 0.25;
    timing.previewLength = 4.0;  // past B's 2 s end: B holds its last pose
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1], timing);
    std::string error;
    const auto baked = anim::bakeTransition(poser, 10.0, anim::BakeRange::Full, "tail", &error);
    ASSERT_TRUE(baked) << error;
    EXPECT_NEAR(baked->duration, 4.0, 1e-6);
}
