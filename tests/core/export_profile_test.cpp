// SPDX-License-Identifier: MIT
// The export profile (issue 23): what a file stores when it keeps at most N
// influences as float, u16 or u8 weights. Every quantised row sums to exactly
// 255 or 65535 units, ties go by the stated rule, a limit keeps the largest,
// and the displacement the profile causes matches a hand-computed case.
#include "core/model/export_profile.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace marrow;

namespace {

mesh::SkinWeights oneRow(std::vector<std::uint16_t> joints, std::vector<float> weights, int stride = 8)
{
    mesh::SkinWeights w;
    w.stride = stride;
    joints.resize(static_cast<std::size_t>(stride), 0);
    weights.resize(static_cast<std::size_t>(stride), 0.f);
    w.joints = joints;
    w.weights = weights;
    return w;
}

long units(float w, double scale)
{
    return std::lround(static_cast<double>(w) * scale);
}

} // namespace

TEST(ExportProfile, QuantisedRowsSumToExactlyTheGridsUnits)
{
    std::mt19937 random(23);
    std::uniform_real_distribution<float> share(0.01f, 1.f);
    mesh::SkinWeights w;
    w.stride = 8;
    for (int v = 0; v < 500; ++v) {
        const int n = 1 + v % 8;
        std::vector<float> row(8, 0.f);
        float sum = 0.f;
        for (int k = 0; k < n; ++k)
            sum += row[static_cast<std::size_t>(k)] = share(random);
        std::sort(row.begin(), row.begin() + n, std::greater<>());
        for (int k = 0; k < 8; ++k) {
            w.joints.push_back(static_cast<std::uint16_t>(k));
            w.weights.push_back(row[static_cast<std::size_t>(k)] / sum);
        }
    }
    for (const auto& [storage, scale] : {std::pair{model::WeightStorage::U8, 255.0}, {model::WeightStorage::U16, 65535.0}})
        for (int limit : {4, 8}) {
            const mesh::SkinWeights q = model::profiledWeights(w, {limit, storage});
            EXPECT_EQ(q.stride, limit == 4 ? 4 : 8);
            for (std::size_t v = 0; v < q.vertexCount(); ++v) {
                long sum = 0;
                int count = 0;
                for (float x : q.weightRow(v)) {
                    EXPECT_NEAR(static_cast<double>(x) * scale, static_cast<double>(units(x, scale)), 1e-2) << "on the grid (float holds u16 units to 0.004)";
                    sum += units(x, scale);
                    count += x > 0.f;
                }
                EXPECT_EQ(sum, static_cast<long>(scale)) << "row " << v;
                EXPECT_LE(count, limit);
            }
        }
}

TEST(ExportProfile, TiedRemaindersGoToTheLowerJoint)
{
    // Two halves in u8: 127.5 units each, the unit left to the lower joint
    // (the weights tie too). Exact binary fractions, so no float rounding
    // decides the tie (the larger-weight rule is skin::quantizeWeights' own test).
    mesh::SkinWeights q = model::profiledWeights(oneRow({7, 3}, {.5f, .5f}), {8, model::WeightStorage::U8});
    EXPECT_EQ(units(q.weights[0], 255.0) + units(q.weights[1], 255.0), 255);
    EXPECT_EQ(units(q.joints[0] == 3 ? q.weights[0] : q.weights[1], 255.0), 128);
    // Four equal quarters: 63.75 each, 3 units left, to the three lower joints.
    q = model::profiledWeights(oneRow({5, 2, 9, 1}, {.25f, .25f, .25f, .25f}), {8, model::WeightStorage::U8});
    std::map<std::uint16_t, long> byJoint;
    for (std::size_t k = 0; k < 8; ++k)
        if (q.weights[k] > 0.f)
            byJoint[q.joints[k]] = units(q.weights[k], 255.0);
    EXPECT_EQ(byJoint, (std::map<std::uint16_t, long>{{1, 64}, {2, 64}, {5, 64}, {9, 63}}));
}

TEST(ExportProfile, ALimitKeepsTheLargestAndRenormalises)
{
    const mesh::SkinWeights q =
        model::profiledWeights(oneRow({0, 1, 2, 3, 4, 5}, {.3f, .25f, .2f, .1f, .1f, .05f}), {4, model::WeightStorage::Float});
    ASSERT_EQ(q.stride, 4);
    EXPECT_EQ(q.joints[0], 0);
    EXPECT_EQ(q.joints[1], 1);
    EXPECT_EQ(q.joints[2], 2);
    EXPECT_EQ(q.joints[3], 3) << "of the two 0.1s the higher joint goes";
    EXPECT_NEAR(q.weights[0] + q.weights[1] + q.weights[2] + q.weights[3], 1.f, 1e-6f);
    EXPECT_NEAR(q.weights[0], .3f / .85f, 1e-6f);
    const model::ExportProfile none;
    EXPECT_FALSE(none.changesWeights());
    EXPECT_EQ(model::profiledWeights(oneRow({0, 1}, {.6f, .4f}), none), oneRow({0, 1}, {.6f, .4f}));
}

TEST(ExportProfile, TheDisplacementMatchesAHandComputedBend)
{
    // fourVertexSkinRig's "bend" turns the elbow (at (2,1,0)) 90 degrees about
    // Z at t = 1. With one influence, v1 (1,1,0; shoulder .75, elbow .25)
    // loses the elbow: fully weighted it goes to .75 (1,1,0) + .25 (2,0,0) =
    // (1.25, .75, 0), profiled it stays at (1,1,0): |(.25, -.25, 0)|.
    const model::Rig rig = test::fourVertexSkinRig();
    const model::ExportProfile one{1, model::WeightStorage::Float};
    model::PoseRequest bent;
    bent.clip = 0;
    bent.time = 1.0;
    const model::ProfileDisplacement at = model::profileDisplacement(rig, model::profiledRig(rig, one), bent);
    EXPECT_NEAR(at.largest, std::sqrt(.125f), 1e-6f);
    EXPECT_EQ(at.mesh, 0);
    EXPECT_EQ(at.vertex, 1u);
    EXPECT_NEAR(at.perVertex[0][2], 0.f, 1e-6f) << "v2 sits on the elbow's pivot";
    EXPECT_EQ(model::profileDisplacement(rig, model::profiledRig(rig, one), {}).largest, 0.f) << "none at rest";

    const int clips[] = {0};
    const auto over = model::profileDisplacementOverClips(rig, one, clips, 30.0);
    ASSERT_TRUE(over);
    EXPECT_NEAR(over->largest, std::sqrt(.125f), 1e-6f);
    EXPECT_EQ(over->clip, 0);
    EXPECT_NEAR(over->time, 1.0, 1e-9);
    EXPECT_EQ(over->poses, 32u) << "the rest pose and 31 frames";
    EXPECT_FALSE(model::profileDisplacementOverClips(rig, one, clips, 30.0, [](float) { return false; }))
        << "cancelled";
}
