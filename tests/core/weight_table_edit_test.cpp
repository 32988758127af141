// SPDX-License-Identifier: MIT
// The weight table's edits (issue 23): a typed value is kept and the row's
// other unlocked influences share the rest in proportion; locked bones never
// change; a block of cells in one row is held together; a value with nothing
// to share the rest with leaves the row summing to 1; a new bone in a full
// row pushes out the smallest other influence.
#include "core/skin/weight_row.h"
#include "core/skin/weight_table_edit.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

// One vertex, stride 4: joints and weights as given (sorted by the caller).
mesh::SkinWeights row(std::vector<std::uint16_t> joints, std::vector<float> weights)
{
    mesh::SkinWeights w;
    w.stride = 4;
    joints.resize(4, 0);
    weights.resize(4, 0.f);
    w.joints = joints;
    w.weights = weights;
    return w;
}

// The row after applying the delta.
skin::WeightRow after(const mesh::SkinWeights& w, const std::vector<skin::CellEdit>& edits, skin::WeightScope scope = {})
{
    const skin::WeightDelta d = skin::tableEditDelta(w, edits, scope, 8);
    if (d.empty())
        return skin::readRow(w, 0);
    mesh::SkinWeights out = w;
    std::copy(d.afterJoints().begin(), d.afterJoints().end(), out.joints.begin());
    std::copy(d.afterWeights().begin(), d.afterWeights().end(), out.weights.begin());
    return skin::readRow(out, 0);
}

} // namespace

TEST(WeightTableEdit, TheOthersShareTheRestInProportion)
{
    const skin::WeightRow r = after(row({0, 1, 2}, {.5f, .3f, .2f}), {{0, 1, .5f}});
    EXPECT_NEAR(skin::weightOf(r, 1), .5f, 1e-6f);
    EXPECT_NEAR(skin::weightOf(r, 0), .5f * .5f / .7f, 1e-6f);
    EXPECT_NEAR(skin::weightOf(r, 2), .5f * .2f / .7f, 1e-6f);
    EXPECT_NEAR(skin::rowSum(r), 1.f, 1e-6f);
}

TEST(WeightTableEdit, LockedBonesHold)
{
    skin::WeightScope scope;
    scope.locked = {1, 0, 0};  // joint 0 locked
    skin::WeightRow r = after(row({0, 1, 2}, {.5f, .3f, .2f}), {{0, 1, .4f}}, scope);
    EXPECT_FLOAT_EQ(skin::weightOf(r, 0), .5f);
    EXPECT_NEAR(skin::weightOf(r, 1), .4f, 1e-6f);
    EXPECT_NEAR(skin::weightOf(r, 2), .1f, 1e-6f);
    // More than the lock leaves: the edit is scaled to fit.
    r = after(row({0, 1, 2}, {.5f, .3f, .2f}), {{0, 1, .8f}}, scope);
    EXPECT_FLOAT_EQ(skin::weightOf(r, 0), .5f);
    EXPECT_NEAR(skin::weightOf(r, 1), .5f, 1e-6f);
    EXPECT_EQ(skin::weightOf(r, 2), 0.f);
    // An edit of the locked bone itself is ignored.
    EXPECT_TRUE(skin::tableEditDelta(row({0, 1, 2}, {.5f, .3f, .2f}), std::vector<skin::CellEdit>{{0, 0, .1f}}, scope, 8).empty());
}

TEST(WeightTableEdit, ABlockInOneRowIsHeldTogether)
{
    const skin::WeightRow r = after(row({0, 1, 2}, {.5f, .3f, .2f}), {{0, 0, .2f}, {0, 1, .2f}});
    EXPECT_NEAR(skin::weightOf(r, 0), .2f, 1e-6f);
    EXPECT_NEAR(skin::weightOf(r, 1), .2f, 1e-6f);
    EXPECT_NEAR(skin::weightOf(r, 2), .6f, 1e-6f);
}

TEST(WeightTableEdit, ALoneInfluenceStaysWhole)
{
    EXPECT_TRUE(skin::tableEditDelta(row({3}, {1.f}), std::vector<skin::CellEdit>{{0, 3, .6f}}, {}, 8).empty())
        << "nothing could take the other 0.4";
}

TEST(WeightTableEdit, ANewBoneInAFullRowPushesOutTheSmallest)
{
    const skin::WeightRow r = after(row({0, 1, 2, 4}, {.4f, .3f, .2f, .1f}), {{0, 5, .2f}});
    ASSERT_EQ(r.size(), 4u);
    EXPECT_EQ(skin::weightOf(r, 4), 0.f) << "the smallest other went";
    EXPECT_NEAR(skin::weightOf(r, 5), .2f, 1e-6f);
    EXPECT_NEAR(skin::weightOf(r, 0), .8f * .4f / .9f, 1e-6f);
    EXPECT_NEAR(skin::rowSum(r), 1.f, 1e-6f);
}

TEST(WeightTableEdit, BadCellsAreSkipped)
{
    const mesh::SkinWeights w = row({0, 1}, {.5f, .5f});
    const std::vector<skin::CellEdit> bad{{3, 0, .2f}, {0, 9, .2f}, {0, 0, NAN}};
    EXPECT_TRUE(skin::tableEditDelta(w, bad, {}, 8).empty());
}
