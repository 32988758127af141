// SPDX-License-Identifier: MIT
#pragma once
// One skin-weight row built from (joint, weight) pairs, for the weight op
// tests, and a check of the SkinWeights row invariants.
#include "core/mesh/skin_weights.h"
#include "core/skin/weight_delta.h"
#include "core/skin/weight_ops.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <utility>
#include <vector>

namespace marrow::test {

struct WeightRow {
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;

    // The entries in the order given, padded with (0, 0) to `stride`.
    static WeightRow of(std::initializer_list<std::pair<std::uint16_t, float>> entries, int stride = 4)
    {
        WeightRow r;
        for (const auto& [j, w] : entries) {
            r.joints.push_back(j);
            r.weights.push_back(w);
        }
        r.joints.resize(static_cast<std::size_t>(stride), 0);
        r.weights.resize(static_cast<std::size_t>(stride), 0.f);
        return r;
    }
    bool apply(const skin::WeightOp& op) { return skin::applyWeightOp(op, joints, weights); }
    float weightOf(std::uint16_t joint) const { return skin::rowWeight(joints, weights, joint); }
    int influences() const
    {
        int n = 0;
        for (float w : weights)
            n += w > 0.f;
        return n;
    }
    double sum() const
    {
        double s = 0.0;
        for (float w : weights)
            s += w;
        return s;
    }
    bool operator==(const WeightRow&) const = default;
};

inline std::uint32_t bitsOf(float f)
{
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

// Sorted by weight (ties by joint), zero-padded with joint 0, no repeated
// joint, no weight below the prune threshold unless its joint is locked.
inline void expectRowInvariants(const WeightRow& r, const std::vector<std::uint8_t>& locked = {})
{
    for (std::size_t k = 0; k < r.weights.size(); ++k) {
        const float w = r.weights[k];
        EXPECT_GE(w, 0.f) << "entry " << k;
        if (k > 0) {
            EXPECT_LE(w, r.weights[k - 1]) << "entry " << k << " is not sorted";
            if (w == r.weights[k - 1] && w > 0.f) {
                EXPECT_LT(r.joints[k - 1], r.joints[k]) << "tie not ordered by joint at " << k;
            }
        }
        if (w == 0.f) {
            EXPECT_EQ(r.joints[k], 0) << "padding at " << k << " names a joint";
            continue;
        }
        const bool isLocked = r.joints[k] < locked.size() && locked[r.joints[k]];
        if (!isLocked) {
            EXPECT_GE(w, skin::kPruneBelow) << "entry " << k << " should have been pruned";
        }
        for (std::size_t m = 0; m < k; ++m)
            EXPECT_NE(r.joints[m], r.joints[k]) << "joint repeats at " << k;
    }
}

// A weight op towards `bone` with the brush weight and factor given; the
// other fields keep their defaults.
inline skin::WeightOp weightOp(skin::BrushMode mode, std::uint16_t bone, float brushWeight, float factor,
                               const std::vector<std::uint8_t>& locked = {})
{
    skin::WeightOp o;
    o.mode = mode;
    o.bone = bone;
    o.brushWeight = brushWeight;
    o.factor = factor;
    o.locked = locked;
    return o;
}

// Writes a delta's "after" rows into a table, as a Paint Weights command does.
inline void applyDelta(mesh::SkinWeights& w, const skin::WeightDelta& d)
{
    const auto k = static_cast<std::size_t>(d.stride());
    for (std::size_t i = 0; i < d.size(); ++i)
        for (std::size_t s = 0; s < k; ++s) {
            w.joints[d.vertices()[i] * k + s] = d.afterJoints()[i * k + s];
            w.weights[d.vertices()[i] * k + s] = d.afterWeights()[i * k + s];
        }
}

// A vertex's weight for one skin joint, 0 when absent.
inline float weightOf(const mesh::SkinWeights& w, std::uint32_t v, std::uint16_t bone)
{
    return skin::rowWeight(w.jointRow(v), w.weightRow(v), bone);
}

} // namespace marrow::test
