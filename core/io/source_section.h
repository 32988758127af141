// SPDX-License-Identifier: MIT
#pragma once
// The .marrow section that holds a document's glTF source ("GSRC"): the
// source file as one self-contained GLB (images and buffers embedded), so a
// document opened from a glTF and saved carries everything Marrow does not
// edit, and glTF -> .marrow -> glTF loses nothing.
#include "core/io/gltf_source.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace marrow::io {

// The source packed as a GLB: the write that carries it applied to the rig as
// imported, so nothing in it changes. Made once per source (cached), or the
// reason it cannot be.
std::optional<std::string> packGltfSource(const GltfSource& source, const std::string** bytes);

} // namespace marrow::io

namespace marrow::doc {

// The section's payload: the packed GLB, or a reason.
std::optional<std::string> encodeSourceSection(const io::GltfSource& source, std::string& payload);
// Reads the packed GLB back into a source; false with `error` when it does
// not import.
bool decodeSourceSection(std::string_view payload, std::shared_ptr<const io::GltfSource>& out, std::string& error);

} // namespace marrow::doc
