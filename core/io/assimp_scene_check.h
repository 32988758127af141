// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>

struct aiScene;

namespace marrow::io::assimp {

// Checks what Assimp handed over before anything reads it: every pointer that
// a count promises, every index against what it refers to (node mesh lists,
// face indices, bone vertex ids), every position, weight and matrix finite,
// and the node tree free of shared or repeated nodes. Iterative, so any depth
// is fine. Returns the problem (no path prefix) or nullopt.
std::optional<std::string> checkScene(const aiScene& scene);

// Most nodes, vertices or keys of any kind Marrow accepts from one file.
constexpr unsigned kMaxSceneElements = 1u << 28;

} // namespace marrow::io::assimp
