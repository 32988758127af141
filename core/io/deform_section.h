// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/document_extras.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace marrow::doc {

// The "DFRM" section of a .marrow document: u32 count, then per joint the
// user set a Deform flag on, ascending: i32 joint and u8 flag (1 deform, 0
// not), little-endian. Written only when some flag is set, so other
// documents keep their bytes.
std::string encodeDeformSection(const DeformFlags& flags);
// False with a reason when malformed, a joint is out of [0, jointCount), the
// joints are not strictly ascending or a flag is not 0 or 1; `out` is only
// assigned on success.
bool decodeDeformSection(std::string_view bytes, std::size_t jointCount, DeformFlags& out, std::string& error);

} // namespace marrow::doc
