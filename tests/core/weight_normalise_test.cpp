// SPDX-License-Identifier: MIT
// Auto-normalise around locked bones, max influences, pruning and row order
// (applyWeightOp's steps 2 to 5).
#include "weight_rows.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace marrow;
using skin::BrushMode;
using test::WeightRow;

using test::weightOp;

TEST(WeightNormalise, LockedWeightsAreBitIdentical)
{
    const std::vector<std::uint8_t> lock2 = {0, 0, 1};
    WeightRow r = WeightRow::of({{0, .4f}, {1, .3f}, {2, .2f}, {3, .1f}});
    const std::uint32_t lockedBits = test::bitsOf(.2f);
    // Bone 0: .4 -> .6. The room left by lock 2 is .8; bones 1 and 3 share .2 as 3 : 1.
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Add, 0, .2f, 1.f, lock2)));
    EXPECT_EQ(test::bitsOf(r.weightOf(2)), lockedBits);
    EXPECT_NEAR(r.weightOf(0), .6, 1e-6);
    EXPECT_NEAR(r.weightOf(1), .15, 1e-6);
    EXPECT_NEAR(r.weightOf(3), .05, 1e-6);
    EXPECT_NEAR(r.sum(), 1.0, 1e-6);
    test::expectRowInvariants(r, lock2);
    // The locked bone itself cannot be painted.
    const WeightRow before = r;
    EXPECT_FALSE(r.apply(weightOp(BrushMode::Mix, 2, 1.f, 1.f, lock2)));
    EXPECT_EQ(r, before);
}

TEST(WeightNormalise, AllOthersLockedClampsThePaintedWeight)
{
    const std::vector<std::uint8_t> lock01 = {1, 1};
    const WeightRow start = WeightRow::of({{0, .5f}, {1, .25f}, {2, .25f}});
    // Bone 2 can neither gain (nothing to take from) nor lose (nobody to give to).
    for (const skin::WeightOp& o : {weightOp(BrushMode::Add, 2, 1.f, 1.f, lock01), weightOp(BrushMode::Subtract, 2, 1.f, .5f, lock01),
                                    weightOp(BrushMode::Mix, 2, 0.f, 1.f, lock01)}) {
        WeightRow r = start;
        EXPECT_FALSE(r.apply(o));
        EXPECT_EQ(r, start);
    }
    // A new bone 3 is clamped to the .25 the locks leave and takes it all from bone 2.
    WeightRow r = start;
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 3, 1.f, 1.f, lock01)));
    EXPECT_EQ(r, WeightRow::of({{0, .5f}, {1, .25f}, {3, .25f}}));
}

TEST(WeightNormalise, RandomEditsKeepLocksSumAndInvariants)
{
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> unit(0.f, 1.f);
    for (int round = 0; round < 2000; ++round) {
        const int stride = round % 2 ? 8 : 4;
        // A valid row over joints 0..11 with 1..stride influences.
        std::vector<std::uint16_t> pool(12);
        for (std::uint16_t j = 0; j < 12; ++j)
            pool[j] = j;
        std::shuffle(pool.begin(), pool.end(), rng);
        const int n = 1 + static_cast<int>(rng() % static_cast<unsigned>(stride));
        std::vector<std::pair<std::uint16_t, float>> entries;
        float total = 0.f;
        for (int i = 0; i < n; ++i) {
            entries.push_back({pool[i], .05f + unit(rng)});
            total += entries.back().second;
        }
        for (auto& e : entries)
            e.second /= total;
        std::sort(entries.begin(), entries.end(), [](auto& a, auto& b) { return a.second > b.second; });
        WeightRow r = WeightRow::of({}, stride);
        for (int i = 0; i < n; ++i) {
            r.joints[i] = entries[i].first;
            r.weights[i] = entries[i].second;
        }
        std::vector<std::uint8_t> locked(12);
        for (auto& l : locked)
            l = rng() % 4 == 0;
        skin::WeightOp o = weightOp(static_cast<BrushMode>(rng() % 5), static_cast<std::uint16_t>(rng() % 12), unit(rng),
                              unit(rng), locked);
        o.invert = rng() % 2;
        o.smoothTarget = unit(rng);
        o.maxInfluences = rng() % 2 ? 4 : 8;
        const WeightRow before = r;
        r.apply(o);
        SCOPED_TRACE("round " + std::to_string(round));
        test::expectRowInvariants(r, locked);
        EXPECT_NEAR(r.sum(), before.sum(), 1e-6);
        for (int i = 0; i < n; ++i) {
            if (locked[before.joints[i]]) {
                EXPECT_EQ(test::bitsOf(r.weightOf(before.joints[i])), test::bitsOf(before.weights[i]));
            }
        }
        // Never more influences than before or the limit, whichever is larger.
        EXPECT_LE(r.influences(), std::max(before.influences(), std::min(o.maxInfluences, stride)));
    }
}

TEST(WeightNormalise, MaxInfluencesDropsTheSmallestUnlocked)
{
    // A full 4-row: new bone 5 takes the slot of bone 3, the smallest (bone 2
    // ties it, and the tie drops the later, higher joint).
    WeightRow r = WeightRow::of({{0, .5f}, {1, .25f}, {2, .125f}, {3, .125f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 5, .125f, 1.f)));
    EXPECT_EQ(r, WeightRow::of({{0, .5f}, {1, .25f}, {2, .125f}, {5, .125f}}));

    // With the smallest locked, the next smallest goes; the lock stays.
    const std::vector<std::uint8_t> lock3 = {0, 0, 0, 1};
    r = WeightRow::of({{0, .4f}, {1, .3f}, {2, .2f}, {3, .1f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 5, .2f, 1.f, lock3)));
    EXPECT_EQ(r.influences(), 4);
    EXPECT_EQ(r.weightOf(2), 0.f);
    EXPECT_EQ(test::bitsOf(r.weightOf(3)), test::bitsOf(.1f));
    EXPECT_NEAR(r.weightOf(5), .2, 1e-6);
    EXPECT_NEAR(r.sum(), 1.0, 1e-6);

    // Every other one locked: no slot, no change.
    const std::vector<std::uint8_t> lockAll = {1, 1, 1, 1};
    const WeightRow full = WeightRow::of({{0, .4f}, {1, .3f}, {2, .2f}, {3, .1f}});
    r = full;
    EXPECT_FALSE(r.apply(weightOp(BrushMode::Mix, 5, 1.f, 1.f, lockAll)));
    EXPECT_EQ(r, full);
}

TEST(WeightNormalise, MaxInfluencesWithoutAutoNormalizeOnlyDrops)
{
    // The dropped weight is not given back: the row's sum moves.
    WeightRow r = WeightRow::of({{0, .5f}, {1, .25f}, {2, .125f}, {3, .125f}});
    skin::WeightOp o = weightOp(BrushMode::Mix, 5, .5f, 1.f);
    o.autoNormalize = false;
    EXPECT_TRUE(r.apply(o));
    EXPECT_EQ(r, WeightRow::of({{0, .5f}, {5, .5f}, {1, .25f}, {2, .125f}}));
}

TEST(WeightNormalise, MaxInfluencesEight)
{
    WeightRow r = WeightRow::of(
        {{0, .25f}, {1, .25f}, {2, .125f}, {3, .125f}, {4, .0625f}, {5, .0625f}, {6, .0625f}, {7, .0625f}}, 8);
    skin::WeightOp add = weightOp(BrushMode::Mix, 9, .0625f, 1.f);
    EXPECT_TRUE(r.apply(add));
    EXPECT_EQ(r.influences(), 8);
    EXPECT_EQ(r.weightOf(7), 0.f);  // the smallest (highest joint among the ties) went
    EXPECT_EQ(r, WeightRow::of({{0, .25f}, {1, .25f}, {2, .125f}, {3, .125f}, {4, .0625f}, {5, .0625f}, {6, .0625f},
                                {9, .0625f}},
                               8));
}

TEST(WeightNormalise, DocumentLimitBelowTheStride)
{
    // Stride 8, but the document allows 4: a fifth bone replaces the smallest.
    WeightRow r = WeightRow::of({{0, .5f}, {1, .25f}, {2, .125f}, {3, .125f}}, 8);
    skin::WeightOp o = weightOp(BrushMode::Mix, 6, .125f, 1.f);
    o.maxInfluences = 4;
    EXPECT_TRUE(r.apply(o));
    EXPECT_EQ(r, WeightRow::of({{0, .5f}, {1, .25f}, {2, .125f}, {6, .125f}}, 8));
    // A row already over the limit (imported with more) is cut down to it.
    r = WeightRow::of({{0, .5f}, {1, .25f}, {2, .0625f}, {3, .0625f}, {4, .0625f}, {5, .0625f}}, 8);
    EXPECT_TRUE(r.apply(o));
    EXPECT_EQ(r.influences(), 4);
    EXPECT_NEAR(r.sum(), 1.0, 1e-6);
    test::expectRowInvariants(r);
    EXPECT_GT(r.weightOf(6), 0.f);
}

TEST(WeightNormalise, WeightsBelowThresholdArePruned)
{
    // Bone 2 shrinks with bone 1 to 4e-5 and is removed; bone 1 takes its share.
    WeightRow r = WeightRow::of({{0, .5f}, {1, .49995f}, {2, .00005f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 0, .6f, 1.f)));
    EXPECT_EQ(r.influences(), 2);
    EXPECT_NEAR(r.weightOf(0), .6, 1e-6);
    EXPECT_NEAR(r.weightOf(1), .4, 1e-6);
    EXPECT_NEAR(r.sum(), 1.0, 1e-6);

    // Subtracting a bone to below the threshold removes it.
    r = WeightRow::of({{0, .5f}, {1, .5f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Subtract, 1, .49995f, 1.f)));
    EXPECT_EQ(r, WeightRow::of({{0, 1.f}}));

    // A new bone painted below the threshold is not added.
    const WeightRow half = WeightRow::of({{0, .5f}, {1, .5f}});
    r = half;
    EXPECT_FALSE(r.apply(weightOp(BrushMode::Add, 3, .00005f, 1.f)));
    EXPECT_EQ(r, half);

    // A locked weight below the threshold stays, bit for bit.
    const std::vector<std::uint8_t> lock1 = {0, 1};
    r = WeightRow::of({{0, .99995f}, {1, .00005f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 2, .5f, 1.f, lock1)));
    EXPECT_EQ(test::bitsOf(r.weightOf(1)), test::bitsOf(.00005f));
    EXPECT_NEAR(r.weightOf(2), .5, 1e-6);
    EXPECT_NEAR(r.sum(), 1.0, 1e-6);
    test::expectRowInvariants(r, lock1);
}

TEST(WeightNormalise, ALastSmallWeightStaysWhenNothingCouldRefillIt)
{
    // Lock 0 leaves 5e-5 for bone 1, the only unlocked bone: removing it
    // would leave the row 5e-5 short, so it stays even below the threshold.
    const std::vector<std::uint8_t> lock0 = {1};
    WeightRow r = WeightRow::of({{0, .99995f}, {1, .00005f}});
    r.apply(weightOp(BrushMode::Mix, 1, 0.f, 1.f, lock0));
    EXPECT_EQ(r.influences(), 2);
    EXPECT_EQ(test::bitsOf(r.weightOf(0)), test::bitsOf(.99995f));
    EXPECT_NEAR(r.sum(), 1.0, 1e-6);
}

TEST(WeightNormalise, RowsStaySortedAndPadded)
{
    // The smallest becomes the largest; the row is re-sorted and its freed
    // slots go back to joint 0, weight 0.
    WeightRow r = WeightRow::of({{4, .5f}, {7, .25f}, {9, .25f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 9, 1.f, 1.f)));
    EXPECT_EQ(r.joints, (std::vector<std::uint16_t>{9, 0, 0, 0}));
    EXPECT_EQ(r.weights, (std::vector<float>{1.f, 0.f, 0.f, 0.f}));
    r = WeightRow::of({{4, .5f}, {7, .25f}, {9, .25f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 9, .75f, 1.f)));
    EXPECT_EQ(r.joints, (std::vector<std::uint16_t>{9, 4, 7, 0}));
    test::expectRowInvariants(r);
    EXPECT_NEAR(r.sum(), 1.0, 1e-6);
}
