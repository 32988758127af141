// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/export_settings.h"

#include <string>
#include <string_view>

namespace marrow::doc {

// The "EXPO" section of a .marrow document: File › Export's options and the
// file the last export went to (Ctrl+E writes there again). u8 format, u8
// clips, u32 count then per chosen clip a u32-length name, u8 bake
// transitions (0/1), f64 resample rate (bits), u8 meshes, u32-length path,
// little-endian. Later fields may follow and are skipped. Written only when
// something differs from the defaults, so older documents keep their bytes.
std::string encodeExportSettingsSection(const model::ExportSettings& settings, const std::string& path);
// False with a reason when truncated or a value is out of range; the outputs
// are only assigned on success.
bool decodeExportSettingsSection(std::string_view bytes, model::ExportSettings& settings, std::string& path,
                                 std::string& error);

} // namespace marrow::doc
