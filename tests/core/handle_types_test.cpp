// SPDX-License-Identifier: MIT
// Blender's handle types on a channel's keys: Vector keys point at their
// neighbours (the secants), Aligned and Free keep what was set, Aligned
// sides are made collinear when a key becomes Aligned.
#include "core/anim/auto_tangents.h"
#include "core/anim/key_ops.h"

#include <gtest/gtest.h>

#include <vector>

using namespace marrow;

namespace {

// Keys 0, 2, 3 (x) at 0, 1, 3 s, cubic, tangents set by hand.
anim::Vec3Channel threeKeys(anim::TangentMode mode)
{
    anim::Vec3Channel c;
    c.times = {0.f, 1.f, 3.f};
    c.values = {{0, 0, 0}, {2, 1, 0}, {3, 1, 4}};
    c.interpolations.assign(3, anim::Interpolation::CubicSpline);
    c.inTangents.assign(3, glm::vec3(5.f));
    c.outTangents.assign(3, glm::vec3(-5.f));
    c.tangentModes.assign(3, mode);
    return c;
}

} // namespace

TEST(HandleTypes, VectorSlopesAreTheSecantsToTheNeighbours)
{
    anim::Vec3Channel c = threeKeys(anim::TangentMode::Vector);
    anim::updateAutoTangents(c);
    EXPECT_EQ(c.inTangents[1], glm::vec3(2, 1, 0)) << "towards key 0: (2 - 0) / 1";
    EXPECT_EQ(c.outTangents[1], glm::vec3(0.5f, 0, 2)) << "towards key 2: (3 - 2) / 2, (4 - 0) / 2";
    // The ends point at their one neighbour on both sides.
    EXPECT_EQ(c.outTangents[0], glm::vec3(2, 1, 0));
    EXPECT_EQ(c.inTangents[0], c.outTangents[0]);
    EXPECT_EQ(c.inTangents[2], glm::vec3(0.5f, 0, 2));
    EXPECT_EQ(c.outTangents[2], c.inTangents[2]);
}

TEST(HandleTypes, VectorOnAJumpAndAlone)
{
    anim::Vec3Channel c = threeKeys(anim::TangentMode::Vector);
    c.times = {0.f, 1.f, 1.f};  // keys 1 and 2 are a jump
    anim::updateAutoTangents(c);
    EXPECT_EQ(c.outTangents[1], glm::vec3(0.f)) << "no time to the next key: flat, never infinite";
    anim::Vec3Channel one = threeKeys(anim::TangentMode::Vector);
    anim::removeKeys(one, std::vector<std::size_t>{1, 2});
    EXPECT_EQ(one.inTangents[0], glm::vec3(0.f));
    EXPECT_EQ(one.outTangents[0], glm::vec3(0.f));
}

TEST(HandleTypes, AlignedAndFreeKeepTheirSlopes)
{
    for (const anim::TangentMode mode : {anim::TangentMode::Aligned, anim::TangentMode::Free}) {
        anim::Vec3Channel c = threeKeys(mode);
        const anim::Vec3Channel before = c;
        anim::updateAutoTangents(c);
        EXPECT_EQ(c, before) << anim::tangentModeName(mode);
    }
}

TEST(HandleTypes, BecomingAlignedMakesTheSidesCollinear)
{
    anim::Vec3Channel c = threeKeys(anim::TangentMode::Free);
    c.inTangents[1] = {1, 2, 3};
    c.outTangents[1] = {3, 2, -3};
    anim::setKeyTangentMode(c, std::vector<std::size_t>{1}, anim::TangentMode::Aligned);
    EXPECT_EQ(c.tangentMode(1), anim::TangentMode::Aligned);
    EXPECT_EQ(c.inTangents[1], glm::vec3(2, 2, 0)) << "each component's two slopes meet halfway";
    EXPECT_EQ(c.outTangents[1], c.inTangents[1]);
    EXPECT_EQ(c.inTangents[0], glm::vec3(5.f)) << "other keys keep theirs";
    // Set by hand, an Aligned key stays Aligned.
    anim::setKeyTangents(c, 1, glm::vec3(1.f), glm::vec3(1.f), anim::TangentMode::Aligned);
    EXPECT_EQ(c.tangentMode(1), anim::TangentMode::Aligned);
    anim::setKeyTangents(c, 1, glm::vec3(1.f), glm::vec3(2.f));
    EXPECT_EQ(c.tangentMode(1), anim::TangentMode::Free) << "by default a hand-set key is Free";
}

TEST(HandleTypes, NamesAndValidity)
{
    EXPECT_STREQ(anim::tangentModeName(anim::TangentMode::Aligned), "aligned");
    EXPECT_STREQ(anim::tangentModeName(anim::TangentMode::Vector), "vector");
    anim::Vec3Channel c = threeKeys(anim::TangentMode::Vector);
    EXPECT_FALSE(c.validate());
    c.tangentModes[0] = static_cast<anim::TangentMode>(static_cast<int>(anim::kLastTangentMode) + 1);
    EXPECT_TRUE(c.validate());
    // Appended: saved files keep their bytes.
    EXPECT_EQ(static_cast<int>(anim::TangentMode::Free), 2);
    EXPECT_EQ(static_cast<int>(anim::TangentMode::Aligned), 3);
    EXPECT_EQ(static_cast<int>(anim::TangentMode::Vector), 4);
}
