// SPDX-License-Identifier: MIT
// The Weights menu's row operations with exact expected rows (issue 20):
// Normalize All, Limit Total, Clean and Quantize, with the subset, the mask
// and locks.
#include "core/skin/bulk_normalize.h"
#include "core/skin/weight_row.h"

#include <gtest/gtest.h>

#include <numeric>

namespace marrow {
namespace {

using skin::Influence;
using skin::WeightRow;

mesh::SkinWeights weightsOf(const std::vector<WeightRow>& rows, int stride = 4)
{
    return skin::packRows(rows, stride);
}

WeightRow row(const mesh::SkinWeights& w, std::size_t v)
{
    WeightRow r = skin::readRow(w, v);
    skin::sortRow(r);
    return r;
}

void expectRow(const mesh::SkinWeights& w, std::size_t v, const WeightRow& expected, float tolerance = 1e-6f)
{
    const WeightRow got = row(w, v);
    ASSERT_EQ(got.size(), expected.size()) << "vertex " << v;
    for (std::size_t k = 0; k < got.size(); ++k) {
        EXPECT_EQ(got[k].joint, expected[k].joint) << "vertex " << v << " slot " << k;
        EXPECT_NEAR(got[k].weight, expected[k].weight, tolerance) << "vertex " << v << " slot " << k;
    }
}

TEST(BulkNormalize, NormalizeAllDividesByTheSumAndLocksKeepTheirs)
{
    const mesh::SkinWeights w = weightsOf({{{0, 0.6f}, {1, 0.2f}}, {{0, 0.3f}, {1, 0.3f}, {2, 0.2f}}});
    skin::BulkReport report;
    const mesh::SkinWeights all = skin::normalizeAll(w, {}, &report);
    expectRow(all, 0, {{0, 0.75f}, {1, 0.25f}});
    expectRow(all, 1, {{0, 0.375f}, {1, 0.375f}, {2, 0.25f}});
    EXPECT_EQ(report.rowsChanged, 2u);
    skin::WeightScope locked;
    locked.locked = {0, 0, 1};  // joint 2 keeps 0.2; 0 and 1 share 0.8
    expectRow(skin::normalizeAll(w, locked), 1, {{0, 0.4f}, {1, 0.4f}, {2, 0.2f}});
    skin::WeightScope subset;
    subset.bones = {1};  // only joint 0 scales: 1 - 0.2 = 0.8
    expectRow(skin::normalizeAll(w, subset), 0, {{0, 0.8f}, {1, 0.2f}});
    skin::WeightScope masked;
    masked.vertices = {0, 1};
    const mesh::SkinWeights m = skin::normalizeAll(w, masked);
    expectRow(m, 0, row(w, 0));
    expectRow(m, 1, {{0, 0.375f}, {1, 0.375f}, {2, 0.25f}});
}

TEST(BulkNormalize, LimitTotalKeepsTheLargestTiesToTheLowerJoint)
{
    const mesh::SkinWeights w = weightsOf({{{0, 0.4f}, {1, 0.2f}, {2, 0.2f}, {3, 0.2f}}});
    skin::BulkReport report;
    const mesh::SkinWeights two = skin::limitTotal(w, {}, 2, &report);
    expectRow(two, 0, {{0, 0.4f / 0.6f}, {1, 0.2f / 0.6f}});
    EXPECT_EQ(report.influencesRemoved, 2u);
    skin::WeightScope locked;
    locked.locked = {0, 0, 0, 1};  // joint 3 stays; joints 1 and 2 go (2 first: the higher joint on a tie)
    expectRow(skin::limitTotal(w, locked, 2), 0, {{0, 0.8f}, {3, 0.2f}});
    expectRow(skin::limitTotal(w, {}, 4), 0, row(w, 0));
}

TEST(BulkNormalize, CleanRemovesSmallWeightsAndKeepsTheLargestOfAnAllSmallRow)
{
    const mesh::SkinWeights w = weightsOf({{{0, 0.9f}, {1, 0.06f}, {2, 0.04f}},
                                           {{0, 0.3f}, {1, 0.25f}, {2, 0.25f}, {3, 0.2f}}});
    skin::BulkReport report;
    const mesh::SkinWeights c = skin::cleanWeights(w, {}, 0.05f, &report);
    expectRow(c, 0, {{0, 0.9f / 0.96f}, {1, 0.06f / 0.96f}});
    expectRow(c, 1, row(w, 1));
    EXPECT_EQ(report.influencesRemoved, 1u);
    EXPECT_EQ(report.rowsChanged, 1u);
    expectRow(skin::cleanWeights(w, {}, 0.5f), 1, {{0, 1.f}}); // all below EPS: the largest stays
    skin::WeightScope locked;
    locked.locked = {0, 0, 1};
    expectRow(skin::cleanWeights(w, locked, 0.05f), 0, row(w, 0)); // a locked small weight stays
}

// Units per row as integers: exact sums of 255 (65535).
long units(const mesh::SkinWeights& w, std::size_t v, double scale)
{
    long sum = 0;
    for (const Influence& i : skin::readRow(w, v)) {
        const double u = static_cast<double>(i.weight) * scale;
        EXPECT_NEAR(u, std::round(u), 1e-3) << "a multiple of 1/" << scale;
        sum += std::lround(u);
    }
    return sum;
}

TEST(BulkNormalize, QuantizeGivesTheRemainingUnitsToTheLargestRemainders)
{
    // Thirds: 85 units each. 0.5/0.25/0.25 at 8 bits: 127.5, 63.75, 63.75 -> floors 127, 63, 63 (253);
    // two units left go to the larger remainders (0.75, not 0.5) -> 127, 64, 64.
    const mesh::SkinWeights w = weightsOf({{{0, 1.f / 3}, {1, 1.f / 3}, {2, 1.f / 3}},
                                           {{0, 0.5f}, {1, 0.25f}, {2, 0.25f}},
                                           {{4, 0.25f}, {2, 0.25f}, {3, 0.25f}, {1, 0.25f}}});
    const mesh::SkinWeights q8 = skin::quantizeWeights(w, {}, 8);
    for (std::size_t v = 0; v < 3; ++v)
        EXPECT_EQ(units(q8, v, 255.0), 255) << v;
    expectRow(q8, 1, {{0, 127.f / 255}, {1, 64.f / 255}, {2, 64.f / 255}});
    // 63.75 each: floors 63 x 4 = 252, three units left; all tie on remainder and weight: the lower joints win.
    expectRow(q8, 2, {{1, 64.f / 255}, {2, 64.f / 255}, {3, 64.f / 255}, {4, 63.f / 255}});
    const mesh::SkinWeights q16 = skin::quantizeWeights(w, {}, 16);
    for (std::size_t v = 0; v < 3; ++v)
        EXPECT_EQ(units(q16, v, 65535.0), 65535) << v;
    const mesh::SkinWeights tiny = weightsOf({{{0, 0.999f}, {1, 0.001f}}});
    expectRow(skin::quantizeWeights(tiny, {}, 8), 0, {{0, 1.f}}); // a weight rounded to 0 is removed
}

} // namespace
} // namespace marrow
