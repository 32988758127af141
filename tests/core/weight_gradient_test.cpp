// SPDX-License-Identifier: MIT
// The weight gradient (issue 20): its factor along a line and around a
// centre, and the rows it gives: monotone along the line, from the start
// weights (never compounding), inside the mask, mirrored, locks kept.
#include "core/mesh/vertex_mirror_map.h"
#include "core/skin/falloff.h"
#include "core/skin/weight_gradient.h"
#include "core/skin/weight_ops.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace marrow;

namespace {

// `n` vertices in a row on screen, x = 10 i, each weighted 1 to bone 1.
mesh::SkinWeights rowOfVertices(std::size_t n, std::vector<glm::vec2>& projected)
{
    mesh::SkinWeights w;
    w.stride = 4;
    projected.clear();
    for (std::size_t i = 0; i < n; ++i) {
        w.joints.insert(w.joints.end(), {1, 0, 0, 0});
        w.weights.insert(w.weights.end(), {1.f, 0.f, 0.f, 0.f});
        projected.push_back({10.f * static_cast<float>(i), 5.f});
    }
    return w;
}

// The table after a delta (each changed row replaced).
mesh::SkinWeights applied(mesh::SkinWeights w, const skin::WeightDelta& delta)
{
    const auto k = static_cast<std::size_t>(delta.stride());
    for (std::size_t r = 0; r < delta.size(); ++r) {
        const std::uint32_t v = delta.vertices()[r];
        std::copy_n(delta.afterJoints().begin() + static_cast<std::ptrdiff_t>(r * k), k,
                    w.joints.begin() + static_cast<std::ptrdiff_t>(v * k));
        std::copy_n(delta.afterWeights().begin() + static_cast<std::ptrdiff_t>(r * k), k,
                    w.weights.begin() + static_cast<std::ptrdiff_t>(v * k));
    }
    return w;
}

float bone(const mesh::SkinWeights& w, std::uint32_t v, std::uint16_t b)
{
    return skin::rowWeight(w.jointRow(v), w.weightRow(v), b);
}

skin::BrushSettings linearBrush()
{
    skin::BrushSettings s;
    s.weight = 1.f;
    s.strength = 1.f;
    s.falloff = skin::FalloffPreset::Linear;
    return s;
}

} // namespace

TEST(WeightGradient, FactorIsOneBeforeTheStartFallsAlongTheLineAndIsZeroPastTheEnd)
{
    const skin::GradientLine line{{0.f, 0.f}, {100.f, 0.f}, false};
    using skin::FalloffPreset;
    EXPECT_FLOAT_EQ(skin::gradientFactor(line, FalloffPreset::Linear, {-30.f, 7.f}), 1.f);
    EXPECT_FLOAT_EQ(skin::gradientFactor(line, FalloffPreset::Linear, {25.f, -40.f}), .75f) << "across the line counts nothing";
    EXPECT_FLOAT_EQ(skin::gradientFactor(line, FalloffPreset::Linear, {100.f, 0.f}), 0.f);
    EXPECT_FLOAT_EQ(skin::gradientFactor(line, FalloffPreset::Linear, {130.f, 0.f}), 0.f);
    EXPECT_FLOAT_EQ(skin::gradientFactor(line, FalloffPreset::Smooth, {50.f, 0.f}), skin::falloff(FalloffPreset::Smooth, .5f));
    const skin::GradientLine radial{{0.f, 0.f}, {0.f, 50.f}, true};
    EXPECT_FLOAT_EQ(skin::gradientFactor(radial, FalloffPreset::Linear, {30.f, -40.f}), 0.f) << "at the radius";
    EXPECT_FLOAT_EQ(skin::gradientFactor(radial, FalloffPreset::Linear, {-20.f, 0.f}), .6f);
    const skin::GradientLine dot{{3.f, 3.f}, {3.2f, 3.f}, false};
    EXPECT_EQ(skin::gradientFactor(dot, FalloffPreset::Linear, {3.f, 3.f}), 0.f) << "a line under a pixel does nothing";
    EXPECT_EQ(skin::gradientFactor(line, FalloffPreset::Linear, {NAN, 0.f}), 0.f);
}

TEST(WeightGradient, RowsAreMonotoneAlongTheLineSumToOneAndReRunFromTheStart)
{
    std::vector<glm::vec2> projected;
    const mesh::SkinWeights start = rowOfVertices(12, projected);
    skin::StrokeTarget target;
    target.bone = 0;
    const skin::GradientLine line{{10.f, 0.f}, {90.f, 0.f}, false};
    const skin::WeightDelta delta = skin::gradientDelta(start, start, linearBrush(), target, line, projected);
    const mesh::SkinWeights after = applied(start, delta);
    EXPECT_FLOAT_EQ(bone(after, 0, 0), 1.f) << "before the start: the brush weight";
    EXPECT_FLOAT_EQ(bone(after, 5, 0), .5f);
    EXPECT_FLOAT_EQ(bone(after, 5, 1), .5f) << "the rest stays with the other bone";
    EXPECT_EQ(bone(after, 10, 0), 0.f) << "past the end: 0";
    EXPECT_EQ(delta.size(), 9u) << "vertices 9..11 were already 0 on bone 0";
    for (std::uint32_t v = 0; v < 12; ++v) {
        if (v > 0) {
            EXPECT_LE(bone(after, v, 0), bone(after, v - 1, 0)) << v;
        }
        EXPECT_NEAR(bone(after, v, 0) + bone(after, v, 1), 1.f, 1e-6f) << v;
    }
    // A longer drag re-runs from the start rows: the second call gives what
    // one call with the longer line gives, not a gradient of a gradient.
    const skin::GradientLine longer{{10.f, 0.f}, {110.f, 0.f}, false};
    const mesh::SkinWeights twice =
        applied(after, skin::gradientDelta(start, after, linearBrush(), target, longer, projected));
    const mesh::SkinWeights once = applied(start, skin::gradientDelta(start, start, linearBrush(), target, longer, projected));
    EXPECT_EQ(twice, once);
}

TEST(WeightGradient, OnlyMaskedVerticesChangeLockedBonesKeepTheirBitsAndTheMirrorTakesTheValue)
{
    std::vector<glm::vec2> projected;
    mesh::SkinWeights start = rowOfVertices(6, projected);
    // Vertex 2 also holds a locked bone 3 at 0.25.
    start.joints[8 + 1] = 3;
    start.weights[8] = .75f;
    start.weights[8 + 1] = .25f;
    const std::vector<std::uint8_t> mask = {1, 0, 1, 0, 0, 0};
    const std::vector<std::uint8_t> locked = {0, 0, 0, 1};
    // Vertex v mirrors onto 5 - v; bone 0 mirrors to bone 2.
    const std::vector<std::uint32_t> partner = {5, 4, 3, 2, 1, 0};
    skin::StrokeTarget target;
    target.bone = 0;
    target.mask = mask;
    target.locked = locked;
    const skin::GradientLine line{{0.f, 0.f}, {40.f, 0.f}, false};
    mesh::SkinWeights after = applied(start, skin::gradientDelta(start, start, linearBrush(), target, line, projected));
    EXPECT_FLOAT_EQ(bone(after, 0, 0), 1.f);
    EXPECT_EQ(bone(after, 1, 0), 0.f) << "not in the mask";
    EXPECT_EQ(bone(after, 2, 3), .25f) << "the locked bone keeps its bits";
    EXPECT_FLOAT_EQ(bone(after, 2, 0), .5f);
    EXPECT_FLOAT_EQ(bone(after, 2, 1), .25f) << "the others share what is left";

    // Mirrored on a row of symmetric rows (no lock): each side's bone takes the other's value.
    const mesh::SkinWeights even = rowOfVertices(6, projected);
    target.mask = {};
    target.locked = {};
    target.mirrorVertex = partner;
    target.mirrorBone = 2;
    after = applied(even, skin::gradientDelta(even, even, linearBrush(), target, line, projected));
    for (std::uint32_t v = 0; v < 6; ++v)
        EXPECT_NEAR(bone(after, 5 - v, 2), bone(after, v, 0), 1e-6f) << "the mirror of vertex " << v;
    EXPECT_GT(bone(after, 0, 0), bone(after, 5, 0)) << "the gradient itself is not symmetric";
}
