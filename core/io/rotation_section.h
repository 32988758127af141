// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <string_view>

namespace marrow::doc {

// The "ROTM" section of a .marrow document: the bones' rotation modes and
// their Euler keys, which the rig section (quaternion channels) cannot hold.
// u32 joint count and one mode byte per joint (anim::RotationMode), u32
// clip count, then for every clip, for each of its tracks whose joint is in
// an Euler mode (in track order), that track's Euler channel in the rig
// codec's channel form. Written only when a bone is in an Euler mode, so
// other documents keep the bytes they always had; a document that has it is
// written as format version 3, so older builds refuse it instead of
// dropping the rotations.
std::string encodeRotationSection(const model::Rig& rig);
// Applies the section to a rig decoded from the same document: sets the
// modes and the Euler tracks. False with a reason when malformed or when the
// counts do not match the rig; `rig` is then unspecified.
bool decodeRotationSection(std::string_view bytes, model::Rig& rig, std::string& error);

} // namespace marrow::doc
