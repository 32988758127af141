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

} // namespace marrow::io
