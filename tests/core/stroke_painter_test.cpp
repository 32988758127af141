// SPDX-License-Identifier: MIT
#include "weight_rows.h"
#include "core/mesh/vertex_mirror_map.h"
#include "core/skin/stroke_painter.h"
#include "core/skin/weight_ops.h"

#include <gtest/gtest.h>

#include <vector>

using namespace marrow;

namespace {

// Rows given as (joint, weight) pairs, sorted and padded to stride 4.
mesh::SkinWeights table(const std::vector<std::vector<std::pair<std::uint16_t, float>>>& rows)
{
    mesh::SkinWeights w;
    w.stride = 4;
    for (const auto& row : rows) {
        std::vector<std::pair<std::uint16_t, float>> r = row;
        std::sort(r.begin(), r.end(), [](auto& a, auto& b) { return a.second > b.second; });
        r.resize(4, {0, 0.f});
        for (const auto& [j, x] : r) {
            w.joints.push_back(j);
            w.weights.push_back(x);
        }
    }
    return w;
}

skin::BrushSettings constantBrush(skin::BrushMode mode, float strength)
{
    skin::BrushSettings s;
    s.mode = mode;
    s.falloff = skin::FalloffPreset::Constant;
    s.strength = strength;
    return s;
}

const std::vector<std::uint32_t> kV0 = {0};
const std::vector<float> kCentre = {0.f};

} // namespace

TEST(JobValidity, StrokePainter)
{
    mesh::SkinWeights w = table({{{1, 1.f}}});
    skin::StrokePainter painter;
    EXPECT_TRUE(painter.dab(w, kV0, kCentre, {}).empty()) << "no stroke begun";
    painter.begin(constantBrush(skin::BrushMode::Sample, 1.f), {}, nullptr);
    EXPECT_TRUE(painter.dab(w, kV0, kCentre, {}).empty()) << "Sample changes nothing";
    painter.begin(constantBrush(skin::BrushMode::Mix, 1.f), {}, nullptr);
    const std::vector<std::uint32_t> outOfRange = {7};
    EXPECT_TRUE(painter.dab(w, outOfRange, kCentre, {}).empty()) << "vertices past the table are skipped";
    w.stride = 5;
    EXPECT_TRUE(painter.dab(w, kV0, kCentre, {}).empty()) << "a stride that is not 4 or 8";
}

TEST(StrokePainter, MixAtHalfStrengthGivesHalfAndTakesFromTheOthers)
{
    mesh::SkinWeights w = table({{{1, 1.f}}, {{1, .5f}, {2, .5f}}});
    skin::StrokePainter painter;
    skin::StrokeTarget target;
    target.bone = 0;
    painter.begin(constantBrush(skin::BrushMode::Mix, .5f), target, nullptr);
    const std::vector<std::uint32_t> both = {0, 1};
    const std::vector<float> d = {0.f, .5f};
    const skin::WeightDelta delta = painter.dab(w, both, d, {});
    ASSERT_EQ(delta.size(), 2u);
    EXPECT_FLOAT_EQ(delta.beforeWeights()[0], 1.f) << "before is the row as it was";
    test::applyDelta(w, delta);
    EXPECT_FLOAT_EQ(test::weightOf(w, 0, 0), .5f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 0, 1), .5f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 0), .5f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 1), .25f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 2), .25f);
    EXPECT_FALSE(w.validate(3)) << *w.validate(3);
}

TEST(StrokePainter, AccumulateOffNeverCompoundsButAccumulateOnDoes)
{
    for (const bool accumulate : {false, true}) {
        mesh::SkinWeights w = table({{{1, 1.f}}});
        skin::StrokePainter painter;
        skin::BrushSettings s = constantBrush(skin::BrushMode::Add, .5f);
        s.weight = .5f;
        s.accumulate = accumulate;
        painter.begin(s, {}, nullptr);
        for (int dab = 0; dab < 3; ++dab)
            test::applyDelta(w, painter.dab(w, kV0, kCentre, {}));
        // One dab adds 0.5 x 0.5 = 0.25; three compound to 0.75 only when accumulating.
        EXPECT_FLOAT_EQ(test::weightOf(w, 0, 0), accumulate ? .75f : .25f) << "accumulate " << accumulate;
        EXPECT_EQ(painter.rememberedRows(), accumulate ? 0u : 1u);
    }
}

TEST(StrokePainter, CtrlInvertsAddIntoSubtract)
{
    mesh::SkinWeights w = table({{{0, .5f}, {1, .5f}}});
    skin::StrokePainter painter;
    skin::BrushSettings s = constantBrush(skin::BrushMode::Add, 1.f);
    s.weight = .25f;
    painter.begin(s, {}, nullptr);
    test::applyDelta(w, painter.dab(w, kV0, kCentre, {.invert = true}));
    EXPECT_FLOAT_EQ(test::weightOf(w, 0, 0), .25f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 0, 1), .75f);
}

TEST(StrokePainter, LockedBonesKeepTheirBitsAndTheRowSumsToOne)
{
    mesh::SkinWeights w = table({{{1, .3f}, {2, .3f}, {3, .4f}}});
    const std::vector<std::uint8_t> locked = {0, 0, 1, 0};
    skin::StrokePainter painter;
    skin::StrokeTarget target;
    target.bone = 1;
    target.locked = locked;
    painter.begin(constantBrush(skin::BrushMode::Mix, 1.f), target, nullptr);
    test::applyDelta(w, painter.dab(w, kV0, kCentre, {}));
    EXPECT_EQ(test::weightOf(w, 0, 2), .3f) << "the locked bone is untouched";
    EXPECT_FLOAT_EQ(test::weightOf(w, 0, 1), .7f) << "the painted bone is clamped to 1 - locked";
    EXPECT_EQ(test::weightOf(w, 0, 3), 0.f);
}

TEST(StrokePainter, MirrorPaintsThePartnerVertexWithTheMirroredBone)
{
    // Vertices 0 and 2 mirror each other, 1 lies on the plane; bones 1 (L) and 2 (R) swap.
    mesh::SkinWeights w = table({{{0, 1.f}}, {{0, 1.f}}, {{0, 1.f}}});
    const std::vector<std::uint32_t> partner = {2, 1, 0};
    skin::StrokePainter painter;
    skin::StrokeTarget target;
    target.bone = 1;
    target.mirrorVertex = partner;
    target.mirrorBone = 2;
    painter.begin(constantBrush(skin::BrushMode::Mix, .5f), target, nullptr);
    const std::vector<std::uint32_t> v = {0, 1};
    const std::vector<float> d = {0.f, 0.f};
    const skin::WeightDelta delta = painter.dab(w, v, d, {});
    EXPECT_EQ(delta.size(), 3u);
    test::applyDelta(w, delta);
    EXPECT_FLOAT_EQ(test::weightOf(w, 0, 1), .5f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 2, 2), .5f) << "the partner gets the mirrored bone";
    EXPECT_EQ(test::weightOf(w, 2, 1), 0.f);
    // On the plane both sides paint, neither first: bone 1 then bone 2 gives
    // (0.25, 0.5) and the other order (0.5, 0.25), so each gets 0.375 and
    // bone 0 keeps 0.25 (one after the other, the plane leaned to bone 2).
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 1), .375f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 2), .375f);
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 0), .25f);
    EXPECT_FALSE(w.validate(3));
}

TEST(StrokePainter, SmoothMovesTowardsTheNeighbourAverageAndAccumulates)
{
    // A strip 0-1-2: bone 1 weighs 1, 0, 1; smoothing the middle at full strength gives 1.
    mesh::SkinWeights w = table({{{1, 1.f}}, {{0, 1.f}}, {{1, 1.f}}});
    mesh::VertexAdjacency adjacency;
    const std::vector<std::uint32_t> tri = {0, 1, 2};
    ASSERT_FALSE(adjacency.build(3, tri));
    skin::StrokePainter painter;
    skin::StrokeTarget target;
    target.bone = 1;
    painter.begin(constantBrush(skin::BrushMode::Mix, .5f), target, &adjacency);
    const std::vector<std::uint32_t> mid = {1};
    test::applyDelta(w, painter.dab(w, mid, kCentre, {.smooth = true}));
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 1), .5f) << "Shift smooths halfway to the average 1";
    test::applyDelta(w, painter.dab(w, mid, kCentre, {.smooth = true}));
    EXPECT_FLOAT_EQ(test::weightOf(w, 1, 1), .75f) << "smooth accumulates dab on dab";
}

TEST(StrokePainter, FalloffAndStrengthScaleTheFactor)
{
    mesh::SkinWeights w = table({{{1, 1.f}}});
    skin::StrokePainter painter;
    skin::BrushSettings s;
    s.mode = skin::BrushMode::Mix;
    s.falloff = skin::FalloffPreset::Linear;
    s.strength = .5f;
    painter.begin(s, {}, nullptr);
    const std::vector<float> half = {.5f};
    test::applyDelta(w, painter.dab(w, kV0, half, {}));
    EXPECT_FLOAT_EQ(test::weightOf(w, 0, 0), .25f) << "0.5 strength x linear falloff 0.5";
    const std::vector<float> rim = {1.f};
    EXPECT_TRUE(painter.dab(w, kV0, rim, {}).empty()) << "the rim has factor 0";
}
