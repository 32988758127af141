// SPDX-License-Identifier: MIT
#pragma once

namespace marrow::gl {

// What the heat map shows (skinned_mesh.vert's uWeightView).
enum class WeightView : int {
    Weight = 0,          // the active bone's weight (Blender's weight paint)
    InfluenceCount = 1,  // a colour per count; red above the limit
    Normalisation = 2,   // rows not summing to 1 red, weightless ones dark
    Scalar = 3,          // a figure per vertex (MeshBuffers::setScalars) over a maximum
};

} // namespace marrow::gl
