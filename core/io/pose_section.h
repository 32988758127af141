// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/pose_map.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace marrow::doc {

// The "POSE" section of a .marrow document: u32 count, then per posed joint
// (ascending index) i32 joint and ten f32 (translation xyz, rotation xyzw,
// scale xyz), little-endian. Written only when the pose is not empty, so a
// document without pose edits has the same bytes as before the section existed.
std::string encodePoseSection(const PoseMap& pose);
// False with a reason when the bytes are malformed, a joint is outside
// [0, jointCount) or repeated, or a number is not finite; `out` is only
// assigned on success.
bool decodePoseSection(std::string_view bytes, std::size_t jointCount, PoseMap& out, std::string& error);

} // namespace marrow::doc
