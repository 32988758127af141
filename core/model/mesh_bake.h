// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mesh.h"

namespace marrow::model {

// Bakes a transform into a mesh's geometry, so the mesh drawn at the
// identity shows what it showed under `world`: positions by `world`,
// normals by the inverse transpose of its linear part (renormalised), morph
// target position displacements by the linear part and normal displacements
// by the inverse transpose, divided by what renormalising divided their
// vertex's normal by (so the morphed normal renormalised is the old one
// turned), and every triangle's winding reversed when `world` mirrors
// (determinant < 0), so the front faces stay the front. An identity linear
// part leaves normals and morph displacements untouched, bit for bit.
void bakeTransform(mesh::Mesh& m, const glm::mat4& world);

} // namespace marrow::model
