// SPDX-License-Identifier: MIT
#pragma once
// The node tree of an FBX file, binary (7.x, zlib-deflated arrays) or ASCII,
// for what Marrow reads beside Assimp: the animation curves Assimp bakes to
// straight lines (fbx_animation.h). Hostile input gets an error, never a
// crash: depth, node count and array sizes are bounded, every offset is
// checked against the file, and an array must inflate to exactly its size.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace marrow::io::fbx {

// One value of a node: a number, a string, or an array of numbers.
struct Value {
    enum class Kind { Integer, Real, String, Integers, Reals, Skipped };
    Kind kind = Kind::Integer;
    std::int64_t integer = 0;
    double real = 0.0;
    std::string text;
    std::vector<std::int64_t> integers;  // l, i and b arrays
    std::vector<double> reals;           // f and d arrays (a float array's values are exact)

    // Integer or Real as a double (0 otherwise).
    double number() const;
};

struct Node {
    std::string name;
    std::vector<Value> values;
    std::vector<Node> children;

    // The first child of this name, or nullptr.
    const Node* child(std::string_view childName) const;
};

inline constexpr int kMaxDepth = 64;
inline constexpr std::size_t kMaxNodes = 4'000'000;

// Which nodes' arrays to decode (by the node's name): others are kept as
// Kind::Skipped, so a large mesh costs nothing when only curves are wanted.
using ArrayFilter = std::function<bool(std::string_view nodeName)>;

// The file's top-level nodes as the children of an unnamed root, or
// nullopt with `error`. Binary when the bytes start with FBX's magic.
std::optional<Node> readTree(std::span<const unsigned char> bytes, std::string& error,
                             const ArrayFilter& wantArrays = {});
bool isBinaryFbx(std::span<const unsigned char> bytes);
std::optional<Node> readBinaryTree(std::span<const unsigned char> bytes, std::string& error,
                                   const ArrayFilter& wantArrays = {});
std::optional<Node> readAsciiTree(std::string_view text, std::string& error, const ArrayFilter& wantArrays = {});

// An object's name without its class: "Hips" for binary "Hips\0\x01Model"
// and for ASCII "Model::Hips".
std::string objectName(std::string_view text);

} // namespace marrow::io::fbx
