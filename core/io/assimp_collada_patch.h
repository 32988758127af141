// SPDX-License-Identifier: MIT
#pragma once
#include <string>

namespace marrow::io::assimp {

// Works around an Assimp 5.2 COLLADA parser bug: element text that starts with
// whitespace before a number ("<color>  0.0 0.0 0.0 1.0  </color>", valid XML
// and valid COLLADA) makes it fail with "Cannot parse string ... as a real
// number". Reads the file and removes whitespace between '>' and a following
// number. Returns true and fills `text` when something changed (then the
// caller imports from memory); false to import the file as it is.
bool patchColladaText(const std::string& path, std::string& text);

} // namespace marrow::io::assimp
