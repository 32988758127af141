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
    std::vector<std::uint16_t> defaultJoints;
    const WeldedRowWriter writer = target.writer(count, defaultJoints);
    // The sources: each selected position (a copy selects it) with a finite window point, and its target weight.
    constexpr float kNotSource = -1.f;
    std::vector<float> weightAt(count, kNotSource);
    for (std::uint32_t v = 0; v < count; ++v) {
        const glm::vec2 p = projected[v];
        if (writer.position(v) != v || !std::isfinite(p.x) || !std::isfinite(p.y) || !writer.selected(target.mask, v))
            continue;
        weightAt[v] = settings.weight * gradientFactor(line, settings.falloff, p);
    }
    // A bone that mirrors to itself is not painted twice; else a source
    // whose mirror is a source too (or on the plane) takes the mirrored bone
    // at the mirror's weight, and the writer mirrors the others' rows.
    const bool paired = writer.mirrored() && target.mirrorBone != target.bone;
    const auto k = static_cast<std::size_t>(stride);
    std::vector<std::uint16_t> joints(k);
    std::vector<float> weights(k);
    WeightDelta edits(stride);
    for (std::uint32_t v = 0; v < count; ++v) {
        if (weightAt[v] == kNotSource)
            continue;
        const auto startJoints = start.jointRow(v);
        const auto startWeights = start.weightRow(v);
        std::copy(startJoints.begin(), startJoints.end(), joints.begin());
        std::copy(startWeights.begin(), startWeights.end(), weights.begin());
        WeightOp ops[2];
        std::size_t n = 0;
        const auto add = [&](std::uint16_t bone, float weight) {
            WeightOp& op = ops[n++];
            op.mode = BrushMode::Mix;
            op.bone = bone;
            op.brushWeight = weight;
            op.factor = settings.strength;
            op.autoNormalize = settings.autoNormalize;
            op.maxInfluences = stride;
            op.locked = target.locked;
        };
        add(target.bone, weightAt[v]);
        const std::uint32_t m = paired ? writer.mirrorPosition(v) : mesh::kNoMirror;
        if (m != mesh::kNoMirror && weightAt[m] != kNotSource)
            add(target.mirrorBone, weightAt[m]);
        if (n == 2)
            applyPairedWeightOps(ops[0], ops[1], joints, weights);
        else
            applyWeightOp(ops[0], joints, weights);
        edits.add(v, current.jointRow(v), current.weightRow(v), joints, weights);
    }
    return writer.write(current, edits);
}

} // namespace marrow::skin
