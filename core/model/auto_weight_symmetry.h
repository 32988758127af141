// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"
#include "core/skin/bone_heat.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace marrow::model {

struct HeatSymmetrySettings {
    // Fraction of the mesh's bounding-box diagonal within which a bone's
    // mirrored segments must meet its twin's (a 1.8 m character's L/R joints
    // a few millimetres apart still count as mirror images); >= 0.
    float boneTolerance = 1e-2f;
    // Fraction of the diagonal within which a vertex's mirror twin must lie; >= 0.
    float vertexTolerance = 1e-4f;
};

// Mirror partners for automatic weights on a symmetric character: the
// deforming bones mirror each other (named L/R twins, centre bones onto
// themselves) and vertices have twins across the same plane.
struct HeatSymmetry {
    std::vector<std::uint16_t> source;  // per heat source: its mirror source (itself on the plane)
    // Per vertex: a vertex at its mirrored position (itself on the plane),
    // mesh::kNoMirror when none, or when the twin's twin is not at the
    // vertex's own position (so averaging keeps both sides equal).
    std::vector<std::uint32_t> vertex;
    std::size_t pairedVertices = 0;
};

// nullopt when some deforming bone (a source: skin joint skinJoints[k] of
// the skinned mesh `mesh`) has no mirror image among the sources within
// the tolerance, or no vertex has a twin.
std::optional<HeatSymmetry> findHeatSymmetry(const Rig& rig, std::size_t mesh,
                                             std::span<const skin::HeatSource> sources,
                                             std::span<const std::uint16_t> skinJoints,
                                             const HeatSymmetrySettings& settings = {});

// Makes rows (naming sources) mirror-equal: each paired vertex takes the mean
// of its row and its twin's mirrored row (sources swapped), so a centre-line
// vertex weighs L and R equally. Then it cuts weights below minWeight and
// keeps at most `limit` by weight alone (tied weights go together), so twins
// cut alike, and normalises. Unpaired rows are kept.
void symmetriseHeatRows(std::vector<skin::WeightRow>& rows, const HeatSymmetry& symmetry, int limit,
                        float minWeight);

} // namespace marrow::model
