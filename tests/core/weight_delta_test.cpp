// SPDX-License-Identifier: MIT
#include "core/skin/weight_delta.h"

#include <gtest/gtest.h>

#include <vector>

using namespace marrow;
using Joints = std::vector<std::uint16_t>;
using Weights = std::vector<float>;

TEST(JobValidity, WeightDelta)
{
    skin::WeightDelta d(4);
    const Joints j4 = {1, 0, 0, 0}, j3 = {1, 0, 0};
    const Weights w4 = {1.f, 0.f, 0.f, 0.f}, w3 = {1.f, 0.f, 0.f};
    EXPECT_FALSE(d.add(0, j3, w4, j4, w4));
    EXPECT_FALSE(d.add(0, j4, w3, j4, w4));
    EXPECT_FALSE(d.add(0, j4, w4, j3, w4));
    EXPECT_FALSE(d.add(0, j4, w4, j4, w3));
    EXPECT_TRUE(d.empty());
    EXPECT_FALSE(d.absorb(skin::WeightDelta(8)));  // strides differ
    EXPECT_TRUE(d.add(0, j4, w4, j4, w4));
    EXPECT_EQ(d.size(), 1u);
}

TEST(WeightDelta, KeepsFirstBeforeTakesLatestAfterAndFindsRows)
{
    const Joints j = {2, 1, 0, 0};
    const Weights a = {.5f, .5f, 0, 0}, b = {.75f, .25f, 0, 0}, c = {.625f, .375f, 0, 0};
    skin::WeightDelta d(4);
    ASSERT_TRUE(d.add(9, j, a, j, b));
    ASSERT_TRUE(d.add(3, j, a, j, a));
    ASSERT_TRUE(d.add(9, j, b, j, c));  // 9 again: before stays a, after becomes c
    EXPECT_EQ(d.vertices(), (std::vector<std::uint32_t>{9, 3}));
    ASSERT_EQ(d.rowOf(9), 0u);
    ASSERT_EQ(d.rowOf(3), 1u);
    EXPECT_FALSE(d.rowOf(4));
    EXPECT_EQ(Weights(d.beforeWeights().begin(), d.beforeWeights().begin() + 4), a);
    EXPECT_EQ(Weights(d.afterWeights().begin(), d.afterWeights().begin() + 4), c);
    EXPECT_FALSE(d.isNoOp());

    // A newer delta that puts 9 back to a: absorbed, the whole delta is a no-op.
    skin::WeightDelta back(4);
    ASSERT_TRUE(back.add(9, j, c, j, a));
    ASSERT_TRUE(d.absorb(back));
    EXPECT_TRUE(d.isNoOp());
}

TEST(WeightDelta, NegativeZeroIsAChange)
{
    const Joints j = {1, 0, 0, 0};
    const Weights zero = {1.f, 0.f, 0.f, 0.f}, negZero = {1.f, -0.f, 0.f, 0.f};
    skin::WeightDelta d(4);
    ASSERT_TRUE(d.add(0, j, zero, j, negZero));
    EXPECT_FALSE(d.isNoOp());  // undo must restore the exact bytes
}
