// SPDX-License-Identifier: MIT
#include "core/io/assimp_precheck.h"
#include "core/io/assimp_collada_check.h"
#include "core/io/assimp_md5_check.h"
#include "core/io/assimp_x_check.h"
#include "core/io/file_bytes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace marrow::io::assimp {

namespace {

namespace fs = std::filesystem;

// Largest model file handed to Assimp: 2 GiB. Anything bigger is not a rig.
constexpr std::uintmax_t kMaxFileBytes = 2ull << 30;
// Largest text file (MD5, .x) read for the consistency checks: 256 MiB.
constexpr std::uintmax_t kMaxMd5AnimBytes = 256ull << 20;

// Reads a text file of at most kMaxMd5AnimBytes for the MD5 checks.
std::optional<std::string> readText(const fs::path& file, std::string& text)
{
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (ec || size > kMaxMd5AnimBytes)
        return std::string("the file is too large to check");
    std::optional<std::string> read = readFileBytes(file);
    if (!read)
        return std::string("cannot read the file");
    text = std::move(*read);
    return std::nullopt;
}

std::optional<std::string> checkMd5AnimFile(const fs::path& anim, bool companion)
{
    std::error_code ec;
    if (!fs::is_regular_file(anim, ec))
        return std::nullopt;  // no animation beside the mesh: nothing to check
    const std::string label = companion ? "its animation " + anim.filename().string() : std::string("the animation");
    const auto size = fs::file_size(anim, ec);
    if (ec || size > kMaxMd5AnimBytes)
        return label + " is too large to check";
    const std::optional<std::string> read = readFileBytes(anim);
    if (!read)
        return "cannot read " + label;
    const std::string& text = *read;
    if (auto err = checkMd5Anim(text))
        return label + " is inconsistent: " + *err;
    return std::nullopt;
}

} // namespace

std::string lowerExtension(const std::string& path)
{
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

std::optional<std::string> precheckFile(const std::string& path)
{
    std::error_code ec;
    const fs::path p(path);
    if (!fs::exists(p, ec))
        return std::string("no such file");
    if (!fs::is_regular_file(p, ec))
        return std::string("not a regular file");
    const auto size = fs::file_size(p, ec);
    if (ec)
        return "cannot read the file size (" + ec.message() + ")";
    if (size == 0)
        return std::string("the file is empty (0 bytes)");
    if (size > kMaxFileBytes)
        return "the file is " + std::to_string(size) + " bytes, more than Marrow accepts";
    const std::string ext = lowerExtension(path);
    if (ext == ".md5mesh" || ext == ".md5camera") {
        std::string text;
        if (auto err = readText(p, text))
            return err;
        if (auto err = ext == ".md5mesh" ? checkMd5Mesh(text) : checkMd5Camera(text))
            return err;
    }
    if (ext == ".x") {
        std::string text;
        if (auto err = readText(p, text))
            return err;
        if (auto err = checkXText(text))
            return err;
    }
    if (ext == ".dae") {
        std::string text;
        if (auto err = readText(p, text))
            return err;
        if (auto err = checkColladaNodeGraph(text))
            return err;
    }
    if (ext == ".md5mesh") {
        // Assimp loads <stem>.md5anim beside the mesh by itself, and accepts broken ones silently.
        fs::path anim = p;
        anim.replace_extension(".md5anim");
        return checkMd5AnimFile(anim, true);
    }
    if (ext == ".md5anim")
        return checkMd5AnimFile(p, false);
    return std::nullopt;
}

} // namespace marrow::io::assimp
