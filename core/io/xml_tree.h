// SPDX-License-Identifier: MIT
#pragma once
// A small, strict XML reader for the documents Marrow reads beside Assimp
// (COLLADA's animation curves): elements, attributes and character data
// into a tree. Comments, processing instructions and DOCTYPE are skipped;
// CDATA and the five predefined entities become text. Hostile input gets an
// error, never a crash: depth is bounded and every read is checked.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace marrow::io::xml {

struct Element {
    std::string name;
    std::vector<std::pair<std::string, std::string>> attributes;
    std::string text;  // the character data directly inside, concatenated
    std::vector<Element> children;

    // The attribute's value, or nullptr.
    const std::string* attribute(std::string_view key) const;
    // The first child of this name, or nullptr.
    const Element* child(std::string_view childName) const;
};

inline constexpr int kMaxDepth = 256;

// XML's white space (the S production): space, tab, carriage return, line feed.
inline bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The document's root element, or nullopt with `error`.
std::optional<Element> parse(std::string_view text, std::string& error);

} // namespace marrow::io::xml
