// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>

namespace marrow::io::assimp {

// Checks a file before Assimp sees it: it exists, is not empty, is not
// absurdly large, and, for MD5, that the .md5anim Assimp will load beside an
// .md5mesh (or the .md5anim itself) is consistent. Returns the problem (no
// path prefix) or nullopt.
std::optional<std::string> precheckFile(const std::string& path);

// Lower-case extension with the dot (".fbx"), or "".
std::string lowerExtension(const std::string& path);

} // namespace marrow::io::assimp
