// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/document_extras.h"

#include <string>
#include <string_view>

namespace marrow::doc {

// The "BMAP" section of a .marrow document: the retarget bone maps kept with
// it (issue 40). u32 count, then per map a u32-length source file name and a
// u32-length JSON text (model::boneMapToJson's), names in order,
// little-endian. Written only when there is a map, so older documents keep
// their bytes; the JSON is checked against the skeletons only when used.
std::string encodeBoneMapSection(const BoneMaps& maps);
// False with a reason when truncated, a name is empty or repeated; the
// output is only assigned on success.
bool decodeBoneMapSection(std::string_view bytes, BoneMaps& maps, std::string& error);

} // namespace marrow::doc
