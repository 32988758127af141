// SPDX-License-Identifier: MIT
#include "core/io/fbx_tree.h"

#include <cstring>

namespace marrow::io::fbx {

namespace {
constexpr std::string_view kMagic{"Kaydara FBX Binary  \0", 21};
} // namespace

double Value::number() const
{
    if (kind == Kind::Integer)
        return static_cast<double>(integer);
    if (kind == Kind::Real)
        return real;
    return 0.0;
}

const Node* Node::child(std::string_view childName) const
{
    for (const Node& c : children)
        if (c.name == childName)
            return &c;
    return nullptr;
}

bool isBinaryFbx(std::span<const unsigned char> bytes)
{
    return bytes.size() >= kMagic.size() && std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) == 0;
}

std::optional<Node> readTree(std::span<const unsigned char> bytes, std::string& error, const ArrayFilter& wantArrays)
{
    if (isBinaryFbx(bytes))
        return readBinaryTree(bytes, error, wantArrays);
    return readAsciiTree(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), error,
                         wantArrays);
}

std::string objectName(std::string_view text)
{
    const std::size_t binary = text.find(std::string_view("\0\x01", 2));
    if (binary != std::string_view::npos)
        return std::string(text.substr(0, binary));
    const std::size_t ascii = text.find("::");
    if (ascii != std::string_view::npos)
        return std::string(text.substr(ascii + 2));
    return std::string(text);
}

} // namespace marrow::io::fbx
