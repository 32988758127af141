// SPDX-License-Identifier: MIT
// The brush modes on one row, and the accumulate-off stroke cap. Locks, max
// influences and pruning are in weight_normalise_test.cpp.
#include "weight_rows.h"

#include <gtest/gtest.h>

using namespace marrow;
using skin::BrushMode;
using test::WeightRow;

using test::weightOp;

TEST(JobValidity, WeightOp)
{
    const WeightRow sentinel = WeightRow::of({{0, .5f}, {1, .5f}});
    const skin::WeightOp good = weightOp(BrushMode::Add, 1, .5f, .5f);
    {
        WeightRow r = sentinel;
        EXPECT_TRUE(r.apply(good));  // the baseline does change the row
    }
    // Spans that are not one row of stride 4 or 8.
    {
        WeightRow r = WeightRow::of({{0, .5f}, {1, .5f}}, 3);
        const WeightRow before = r;
        EXPECT_FALSE(r.apply(good));
        EXPECT_EQ(r, before);
    }
    {
        WeightRow r = sentinel;
        r.joints.pop_back();
        EXPECT_FALSE(skin::applyWeightOp(good, r.joints, r.weights));
        EXPECT_EQ(r.weights, sentinel.weights);
    }
    // Edits that change nothing: Sample, a locked bone, factor 0, a target already reached.
    const std::vector<std::uint8_t> lockOne = {0, 1};
    skin::WeightOp sample = good, locked = good, still = good, reached = weightOp(BrushMode::Mix, 1, .5f, 1.f);
    sample.mode = BrushMode::Sample;
    locked.locked = lockOne;
    still.factor = 0.f;
    for (const skin::WeightOp& o : {sample, locked, still, reached}) {
        WeightRow r = sentinel;
        EXPECT_FALSE(r.apply(o));
        EXPECT_EQ(r, sentinel);
    }
}

TEST(WeightOps, PaintedWeightPerMode)
{
    // c = .5, b = .5, f = .5 unless stated; clamped to [0, 1].
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Mix, 0, 1.f, .5f), .5f), .75f);
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Add, 0, .5f, .5f), .5f), .75f);
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Add, 0, 1.f, 1.f), .5f), 1.f);
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Subtract, 0, .5f, .5f), .5f), .25f);
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Subtract, 0, 1.f, 1.f), .5f), 0.f);
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Multiply, 0, .5f, .5f), .5f), .375f);  // .5 + (.25 - .5) / 2
    skin::WeightOp smooth = weightOp(BrushMode::Smooth, 0, 0.f, .5f);
    smooth.smoothTarget = .75f;
    EXPECT_FLOAT_EQ(skin::paintedWeight(smooth, .25f), .5f);
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Sample, 0, 1.f, 1.f), .3f), .3f);
    // Out-of-range inputs are clamped.
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Mix, 0, 2.f, 3.f), .5f), 1.f);
    EXPECT_FLOAT_EQ(skin::paintedWeight(weightOp(BrushMode::Add, 0, .5f, -1.f), .5f), .5f);
}

TEST(WeightOps, InvertSwapsAddAndSubtractAndMixesTowardsZero)
{
    auto inverted = [](BrushMode m, float b, float f) {
        skin::WeightOp o = weightOp(m, 0, b, f);
        o.invert = true;
        return skin::paintedWeight(o, .5f);
    };
    EXPECT_FLOAT_EQ(inverted(BrushMode::Add, .5f, .5f), .25f);
    EXPECT_FLOAT_EQ(inverted(BrushMode::Subtract, .5f, .5f), .75f);
    EXPECT_FLOAT_EQ(inverted(BrushMode::Mix, 1.f, .5f), .25f);  // towards 0, whatever the brush weight
    EXPECT_FLOAT_EQ(inverted(BrushMode::Multiply, .5f, .5f), .375f);  // unchanged by invert
}

TEST(WeightOps, EachModeOnOneRowNormalised)
{
    const WeightRow half = WeightRow::of({{0, .5f}, {1, .5f}});
    struct Case {
        const char* name;
        skin::WeightOp o;
        WeightRow expected;
    };
    skin::WeightOp mixToZero = weightOp(BrushMode::Mix, 1, 1.f, .5f);
    mixToZero.invert = true;
    skin::WeightOp smooth = weightOp(BrushMode::Smooth, 1, 0.f, .5f);
    smooth.smoothTarget = .75f;
    const Case cases[] = {
        {"mix", weightOp(BrushMode::Mix, 1, 1.f, .5f), WeightRow::of({{1, .75f}, {0, .25f}})},
        {"mix to 0", mixToZero, WeightRow::of({{0, .75f}, {1, .25f}})},
        {"add", weightOp(BrushMode::Add, 1, .5f, .5f), WeightRow::of({{1, .75f}, {0, .25f}})},
        {"subtract", weightOp(BrushMode::Subtract, 1, .5f, .5f), WeightRow::of({{0, .75f}, {1, .25f}})},
        {"multiply", weightOp(BrushMode::Multiply, 1, .5f, .5f), WeightRow::of({{0, .625f}, {1, .375f}})},
        {"smooth", smooth, WeightRow::of({{1, .625f}, {0, .375f}})},
        {"add to 1 removes the rest", weightOp(BrushMode::Add, 1, 1.f, 1.f), WeightRow::of({{1, 1.f}})},
        {"mix a new bone", weightOp(BrushMode::Mix, 2, .5f, 1.f), WeightRow::of({{2, .5f}, {0, .25f}, {1, .25f}})},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        WeightRow r = half;
        EXPECT_TRUE(r.apply(c.o));
        EXPECT_EQ(r, c.expected);
        test::expectRowInvariants(r);
    }
}

TEST(WeightOps, OthersGiveInProportionToTheirWeights)
{
    // Bone 1 goes from .25 to .625; bones 0 and 2 share the remaining .375 as 2 : 1.
    WeightRow r = WeightRow::of({{0, .5f}, {1, .25f}, {2, .25f}});
    EXPECT_TRUE(r.apply(weightOp(BrushMode::Mix, 1, 1.f, .5f)));
    EXPECT_EQ(r, WeightRow::of({{1, .625f}, {0, .25f}, {2, .125f}}));
}

TEST(WeightOps, WithoutAutoNormalizeOnlyThePaintedBoneMoves)
{
    WeightRow r = WeightRow::of({{0, .5f}, {1, .5f}});
    skin::WeightOp add = weightOp(BrushMode::Add, 1, .5f, .5f);
    add.autoNormalize = false;
    EXPECT_TRUE(r.apply(add));
    EXPECT_EQ(r, WeightRow::of({{1, .75f}, {0, .5f}}));
    skin::WeightOp sub = weightOp(BrushMode::Subtract, 0, 1.f, 1.f);
    sub.autoNormalize = false;
    EXPECT_TRUE(r.apply(sub));
    EXPECT_EQ(r, WeightRow::of({{1, .75f}}));  // bone 0 went to 0 and left the row
}

TEST(WeightOps, SampleReadsTheRow)
{
    const WeightRow r = WeightRow::of({{3, .625f}, {1, .375f}});
    EXPECT_EQ(r.weightOf(3), .625f);
    EXPECT_EQ(r.weightOf(1), .375f);
    EXPECT_EQ(r.weightOf(0), 0.f);  // padding says joint 0 but weighs nothing
}

TEST(WeightOps, SoleInfluenceCannotLoseWeight)
{
    // Nobody to give to: like Blender, the bone keeps 1.
    WeightRow r = WeightRow::of({{2, 1.f}});
    EXPECT_FALSE(r.apply(weightOp(BrushMode::Subtract, 2, .5f, 1.f)));
    EXPECT_EQ(r, WeightRow::of({{2, 1.f}}));
    // An empty row painted at .5 gets the whole weight.
    WeightRow empty = WeightRow::of({});
    EXPECT_TRUE(empty.apply(weightOp(BrushMode::Mix, 4, .5f, 1.f)));
    EXPECT_EQ(empty, WeightRow::of({{4, 1.f}}));
}

TEST(StrokeCap, StrongestFactorAndTarget)
{
    EXPECT_FLOAT_EQ(skin::strongestStrokeFactor(.25f, .5f), .5f);
    EXPECT_FLOAT_EQ(skin::strongestStrokeFactor(.5f, .25f), .5f);
    EXPECT_FLOAT_EQ(skin::strongestStrokeFactor(0.f, 2.f), 1.f);
    // Add .5 from a start weight of .25 at the strongest factor .5: .25 + .25.
    EXPECT_FLOAT_EQ(skin::strokeTargetWeight(weightOp(BrushMode::Add, 0, .5f, .1f), .25f, .5f), .5f);
    // Mix at full strength never passes the brush weight, from either side.
    EXPECT_FLOAT_EQ(skin::strokeTargetWeight(weightOp(BrushMode::Mix, 0, .5f, 0.f), .25f, 1.f), .5f);
    EXPECT_FLOAT_EQ(skin::strokeTargetWeight(weightOp(BrushMode::Mix, 0, .5f, 0.f), .75f, 1.f), .5f);
}

TEST(StrokeCap, RepeatedDabsNeverPassOnePassAtTheStrongestFactor)
{
    const WeightRow start = WeightRow::of({{0, .75f}, {1, .25f}});
    const skin::WeightOp add = weightOp(BrushMode::Add, 1, .25f, .5f);
    // Accumulating: four dabs at .5 compound.
    WeightRow accumulated = start;
    for (int i = 0; i < 4; ++i)
        accumulated.apply(add);
    EXPECT_FLOAT_EQ(accumulated.weightOf(1), .75f);  // .25 + 4 x .125
    // Capped: every dab repaints the start row with the strongest factor so far.
    WeightRow capped = start;
    float strongest = 0.f;
    for (float dab : {.5f, .5f, .25f, .5f}) {
        strongest = skin::strongestStrokeFactor(strongest, dab);
        EXPECT_TRUE(skin::applyStrokeCapped(add, strongest, start.joints, start.weights, capped.joints, capped.weights));
        EXPECT_EQ(capped, WeightRow::of({{0, .625f}, {1, .375f}}));  // .25 + .125, once
    }
    // A stronger dab raises the cap to one full-strength pass: .25 + .25.
    strongest = skin::strongestStrokeFactor(strongest, 1.f);
    EXPECT_TRUE(skin::applyStrokeCapped(add, strongest, start.joints, start.weights, capped.joints, capped.weights));
    EXPECT_EQ(capped, WeightRow::of({{0, .5f}, {1, .5f}}));
    // A row that ends where it started reports no change.
    EXPECT_FALSE(skin::applyStrokeCapped(add, 0.f, start.joints, start.weights, capped.joints, capped.weights));
    EXPECT_EQ(capped, start);
}
