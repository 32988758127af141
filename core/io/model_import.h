// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/import_result.h"

#include <string>

namespace marrow::io {

// Imports any model Marrow reads: glTF 2.0 (.gltf, .glb) exactly through
// tinygltf, everything else through Assimp in a separate worker process (so a
// crash inside Assimp cannot take the caller down). The result's rig passes
// Rig::validate(). Never throws.
ImportResult importModel(const std::string& path);

// True for the extensions importModel hands to the glTF reader.
bool isGltfPath(const std::string& path);

} // namespace marrow::io
