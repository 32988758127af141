// SPDX-License-Identifier: MIT
#include "core/model/clip_names.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(ClipNames, NumbersLikeBlender)
{
    model::Rig rig;
    EXPECT_EQ(model::uniqueClipName(rig, "walk"), "walk");
    rig.clips.push_back(anim::Clip{"walk", 1.f, {}});
    EXPECT_EQ(model::uniqueClipName(rig, "walk"), "walk.001");
    rig.clips.push_back(anim::Clip{"walk.001", 1.f, {}});
    EXPECT_EQ(model::uniqueClipName(rig, "walk"), "walk.002");
    EXPECT_EQ(model::uniqueClipName(rig, "walk.001"), "walk.002");  // a duplicate of a duplicate
    EXPECT_EQ(model::uniqueClipName(rig, "run.5"), "run.5");
}
