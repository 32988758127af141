// SPDX-License-Identifier: MIT
// A glTF file on disk: encoded first (so a caller can say what the write
// loses and let the user cancel before anything is written), then written
// atomically, its images beside it before the .gltf that names them.
#include "core/io/atomic_write.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_export_context.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace marrow::io {

namespace {

std::string lowerExtension(const std::string& path)
{
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

} // namespace

std::optional<GltfContainer> gltfContainerOf(const std::string& path)
{
    const std::string ext = lowerExtension(path);
    if (ext == ".gltf")
        return GltfContainer::Text;
    if (ext == ".glb")
        return GltfContainer::Binary;
    return std::nullopt;
}

std::optional<std::string> encodeGltfFile(const model::Rig& rig, const std::string& path, GltfFile& file,
                                          const GltfExportOptions& options, GltfExportReport* report)
{
    const std::optional<GltfContainer> container = gltfContainerOf(path);
    if (!container)
        return path + ": cannot tell the format from the extension '" + lowerExtension(path) +
               "' (use .gltf or .glb)";
    file = {};
    GltfExportOptions withImages = options;
    file.folder = std::filesystem::absolute(std::filesystem::path(path)).parent_path().string();
    withImages.sideFiles = &file.images;
    withImages.imageFolder = file.folder;
    if (auto err = encodeGltf(rig, *container, file.bytes, withImages, report))
        return path + ": " + *err;
    return std::nullopt;
}

std::optional<std::string> writeGltfFile(const GltfFile& file, const std::string& path)
{
    // The images first: the .gltf never names a file that is not there.
    const std::filesystem::path folder(file.folder);
    for (const GltfSideFile& image : file.images) {
        const std::filesystem::path at = folder / image.name;
        if (gltfexport::fileHolds(at, *image.bytes))
            continue;
        const std::string_view view(reinterpret_cast<const char*>(image.bytes->data()), image.bytes->size());
        if (auto err = writeFileAtomically(at.string(), view))
            return path + ": cannot write its image " + *err;
    }
    return writeFileAtomically(path, file.bytes);
}

std::optional<std::string> exportGltf(const model::Rig& rig, const std::string& path,
                                      const GltfExportOptions& options, GltfExportReport* report)
{
    GltfFile file;
    if (auto err = encodeGltfFile(rig, path, file, options, report))
        return err;
    return writeGltfFile(file, path);
}

} // namespace marrow::io
