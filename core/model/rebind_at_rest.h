// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/mesh_bind.h"
#include "core/model/rig.h"

namespace marrow::model {

// A mesh's geometry where the skeleton's rest pose draws it: a skinned mesh
// skinned (linear blend) with the rest pose's palette (normals by each
// vertex's blended matrix's inverse transpose, morph displacements by its
// linear part, windings reversed where it mirrors); a rigid one baked
// through its node's rest world. Skinning then with a palette of identities
// (inverse binds inverse(joint's rest world)) draws it where it was.
BoundGeometry restPosedGeometry(const Rig& rig, std::size_t mesh);

// Weights › Rebind at Rest: every skin whose bind pose draws its meshes
// more than kBindPoseDriftTolerance of the diagonal from the rest pose
// (model::bindPoseDrift) takes the rest pose as its bind pose: each of its
// meshes holds its rest-posed geometry (restPosedGeometry) and each inverse
// bind becomes inverse(joint's rest world). The rest pose draws every mesh
// as before; the bind pose now draws the same. Weights are kept. Returns
// how many skins changed (0: the rig untouched).
std::size_t rebindAtRest(Rig& rig);

} // namespace marrow::model
