// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>

namespace marrow::io::assimp {

// Checks a COLLADA document's node graph before Assimp sees it: Assimp 5.2
// follows <instance_node> references recursively and overflows its stack
// (SIGSEGV) when they form a cycle. The graph's edges are node nesting and
// <instance_node url="#id">; a cycle is reported naming a node on it.
// A plain text scan, not an XML parser: malformed XML is left for Assimp to
// reject with its own message.
std::optional<std::string> checkColladaNodeGraph(const std::string& text);

} // namespace marrow::io::assimp
