// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <string_view>

namespace marrow::doc {

// The "MRPH" section of a .marrow document: the meshes' morph targets and
// default weights and the clips' morph-weight tracks, which the rig section
// does not hold. u32 mesh count; per mesh: u32 target count, then per target
// its name, u32 position count and positions, u32 normal count and normals,
// then u32 weight count and the default weights. u32 clip count; per clip:
// u32 track count, then per track u32 mesh, u8 interpolation, u32 time count
// and times, u32 value count and values. Written only when some mesh has a
// morph target, so other documents keep the bytes they had; builds from
// before it skip it (they show the base shape, as they did).
std::string encodeMorphSection(const model::Rig& rig);
bool hasMorphs(const model::Rig& rig);
// Applies the section to a rig decoded from the same document. False with a
// reason when malformed or when its counts do not match the rig.
bool decodeMorphSection(std::string_view bytes, model::Rig& rig, std::string& error);

} // namespace marrow::doc
