// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/import_result.h"

#include <string>

namespace marrow::io {

// Reads glTF 2.0 (.gltf with data URIs or external files, .glb) exactly:
// STEP, LINEAR and CUBICSPLINE samplers with their tangents, every
// JOINTS_n/WEIGHTS_n set, sparse accessors, node matrices. Validates every
// index, count, number and reference before use; URIs may not leave the
// model's folder. Never throws.
ImportResult importGltf(const std::string& path);

// The same from bytes in memory (a GLB or a glTF JSON that holds all its
// data), as a .marrow document stores its source: no file is read, and an
// image left as a URI is kept as one. Messages start with `name`.
ImportResult importGltfBytes(const std::string& bytes, const std::string& name);

} // namespace marrow::io
