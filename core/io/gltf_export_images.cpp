// SPDX-License-Identifier: MIT
// Images a .gltf write stores as files beside itself (glTF "separate"
// images, as Blender writes them): names made safe for a URI, one file per
// distinct image, never a name that a different file in the folder holds.
#include "core/io/gltf_export_context.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>

namespace marrow::io::gltfexport {

namespace fs = std::filesystem;

namespace {

std::string extensionFor(const std::string& mimeType)
{
    return mimeType == "image/jpeg" ? ".jpg" : ".png";
}

// A plain file name (no folder, only URI-safe characters) with the image's extension.
std::string safeName(const std::string& wanted, const std::string& mimeType)
{
    std::string name = fs::path(wanted).filename().string();
    std::string stem = fs::path(name).stem().string();
    std::string ext = fs::path(name).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::string wantedExt = extensionFor(mimeType);
    if (!(ext == wantedExt || (wantedExt == ".jpg" && ext == ".jpeg")))
        stem = name, ext = wantedExt;  // "albedo" or "albedo.tga" -> "albedo.png", keeping the whole name
    for (char& c : stem)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            c = '_';
    if (stem.empty() || stem.front() == '.')
        stem = "image" + stem;
    return stem + ext;
}

} // namespace

bool fileHolds(const fs::path& file, const std::vector<unsigned char>& bytes)
{
    std::error_code ec;
    if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) != bytes.size() || ec)
        return false;
    std::ifstream in(file, std::ios::binary);
    return std::equal(bytes.begin(), bytes.end(), std::istreambuf_iterator<char>(in),
                      [](unsigned char b, char c) { return b == static_cast<unsigned char>(c); });
}

std::string BesideImages::place(const std::string& wanted, const std::string& mimeType, const Bytes& bytes)
{
    for (const GltfSideFile& f : files)
        if (f.bytes == bytes || *f.bytes == *bytes)
            return f.name;  // the same image twice: one file
    const std::string name = safeName(wanted, mimeType);
    const std::string stem = fs::path(name).stem().string(), ext = fs::path(name).extension().string();
    for (int n = 0;; ++n) {
        const std::string candidate = n == 0 ? name : stem + "_" + std::to_string(n) + ext;
        const bool takenHere = std::any_of(files.begin(), files.end(),
                                           [&](const GltfSideFile& f) { return f.name == candidate; });
        std::error_code ec;
        const fs::path file = folder / candidate;
        if (takenHere || (fs::exists(file, ec) && !fileHolds(file, *bytes)))
            continue;  // never overwrite a different file
        files.push_back({candidate, bytes});
        return candidate;
    }
}

} // namespace marrow::io::gltfexport
