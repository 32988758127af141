// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <string_view>

namespace marrow::doc {

// The .marrow "RNGE" section: the clips' manual frame ranges
// (anim::Clip::range; a clip without one follows its keys), little-endian:
// u32 clip count, then per clip: u32 clip index (ascending), f32 start and
// f32 end in seconds. The RIG section keeps each clip's duration, which is
// its range's end, so a build without ranges opens the document at the
// same length. Written only when some clip has a range.
bool hasClipRanges(const model::Rig& rig);
std::string encodeRangeSection(const model::Rig& rig);
// Reads the section into the rig's clips (each clip then ends at its
// range's end); false with `error` naming the problem (a clip out of range
// or twice, a range that is not one, bytes past the end).
bool decodeRangeSection(std::string_view bytes, model::Rig& rig, std::string& error);

} // namespace marrow::doc
