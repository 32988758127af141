// SPDX-License-Identifier: MIT
#include "core/io/assimp_collada_patch.h"
#include "core/io/file_bytes.h"
#include "core/io/xml_tree.h"

#include <filesystem>

namespace marrow::io::assimp {

namespace {

// COLLADA files above this are imported unpatched rather than copied: 512 MiB.
constexpr std::uintmax_t kMaxPatchBytes = 512ull << 20;

using xml::isSpace;
bool startsNumber(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.'; }

} // namespace

bool patchColladaText(const std::string& path, std::string& text)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec || size > kMaxPatchBytes)
        return false;
    const std::optional<std::string> read = readFileBytes(path);
    if (!read)
        return false;
    const std::string& source = *read;
    text.clear();
    text.reserve(source.size());
    bool changed = false;
    for (std::size_t i = 0; i < source.size(); ++i) {
        text.push_back(source[i]);
        if (source[i] != '>')
            continue;
        std::size_t j = i + 1;
        while (j < source.size() && isSpace(source[j]))
            ++j;
        if (j > i + 1 && j < source.size() && startsNumber(source[j])) {
            i = j - 1;  // drop the whitespace; the loop copies the number next
            changed = true;
        }
    }
    return changed;
}

} // namespace marrow::io::assimp
