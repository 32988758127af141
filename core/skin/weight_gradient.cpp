// SPDX-License-Identifier: MIT
#include "core/skin/weight_gradient.h"

#include "core/mesh/vertex_mirror_map.h"
#include "core/skin/falloff.h"
#include "core/skin/paired_weight_ops.h"
#include "core/skin/weight_ops.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace marrow::skin {

float gradientFactor(const GradientLine& line, FalloffPreset preset, glm::vec2 point)
{
    if (!std::isfinite(point.x) || !std::isfinite(point.y))
        return 0.f;
    const glm::vec2 d = line.end - line.start;
    const float length2 = glm::dot(d, d);
    if (!(length2 >= 1.f))
        return 0.f;
    const float t = line.radial ? std::sqrt(glm::dot(point - line.start, point - line.start) / length2)
                                : glm::dot(point - line.start, d) / length2;
    if (t > 1.f)
        return 0.f;
    return falloff(preset, std::max(t, 0.f));
}

namespace {

struct GradientOp {
    std::uint32_t vertex = 0;
    std::uint8_t slot = 0;  // 0: the bone; 1: the mirrored bone at a partner
    float weight = 0.f;     // the target weight
};

std::vector<GradientOp> collectOps(std::size_t count, const BrushSettings& settings, const StrokeTarget& target,
                                   const GradientLine& line, std::span<const glm::vec2> projected)
{
    const bool masked = target.mask.size() == count;
    const bool mirror = target.mirrorVertex.size() == count && target.mirrorBone != target.bone;
    auto selected = [&](std::uint32_t v) { return !masked || target.mask[v] != 0; };
    std::vector<GradientOp> ops;
    for (std::uint32_t v = 0; v < count; ++v) {
        const glm::vec2 p = projected[v];
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            continue;
        const float weight = settings.weight * gradientFactor(line, settings.falloff, p);
        if (selected(v))
            ops.push_back({v, 0, weight});
        if (!mirror)
            continue;
        const std::uint32_t m = target.mirrorVertex[v];
        if (m != mesh::kNoMirror && m < count && selected(m))
            ops.push_back({m, 1, weight});
    }
    std::stable_sort(ops.begin(), ops.end(), [](const GradientOp& a, const GradientOp& b) {
        return a.vertex != b.vertex ? a.vertex < b.vertex : a.slot < b.slot;
    });
    return ops;
}

} // namespace

WeightDelta gradientDelta(const mesh::SkinWeights& start, const mesh::SkinWeights& current,
                          const BrushSettings& settings, const StrokeTarget& target, const GradientLine& line,
                          std::span<const glm::vec2> projected)
{
    const int stride = current.stride;
    WeightDelta delta(stride);
    const std::size_t count = current.vertexCount();
    if ((stride != 4 && stride != 8) || start.stride != stride || start.vertexCount() != count
        || projected.size() != count)
        return delta;
    const std::vector<GradientOp> ops = collectOps(count, settings, target, line, projected);
    const auto k = static_cast<std::size_t>(stride);
    std::vector<std::uint16_t> joints(k);
    std::vector<float> weights(k);
    for (std::size_t i = 0; i < ops.size();) {
        const std::uint32_t v = ops[i].vertex;
        std::size_t end = i + 1;
        if (end < ops.size() && ops[end].vertex == v && ops[end].slot != ops[i].slot)
            ++end;
        const auto startJoints = start.jointRow(v);
        const auto startWeights = start.weightRow(v);
        std::copy(startJoints.begin(), startJoints.end(), joints.begin());
        std::copy(startWeights.begin(), startWeights.end(), weights.begin());
        WeightOp paired[2];
        for (std::size_t j = i; j < end; ++j) {
            WeightOp& op = paired[j - i];
            op.mode = BrushMode::Mix;
            op.bone = ops[j].slot == 0 ? target.bone : target.mirrorBone;
            op.brushWeight = ops[j].weight;
            op.factor = settings.strength;
            op.autoNormalize = settings.autoNormalize;
            op.maxInfluences = stride;
            op.locked = target.locked;
        }
        if (end - i == 2 && paired[0].bone != paired[1].bone)
            applyPairedWeightOps(paired[0], paired[1], joints, weights);
        else
            applyWeightOp(paired[0], joints, weights);
        const auto nowJoints = current.jointRow(v);
        const auto nowWeights = current.weightRow(v);
        if (!std::equal(joints.begin(), joints.end(), nowJoints.begin())
            || !std::equal(weights.begin(), weights.end(), nowWeights.begin()))
            delta.add(v, nowJoints, nowWeights, joints, weights);
        while (end < ops.size() && ops[end].vertex == v)
            ++end;  // a vertex mirrored onto twice (an uneven map): its first ops hold
        i = end;
    }
    return delta;
}

} // namespace marrow::skin
