// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/document_extras.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace marrow::doc {

// The "VIEW" section of a .marrow document: where the user was at the save
// (ViewState), little-endian: i32 active clip (-1: none), f64 playhead time
// in seconds (bits), u32-length mode name. Later fields may follow and are
// skipped. Written only when the state, fitted to the rig's `clips`,
// differs from the default fitted (the first clip at time 0, no mode), so
// documents that never set one keep their bytes.
bool hasViewState(const ViewState& view, std::size_t clips);
// `view` made fit to save for a rig of `clips` clips: a clip since deleted
// becomes the first (none without clips), a bad time 0, a bad mode name the
// default. The document's copy can be stale (autosave writes it as it was at
// the last save or open), and a file must never be written unreadable.
ViewState fittedViewState(const ViewState& view, std::size_t clips);
std::string encodeViewStateSection(const ViewState& view);
// False with a reason when truncated, the clip is not one of the rig's
// `clips`, the time is not finite and >= 0, or the mode name is not a short
// name of letters and underscores; `out` is only assigned on success.
bool decodeViewStateSection(std::string_view bytes, std::size_t clips, ViewState& out, std::string& error);

} // namespace marrow::doc
