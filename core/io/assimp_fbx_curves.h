// SPDX-License-Identifier: MIT
#pragma once
// FBX animation curves, which Assimp 5.2 bakes into straight lines between
// the union of their key times (exact at the keys; a sparsely keyed run is
// up to 3 % of the character's height off between them): the joints they
// move are rebuilt from the file's own curves and transform properties
// (fbx_animation.h) and re-keyed as cubic keys at every key and every
// frame of the file's rate (curve_rekey.h); where every curve holds and
// then jumps (constant keys), the key before the jump is a step key.
// Only joints whose rebuilt transform matches Assimp's at every key are
// replaced; stacks of several layers, and files whose curves are all
// linear, are left exactly as Assimp read them.
#include "core/model/rig.h"

#include <span>
#include <string>

namespace marrow::io::assimp {

// Rebuilds the curved joints' tracks of `rig` (read by Assimp from `bytes`).
// Returns a warning for what it had to leave as Assimp read it, or "".
std::string applyFbxCurves(std::span<const unsigned char> bytes, model::Rig& rig);

} // namespace marrow::io::assimp
