// SPDX-License-Identifier: MIT
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

// A whole file's bytes in one read, sized from the file: reading through
// istreambuf_iterator grows the buffer a character at a time, which cost
// opening a 30 MB file (and every sanitized test that opens one) far more
// than the disk did.
namespace marrow::io {

// nullopt when the file cannot be opened or read to its end.
std::optional<std::string> readFileBytes(const std::filesystem::path& path);
bool readFileBytes(const std::filesystem::path& path, std::vector<unsigned char>& out);

} // namespace marrow::io
