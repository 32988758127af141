// SPDX-License-Identifier: MIT
#include "core/skin/weight_ops.h"

#include "core/mesh/skin_weights.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace marrow::skin {

namespace {

struct Entry {
    std::uint16_t joint;
    float weight;
};

// A row's non-zero influences, unordered while an op works on them.
struct Influences {
    Entry at[mesh::kMaxInfluences];
    int count = 0;

    void erase(int i)
    {
        std::copy(at + i + 1, at + count, at + i);
        --count;
    }
};

float clamp01(float x)
{
    return std::isnan(x) ? 0.f : std::clamp(x, 0.f, 1.f);
}

bool isLocked(const WeightOp& op, std::uint16_t joint)
{
    return joint < op.locked.size() && op.locked[joint] != 0;
}

bool isRow(std::span<const std::uint16_t> joints, std::span<const float> weights)
{
    return (weights.size() == 4 || weights.size() == 8) && joints.size() == weights.size();
}

// The smallest unlocked influence (the later one on ties, so in a sorted row
// the higher joint goes), or -1 when every one is locked.
int smallestUnlocked(const WeightOp& op, const Influences& in)
{
    int best = -1;
    for (int i = 0; i < in.count; ++i)
        if (!isLocked(op, in.at[i].joint) && (best < 0 || in.at[i].weight <= in.at[best].weight))
            best = i;
    return best;
}

// Step 3 of applyWeightOp: the painted influence `painted` keeps its weight
// (clamped to the room the locked ones leave) and the other unlocked ones
// share the rest in proportion. Sums in double so the shares add up.
void normaliseAround(const WeightOp& op, Influences& in, int painted)
{
    double lockedSum = 0.0, others = 0.0;
    for (int i = 0; i < in.count; ++i) {
        if (isLocked(op, in.at[i].joint))
            lockedSum += in.at[i].weight;
        else if (i != painted)
            others += in.at[i].weight;
    }
    const double room = std::max(0.0, 1.0 - lockedSum);
    const double mine = std::min<double>(in.at[painted].weight, room);
    if (others <= 0.0) {
        // Nobody to take from or give to: the painted bone fills the room.
        in.at[painted].weight = static_cast<float>(room);
        return;
    }
    const double scale = (room - mine) / others;
    for (int i = 0; i < in.count; ++i)
        if (i != painted && !isLocked(op, in.at[i].joint))
            in.at[i].weight = static_cast<float>(in.at[i].weight * scale);
    in.at[painted].weight = static_cast<float>(mine);
}

// Step 4: removes unlocked influences below kPruneBelow. When normalising,
// their sum goes to the remaining unlocked ones other than the painted bone
// in proportion (to the painted bone only when no other is left), so the
// painted weight stays what the brush asked for.
void prune(const WeightOp& op, Influences& in, std::uint16_t paintedJoint)
{
    double kept = 0.0, keptOthers = 0.0, small = 0.0;
    int largestSmall = -1;
    for (int i = 0; i < in.count; ++i) {
        const Entry e = in.at[i];
        if (isLocked(op, e.joint))
            continue;
        if (e.weight >= kPruneBelow) {
            kept += e.weight;
            if (e.joint != paintedJoint)
                keptOthers += e.weight;
        } else {
            small += e.weight;
            if (e.weight > 0.f && (largestSmall < 0 || e.weight > in.at[largestSmall].weight))
                largestSmall = i;
        }
    }
    // Removing the last unlocked weights would leave the row short of 1 with
    // nothing to refill it. If that shortfall is more than float noise
    // (1e-6), keep the largest small one instead: the sum outranks the threshold.
    const bool keepOne = op.autoNormalize && kept <= 0.0 && small > 1e-6 && largestSmall >= 0;
    const std::uint16_t spared = keepOne ? in.at[largestSmall].joint : std::uint16_t(0);
    double removed = 0.0;
    for (int i = in.count - 1; i >= 0; --i) {
        const Entry e = in.at[i];
        if (isLocked(op, e.joint) || e.weight >= kPruneBelow || (keepOne && e.joint == spared))
            continue;
        removed += e.weight;
        in.erase(i);
    }
    if (!op.autoNormalize || removed <= 0.0 || kept <= 0.0)
        return;
    const bool othersTakeIt = keptOthers > 0.0;
    const double base = othersTakeIt ? keptOthers : kept;
    const double scale = (base + removed) / base;
    for (int i = 0; i < in.count; ++i)
        if (!isLocked(op, in.at[i].joint) && (!othersTakeIt || in.at[i].joint != paintedJoint))
            in.at[i].weight = static_cast<float>(in.at[i].weight * scale);
}

// Folds the float rounding left after normalising into the largest unlocked
// weight other than the painted bone (the painted bone when it is alone), so
// the row sums to 1 as closely as floats allow.
void foldRounding(const WeightOp& op, Influences& in, std::uint16_t paintedJoint)
{
    double sum = 0.0;
    int largest = -1;
    for (int i = 0; i < in.count; ++i) {
        sum += in.at[i].weight;
        if (isLocked(op, in.at[i].joint) || (in.at[i].joint == paintedJoint && largest >= 0))
            continue;
        if (largest < 0 || in.at[largest].joint == paintedJoint || in.at[i].weight > in.at[largest].weight)
            largest = i;
    }
    if (largest < 0 || sum == 1.0)
        return;
    const float fixed = static_cast<float>(in.at[largest].weight + (1.0 - sum));
    if (fixed >= kPruneBelow)
        in.at[largest].weight = fixed;
}

} // namespace

float paintedWeight(const WeightOp& op, float current)
{
    const float c = clamp01(current);
    const float b = clamp01(op.brushWeight);
    const float f = clamp01(op.factor);
    BrushMode mode = op.mode;
    float mixTarget = b;
    if (op.invert) {
        if (mode == BrushMode::Add)
            mode = BrushMode::Subtract;
        else if (mode == BrushMode::Subtract)
            mode = BrushMode::Add;
        else if (mode == BrushMode::Mix)
            mixTarget = 0.f;
    }
    switch (mode) {
    case BrushMode::Mix:
        return clamp01(c + (mixTarget - c) * f);
    case BrushMode::Add:
        return clamp01(c + b * f);
    case BrushMode::Subtract:
        return clamp01(c - b * f);
    case BrushMode::Multiply:
        return clamp01(c + (c * b - c) * f);
    case BrushMode::Smooth:
        return clamp01(c + (clamp01(op.smoothTarget) - c) * f);
    case BrushMode::Sample:
        break;
    }
    return c;
}

float rowWeight(std::span<const std::uint16_t> joints, std::span<const float> weights, std::uint16_t bone)
{
    const std::size_t n = std::min(joints.size(), weights.size());
    for (std::size_t i = 0; i < n; ++i)
        if (weights[i] > 0.f && joints[i] == bone)
            return weights[i];
    return 0.f;
}

bool applyWeightOp(const WeightOp& op, std::span<std::uint16_t> joints, std::span<float> weights)
{
    if (!isRow(joints, weights) || op.mode == BrushMode::Sample || isLocked(op, op.bone))
        return false;
    const int stride = static_cast<int>(weights.size());
    Influences in;
    int painted = -1;
    for (int i = 0; i < stride; ++i) {
        if (!(weights[i] > 0.f))
            continue;
        if (joints[i] == op.bone)
            painted = in.count;
        in.at[in.count++] = {joints[i], weights[i]};
    }
    const float current = painted >= 0 ? in.at[painted].weight : 0.f;
    const float target = paintedWeight(op, current);
    if (target == current)
        return false;

    if (painted < 0) {
        if (target < kPruneBelow)
            return false;
        // Make room under the limit by dropping the smallest unlocked influences.
        const int limit = std::clamp(op.maxInfluences, 1, stride);
        while (in.count >= limit) {
            const int drop = smallestUnlocked(op, in);
            if (drop < 0)
                return false;
            in.erase(drop);
        }
        painted = in.count;
        in.at[in.count++] = {op.bone, 0.f};
    }
    in.at[painted].weight = target;
    if (op.autoNormalize)
        normaliseAround(op, in, painted);
    prune(op, in, op.bone);
    if (op.autoNormalize)
        foldRounding(op, in, op.bone);

    std::sort(in.at, in.at + in.count, [](const Entry& x, const Entry& y) {
        return x.weight != y.weight ? x.weight > y.weight : x.joint < y.joint;
    });
    std::uint16_t newJoints[mesh::kMaxInfluences] = {};
    float newWeights[mesh::kMaxInfluences] = {};
    for (int i = 0; i < in.count; ++i) {
        newJoints[i] = in.at[i].joint;
        newWeights[i] = in.at[i].weight;
    }
    const std::size_t k = weights.size();
    // Bits, not ==: a -0 or a changed NaN is a change the undo must see.
    if (std::equal(joints.begin(), joints.end(), newJoints) &&
        std::memcmp(weights.data(), newWeights, k * sizeof(float)) == 0)
        return false;
    std::copy(newJoints, newJoints + k, joints.begin());
    std::copy(newWeights, newWeights + k, weights.begin());
    return true;
}

float strongestStrokeFactor(float strongestSoFar, float dabFactor)
{
    return std::max(clamp01(strongestSoFar), clamp01(dabFactor));
}

float strokeTargetWeight(const WeightOp& op, float startWeight, float strongestFactor)
{
    WeightOp capped = op;
    capped.factor = strongestFactor;
    return paintedWeight(capped, startWeight);
}

bool applyStrokeCapped(const WeightOp& op, float strongestFactor, std::span<const std::uint16_t> startJoints,
                       std::span<const float> startWeights, std::span<std::uint16_t> outJoints,
                       std::span<float> outWeights)
{
    if (!isRow(startJoints, startWeights) || outJoints.size() != startJoints.size() ||
        outWeights.size() != startWeights.size())
        return false;
    std::copy(startJoints.begin(), startJoints.end(), outJoints.begin());
    std::copy(startWeights.begin(), startWeights.end(), outWeights.begin());
    WeightOp capped = op;
    capped.factor = strongestFactor;
    return applyWeightOp(capped, outJoints, outWeights);
}

} // namespace marrow::skin
