// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <string_view>

namespace marrow::doc {

// The .marrow "SYNC" section: the sync markers the user set on clips
// (anim::Clip::syncMarkers; clips without them find theirs from the feet),
// little-endian: u32 clip count, then per clip: u32 clip index (ascending),
// u32 marker count, per marker: u32 name length, name bytes (UTF-8), f64
// time in seconds.
bool hasSyncMarkers(const model::Rig& rig);
std::string encodeMarkerSection(const model::Rig& rig);
// Reads the section into the rig's clips; false with `error` naming the
// problem (a clip out of range or twice, a time that is not finite, bytes
// past the end).
bool decodeMarkerSection(std::string_view bytes, model::Rig& rig, std::string& error);

} // namespace marrow::doc
