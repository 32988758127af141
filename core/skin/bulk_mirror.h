// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mirror_plane.h"
#include "core/mesh/skin_weights.h"
#include "core/skin/weight_scope.h"

#include <cstdint>
#include <span>

namespace marrow::skin {

// The mesh a mirror or transfer reads: bind-pose positions and triangles.
struct WeightGeometry {
    std::span<const glm::vec3> positions;
    std::span<const std::uint32_t> indices;
};

// Mirror from one side of `plane` to the other. `fromPositive`: the side
// where plane.signedDistance > 0 is copied onto the other (+x copies the +X
// half onto the -X half for the X = 0 plane). Each target vertex of the
// scope (signed distance beyond 1e-5 of the bounding-box diagonal on the
// other side) takes the weights of its mirror: the vertex at the exactly
// reflected position, within 1e-5 of the diagonal, else the closest point
// of the source side's surface (faces with no corner on the target side),
// interpolated barycentrically (counted in surfaceFallbacks). Each skin
// joint k becomes jointMirror[k] (itself when past the table's end). Its
// locked and out-of-subset weights are kept; the mirrored editable ones
// fill the rest of 1, limited to the scope's limit. Vertices on the plane
// and on the source side keep theirs.
mesh::SkinWeights mirrorWeights(const mesh::SkinWeights& weights, const WeightScope& scope,
                                const WeightGeometry& mesh, const mesh::MirrorPlane& plane, bool fromPositive,
                                std::span<const std::uint16_t> jointMirror, BulkReport* report = nullptr);

} // namespace marrow::skin
