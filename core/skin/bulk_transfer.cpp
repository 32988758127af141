// SPDX-License-Identifier: MIT
#include "core/skin/bulk_transfer.h"

#include "core/mesh/surface_locator.h"
#include "core/skin/weight_row.h"

#include <map>

namespace marrow::skin {

mesh::SkinWeights transferWeights(const mesh::SkinWeights& target, std::span<const glm::vec3> targetPositions,
                                  const WeightScope& scope, const mesh::SkinWeights& source,
                                  const WeightGeometry& sourceGeometry, std::span<const std::uint16_t> sourceToTarget,
                                  BulkReport* report)
{
    mesh::SurfaceLocator surface;
    surface.build(sourceGeometry.positions, sourceGeometry.indices);
    std::vector<WeightRow> rows = readRows(target);
    BulkReport local;
    if (surface.faceCount() == 0 || source.vertexCount() != sourceGeometry.positions.size()) {
        if (report)
            *report = local;
        return target;
    }
    const auto unlocked = [&](std::uint16_t j) { return !scope.isLocked(j); };
    for (std::size_t v = 0; v < rows.size() && v < targetPositions.size(); ++v) {
        if (!scope.touches(v))
            continue;
        const auto hit = surface.closest(targetPositions[v]);
        if (!hit)
            continue;
        std::map<std::uint16_t, double> blended;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t corner = sourceGeometry.indices[3 * hit->triangle + static_cast<std::uint32_t>(k)];
            const auto joints = source.jointRow(corner);
            const auto weights = source.weightRow(corner);
            for (std::size_t i = 0; i < weights.size(); ++i) {
                if (!(weights[i] > 0.f) || joints[i] >= sourceToTarget.size() || sourceToTarget[joints[i]] == kNoJoint)
                    continue;
                blended[sourceToTarget[joints[i]]] += static_cast<double>(hit->barycentric[k]) * weights[i];
            }
        }
        WeightRow row;
        for (const Influence& i : rows[v])
            if (scope.isLocked(i.joint))
                row.push_back(i);
        for (const auto& [joint, w] : blended)
            if (w > 0.0 && unlocked(joint))
                row.push_back({joint, static_cast<float>(w)});
        if (!normaliseAround(row, unlocked)) {
            ++local.rowsUnnormalisable;
            continue;
        }
        if (limitRow(row, scope.limit(), unlocked) > 0)
            normaliseAround(row, unlocked);
        local.rowsChanged += storeIfChanged(rows[v], std::move(row)) ? 1 : 0;
    }
    if (report)
        *report = local;
    return packRows(rows, target.stride);
}

} // namespace marrow::skin
