// SPDX-License-Identifier: MIT
#pragma once
// Little-endian u32 in and out of a byte string, for the .marrow sections.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace marrow::doc {

inline void putU32(std::string& out, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

// Reads 4 bytes at `at`; the caller checks the length first.
inline std::uint32_t getU32(std::string_view in, std::size_t at)
{
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
        v |= static_cast<std::uint32_t>(static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)])) << (8 * i);
    return v;
}

} // namespace marrow::doc
