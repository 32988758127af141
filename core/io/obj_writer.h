// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <span>
#include <string>
#include <vector>

namespace marrow::io {

// One mesh's posed geometry for an OBJ file.
struct ObjMesh {
    std::string name;
    std::span<const glm::vec3> positions;
    std::span<const glm::vec3> normals;           // empty, or one per position
    std::span<const std::uint32_t> indices;       // triangles
};

// Wavefront OBJ text: per mesh an `o` line, `v` lines (9 significant digits,
// enough to round-trip a float), `vn` lines and `f` lines, 1-based indices
// running on across meshes.
std::string formatObj(const std::vector<ObjMesh>& meshes);

} // namespace marrow::io
