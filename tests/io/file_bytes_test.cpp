// SPDX-License-Identifier: MIT
// io::readFileBytes: a whole file in one read, every byte as on disk.
#include "core/io/file_bytes.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace marrow;

namespace {

std::filesystem::path fileBytesScratch(const char* name)
{
    return std::filesystem::temp_directory_path() / (std::string("marrow_file_bytes_") + name);
}

} // namespace

TEST(FileBytes, ReadsEveryByteOfABinaryFileAsOnDisk)
{
    std::string bytes;
    for (int i = 0; i < 300000; ++i)
        bytes.push_back(static_cast<char>((i * 131) & 0xFF));  // NULs, CR/LF and 0x1A among them
    const auto path = fileBytesScratch("binary");
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    const std::optional<std::string> read = io::readFileBytes(path);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(*read, bytes);
    std::vector<unsigned char> asVector;
    ASSERT_TRUE(io::readFileBytes(path, asVector));
    EXPECT_TRUE(std::equal(asVector.begin(), asVector.end(), bytes.begin(), bytes.end(),
                           [](unsigned char a, char b) { return a == static_cast<unsigned char>(b); }));
    std::filesystem::remove(path);
}

TEST(FileBytes, AnEmptyFileIsEmptyAndAMissingOneIsNothing)
{
    const auto path = fileBytesScratch("empty");
    std::ofstream(path, std::ios::binary).close();
    const std::optional<std::string> empty = io::readFileBytes(path);
    ASSERT_TRUE(empty.has_value());
    EXPECT_TRUE(empty->empty());
    std::filesystem::remove(path);
    EXPECT_FALSE(io::readFileBytes(path).has_value());
    std::vector<unsigned char> none{1, 2, 3};
    EXPECT_FALSE(io::readFileBytes(path, none));
}
