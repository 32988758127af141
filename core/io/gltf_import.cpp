// SPDX-License-Identifier: MIT
// Placeholder while the reader is written; replaced in the next commit.
#include "core/io/gltf_import.h"

namespace marrow::io {
ImportResult importGltf(const std::string& path) { return ImportResult::failure(path + ": glTF reader not built yet"); }
} // namespace marrow::io
