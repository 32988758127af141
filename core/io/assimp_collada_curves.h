// SPDX-License-Identifier: MIT
#pragma once
// COLLADA's Bézier and Hermite animation curves, which Assimp 5.2 reads as
// straight lines between the keys (exact at the keys, up to 0.7 % of a
// Maya character's height off between them): the joints they move are
// rebuilt from the file's own samplers (ColladaCurve) and node transform
// stacks, and re-keyed as cubic keys. Keys go at every key of the joint's
// curves and on every frame of the file's rate between them (the rate its
// keys lie on, else 30), each with its exact value and its one-sided slopes
// as in and out tangents, so a corner stays a corner and the keys between
// follow the curve (within 1e-6 of the joints' extent on seymour).
// Resampling rather than one cubic key per COLLADA key: a 2D Bézier in time
// and value is not a Hermite curve in time, and the rotate/translate stack
// of a joint mixes several curves into one rotation.
// Only joints whose rebuilt transform matches Assimp's at every key are
// replaced; LINEAR and STEP files are left exactly as Assimp read them.
#include "core/model/rig.h"

#include <string>

namespace marrow::io::assimp {

// Rebuilds the curved joints' tracks of `rig` (read by Assimp from `text`).
// Returns a warning for joints it had to leave as Assimp read them, or "".
std::string applyColladaCurves(const std::string& text, model::Rig& rig);

} // namespace marrow::io::assimp
