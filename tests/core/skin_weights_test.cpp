// SPDX-License-Identifier: MIT
#include "core/mesh/skin_weights.h"

#include <gtest/gtest.h>

#include <limits>

using namespace marrow;
using Influence = mesh::SkinWeightsBuilder::Influence;
using Rows = std::vector<std::vector<Influence>>;

namespace {
mesh::SkinWeights build(const Rows& rows, mesh::SkinWeightsBuilder::Report& report)
{
    return mesh::SkinWeightsBuilder::build(rows, report);
}

mesh::SkinWeights build(const Rows& rows)
{
    mesh::SkinWeightsBuilder::Report report;
    return build(rows, report);
}

// Two valid rows of stride 4, to break one invariant at a time.
mesh::SkinWeights goodWeights()
{
    mesh::SkinWeights w;
    w.stride = 4;
    w.joints = {2, 0, 0, 0, /**/ 1, 0, 2, 0};
    w.weights = {1.f, 0.f, 0.f, 0.f, /**/ .5f, .3f, .2f, 0.f};
    return w;
}

void expectInvalid(const mesh::SkinWeights& w, const std::string& message, std::size_t skinJoints = 3)
{
    const auto err = w.validate(skinJoints);
    ASSERT_TRUE(err) << "expected: " << message;
    EXPECT_EQ(*err, message);
}
} // namespace

TEST(SkinWeightsBuilder, MergesRepeatedJoints)
{
    const mesh::SkinWeights w = build({{{2, .25f}, {1, .5f}, {2, .25f}}});
    ASSERT_EQ(w.stride, 4);
    // Joint 2 totals .5, tying joint 1: ties keep the lower joint first.
    EXPECT_EQ(w.joints, (std::vector<std::uint16_t>{1, 2, 0, 0}));
    EXPECT_EQ(w.weights, (std::vector<float>{.5f, .5f, 0.f, 0.f}));
}

TEST(SkinWeightsBuilder, DropsZeroAndNegativeWeights)
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const mesh::SkinWeights w = build({{{0, 0.f}, {1, -.5f}, {2, 1.f}, {3, nan}}});
    EXPECT_EQ(w.joints, (std::vector<std::uint16_t>{2, 0, 0, 0}));
    EXPECT_EQ(w.weights, (std::vector<float>{1.f, 0.f, 0.f, 0.f}));
}

TEST(SkinWeightsBuilder, SortsLargestFirst)
{
    const mesh::SkinWeights w = build({{{0, .1f}, {1, .2f}, {2, .4f}, {3, .3f}}});
    EXPECT_EQ(w.joints, (std::vector<std::uint16_t>{2, 3, 1, 0}));
    EXPECT_FLOAT_EQ(w.weights[0], .4f);
    EXPECT_FLOAT_EQ(w.weights[1], .3f);
    EXPECT_FLOAT_EQ(w.weights[2], .2f);
    EXPECT_FLOAT_EQ(w.weights[3], .1f);
}

TEST(SkinWeightsBuilder, KeepsTheEightLargestOfTwelveAndRenormalises)
{
    // Joint j weighs j + 1: keep joints 11..4 (weights 12..5, total 68).
    std::vector<Influence> row;
    for (std::uint32_t j = 0; j < 12; ++j)
        row.push_back({j, static_cast<float>(j + 1)});
    mesh::SkinWeightsBuilder::Report report;
    const mesh::SkinWeights w = build({row}, report);
    ASSERT_EQ(w.stride, 8);
    EXPECT_EQ(w.joints, (std::vector<std::uint16_t>{11, 10, 9, 8, 7, 6, 5, 4}));
    for (int k = 0; k < 8; ++k)
        EXPECT_FLOAT_EQ(w.weights[static_cast<std::size_t>(k)], static_cast<float>(12 - k) / 68.f) << k;
    EXPECT_EQ(report.truncated, 1u);
    EXPECT_EQ(report.influencesDropped, 4u);
    EXPECT_FALSE(w.validate(12));
}

TEST(SkinWeightsBuilder, ReportsRenormalisedTruncatedAndZeroRows)
{
    std::vector<Influence> nine;
    for (std::uint32_t j = 0; j < 9; ++j)
        nine.push_back({j, 1.f / 9.f});
    const Rows rows = {
        {{0, 1.f}},                    // 0: fine
        {{0, 1.f}, {1, 1.f}},          // 1: sums to 2 -> renormalised
        {},                            // 2: no influences
        {{0, 0.f}, {1, -1.f}},         // 3: nothing positive
        {{0, .5f}, {1, .5005f}},       // 4: off by .0005, within 1e-3: not reported
        nine,                          // 5: truncated
        {{0, .1f}, {1, .1f}},          // 6: renormalised
    };
    mesh::SkinWeightsBuilder::Report report;
    const mesh::SkinWeights w = build(rows, report);
    EXPECT_EQ(report.renormalised, 2u);
    EXPECT_EQ(report.truncated, 1u);
    EXPECT_EQ(report.influencesDropped, 1u);
    EXPECT_EQ(report.zeroRows, (std::vector<std::uint32_t>{2, 3}));
    EXPECT_EQ(report.renormalisedRows, (std::vector<std::uint32_t>{1, 6})) << "row 4 is within 1e-3";
    EXPECT_EQ(report.truncatedRows, (std::vector<std::uint32_t>{5}));
    ASSERT_EQ(w.vertexCount(), rows.size());
    // Zero rows are left all zero; the others sum to 1.
    for (float x : w.weightRow(2))
        EXPECT_EQ(x, 0.f);
    EXPECT_FLOAT_EQ(w.weightRow(1)[0] + w.weightRow(1)[1], 1.f);
    EXPECT_FLOAT_EQ(w.weightRow(6)[0], .5f);
}

TEST(SkinWeightsBuilder, ChoosesStrideFourOrEight)
{
    const mesh::SkinWeights four = build({{{0, .25f}, {1, .25f}, {2, .25f}, {3, .25f}}, {{0, 1.f}}});
    EXPECT_EQ(four.stride, 4);
    EXPECT_EQ(four.joints.size(), 8u);
    EXPECT_EQ(four.maxInfluences(), 4);
    const mesh::SkinWeights eight = build({{{0, .2f}, {1, .2f}, {2, .2f}, {3, .2f}, {4, .2f}}, {{0, 1.f}}});
    EXPECT_EQ(eight.stride, 8);
    EXPECT_EQ(eight.weights.size(), 16u);
    EXPECT_EQ(eight.maxInfluences(), 5);
    EXPECT_FALSE(eight.validate(5));
    // Zero and negative entries do not count towards the width.
    const mesh::SkinWeights dropped = build({{{0, .5f}, {1, .5f}, {2, 0.f}, {3, 0.f}, {4, -1.f}}});
    EXPECT_EQ(dropped.stride, 4);
    EXPECT_EQ(build({}).stride, 4);
}

TEST(SkinWeightsBuilder, RepeatedJointsDoNotWidenTheStride)
{
    // Five entries but four distinct joints: fits in stride 4.
    const mesh::SkinWeights w = build({{{0, .2f}, {1, .2f}, {2, .2f}, {3, .2f}, {0, .2f}}});
    EXPECT_EQ(w.stride, 4);
    EXPECT_EQ(w.joints, (std::vector<std::uint16_t>{0, 1, 2, 3}));
    EXPECT_FLOAT_EQ(w.weights[0], .4f);
    EXPECT_FALSE(w.validate(4));
}

TEST(SkinWeights, ValidateAcceptsGoodWeights)
{
    EXPECT_FALSE(goodWeights().validate(3));
    EXPECT_FALSE(mesh::SkinWeights{}.validate(0));
    EXPECT_EQ(goodWeights().vertexCount(), 2u);
    EXPECT_EQ(goodWeights().maxInfluences(), 3);
}

TEST(SkinWeights, ValidateCatchesEachBrokenInvariant)
{
    {
        mesh::SkinWeights w = goodWeights();
        w.stride = 3;
        expectInvalid(w, "stride must be 4 or 8");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.joints.pop_back();
        expectInvalid(w, "joint and weight arrays do not match the stride");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.joints.pop_back();
        w.weights.pop_back();
        expectInvalid(w, "joint and weight arrays do not match the stride");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.weights[5] = -.3f;
        expectInvalid(w, "vertex 1 has an invalid weight");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.weights[0] = std::numeric_limits<float>::quiet_NaN();
        expectInvalid(w, "vertex 0 has an invalid weight");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.weights[0] = std::numeric_limits<float>::infinity();
        expectInvalid(w, "vertex 0 has an invalid weight");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.weights = {1.f, 0.f, 0.f, 0.f, /**/ .3f, .5f, .2f, 0.f};
        expectInvalid(w, "vertex 1 is not sorted by weight");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.joints[6] = 3;
        expectInvalid(w, "vertex 1 uses joint 3, out of range");
    }
    {
        mesh::SkinWeights w = goodWeights();
        w.joints[6] = 1;
        expectInvalid(w, "vertex 1 repeats joint 1");
    }
    {
        // A row summing to 0.9 (painted with Auto-Normalize off) is valid:
        // it is kept as painted and deforms as if divided by its sum.
        mesh::SkinWeights w = goodWeights();
        w.weights[6] = .1f;
        EXPECT_FALSE(w.validate(3));
        EXPECT_FLOAT_EQ(mesh::deformRowScale(w.weightRow(1)), 1.f / .9f);
        EXPECT_EQ(mesh::deformRowScale(w.weightRow(0)), 1.f) << "a row summing to 1 deforms as written";
    }
    {
        // A zero row (the builder's zeroRows before repair) has no weight to deform by.
        mesh::SkinWeights w = goodWeights();
        w.weights[0] = 0.f;
        w.joints[0] = 0;
        expectInvalid(w, "vertex 0 weights sum to 0.000000");
    }
    {
        // Padding must be joint 0 with weight 0.
        mesh::SkinWeights w = goodWeights();
        w.joints[7] = 2;
        expectInvalid(w, "vertex 1 has padding with joint 2");
    }
}

TEST(SkinWeights, ValidateMinimumSum)
{
    mesh::SkinWeights w = goodWeights();
    w.weights[4] = .60005f;  // unnormalised (sums to 1.10005): valid, deformed as normalised
    EXPECT_FALSE(w.validate(3));
    w.weights = {5e-5f, 0.f, 0.f, 0.f, /**/ .5f, .3f, .2f, 0.f};  // a row of almost nothing
    EXPECT_TRUE(w.validate(3)) << "the default minimum sum is 1e-4";
    EXPECT_FALSE(w.validate(3, 1e-5f));
}
