// SPDX-License-Identifier: MIT
// Placeholder while the reader is written; replaced in a later commit.
#include "core/io/assimp_import.h"

namespace marrow::io {
ImportResult importWithAssimp(const std::string& path) { return ImportResult::failure(path + ": Assimp reader not built yet"); }
ImportResult importWithAssimpInProcess(const std::string& path) { return importWithAssimp(path); }
} // namespace marrow::io
