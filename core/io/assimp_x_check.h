// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>

namespace marrow::io::assimp {

// Checks a DirectX .x file in text format ("xof 0303txt") for what Assimp 5.2
// trusts blindly: each Mesh's face indices against its vertex count, and each
// SkinWeights block's vertex indices against its mesh's vertex count and its
// weights finite (out-of-range skin indices crash Assimp). Binary and
// compressed .x files are left to Assimp. Returns the problem or nullopt.
std::optional<std::string> checkXText(const std::string& text);

} // namespace marrow::io::assimp
