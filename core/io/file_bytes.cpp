// SPDX-License-Identifier: MIT
#include "core/io/file_bytes.h"

#include <fstream>
#include <sstream>

namespace marrow::io {

namespace {

// Reads into `out` (a std::string or a byte vector) with one read when the
// stream can tell its size, and by streaming when it cannot (a pipe).
template <class Buffer>
bool readInto(const std::filesystem::path& path, Buffer& out)
{
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return false;
    const std::streamoff size = in.tellg();
    if (size < 0) {
        in.clear();
        in.seekg(0);
        std::ostringstream stream;
        stream << in.rdbuf();
        const std::string bytes = std::move(stream).str();
        out.assign(bytes.begin(), bytes.end());
        return !in.bad();
    }
    in.seekg(0);
    out.resize(static_cast<std::size_t>(size));
    if (size > 0)
        in.read(reinterpret_cast<char*>(out.data()), size);
    return in.gcount() == size || size == 0;
}

} // namespace

std::optional<std::string> readFileBytes(const std::filesystem::path& path)
{
    std::string bytes;
    if (!readInto(path, bytes))
        return std::nullopt;
    return bytes;
}

bool readFileBytes(const std::filesystem::path& path, std::vector<unsigned char>& out)
{
    return readInto(path, out);
}

} // namespace marrow::io
