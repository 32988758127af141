// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/transition.h"

#include <string>
#include <string_view>
#include <vector>

namespace marrow::doc {

// The .marrow "TRAN" section: the rig's transitions, little-endian:
//   u32 count, then per transition: u32 name length, name bytes (UTF-8),
//   i32 clipA, i32 clipB, f64 exit, f64 offset, f64 duration,
//   u8 curve kind, f32 x1 y1 x2 y2, u8 flags (1 sync, 2 cycle A, 4 cycle B, 8 match root, 16 preview length),
//   u8 blend mode, u32 profile count, f32 scales; with flag 16, f64 preview length.
std::string encodeTransitionSection(const std::vector<model::Transition>& transitions);
// Reads the section and checks each transition against the rig's clip and
// joint counts; false with `error` naming the problem.
bool decodeTransitionSection(std::string_view bytes, std::size_t clipCount, std::size_t jointCount,
                             std::vector<model::Transition>& out, std::string& error);

} // namespace marrow::doc
