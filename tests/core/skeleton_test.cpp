// SPDX-License-Identifier: MIT
#include "core/anim/skeleton.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <limits>

using namespace marrow;

TEST(Skeleton, FindByExactName)
{
    const anim::Skeleton s = test::threeJointChain();
    EXPECT_EQ(s.size(), 3u);
    EXPECT_EQ(s.find("hip"), 0);
    EXPECT_EQ(s.find("ankle"), 2);
    EXPECT_FALSE(s.find("Ankle"));
    EXPECT_FALSE(s.find(""));
}

TEST(Skeleton, FindReturnsFirstOfDuplicateNames)
{
    anim::Skeleton s = test::threeJointChain();
    s.names[2] = "knee";
    EXPECT_EQ(s.find("knee"), 1);
}

TEST(Skeleton, ValidateAcceptsTinyRigs)
{
    EXPECT_FALSE(test::twoJointArm().validate());
    EXPECT_FALSE(test::threeJointChain().validate());
    EXPECT_FALSE(anim::Skeleton{}.validate());
}

TEST(Skeleton, ValidateCatchesEachBrokenInvariant)
{
    {
        anim::Skeleton s = test::threeJointChain();
        s.names.pop_back();
        EXPECT_EQ(s.validate(), "skeleton arrays differ in size");
    }
    {
        anim::Skeleton s = test::threeJointChain();
        s.rest.push_back({});
        EXPECT_EQ(s.validate(), "skeleton arrays differ in size");
    }
    {
        anim::Skeleton s = test::threeJointChain();
        s.parents[1] = 1;  // its own parent
        EXPECT_EQ(s.validate(), "joint 1 ('knee') does not come after its parent");
    }
    {
        anim::Skeleton s = test::threeJointChain();
        s.parents[1] = 2;  // child before parent
        EXPECT_EQ(s.validate(), "joint 1 ('knee') does not come after its parent");
    }
    {
        anim::Skeleton s = test::threeJointChain();
        s.parents[2] = -2;
        EXPECT_EQ(s.validate(), "joint 2 ('ankle') does not come after its parent");
    }
    {
        anim::Skeleton s = test::threeJointChain();
        s.rest[2].scale.y = std::numeric_limits<float>::quiet_NaN();
        EXPECT_EQ(s.validate(), "joint 2 ('ankle') has a non-finite rest transform");
    }
}
