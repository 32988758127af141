// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/document_extras.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace marrow::doc {

// The "LOCK" section of a .marrow document: u32 count, then the locked
// joints as ascending i32, little-endian. Written only when a joint is
// locked, so documents without locks keep the bytes they always had.
std::string encodeLockSection(const LockSet& locks);
// False with a reason when malformed, a joint is out of [0, jointCount) or
// the list is not strictly ascending; `out` is only assigned on success.
bool decodeLockSection(std::string_view bytes, std::size_t jointCount, LockSet& out, std::string& error);

} // namespace marrow::doc
