// SPDX-License-Identifier: MIT
#include "core/io/gltf_import_images.h"

#include <cstdlib>
#include <utility>

namespace marrow::io::gltf {

namespace {

// The MIME type glTF allows for the bytes, from their signature.
std::string sniffMimeType(const std::vector<unsigned char>& b)
{
    if (b.size() >= 8 && b[0] == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G')
        return "image/png";
    if (b.size() >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF)
        return "image/jpeg";
    if (b.size() >= 12 && b[0] == 'R' && b[1] == 'I' && b[2] == 'F' && b[3] == 'F' && b[8] == 'W' && b[9] == 'E')
        return "image/webp";
    if (b.size() >= 12 && b[4] == 0xAB && b[5] == 'K' && b[6] == 'T' && b[7] == 'X')
        return "image/ktx2";
    return {};
}

std::string percentDecoded(const std::string& uri)
{
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size()) {
            const std::string hex = uri.substr(i + 1, 2);
            char* end = nullptr;
            const long v = std::strtol(hex.c_str(), &end, 16);
            if (end == hex.c_str() + 2) {
                out.push_back(static_cast<char>(v));
                i += 2;
                continue;
            }
        }
        out.push_back(uri[i]);
    }
    return out;
}

} // namespace

bool captureImageBytes(tinygltf::Image*, const int index, std::string*, std::string*, int, int,
                       const unsigned char* bytes, int size, void* user)
{
    auto* captured = static_cast<std::vector<std::vector<unsigned char>>*>(user);
    if (!captured || index < 0 || size < 0)
        return true;
    if (captured->size() <= static_cast<std::size_t>(index))
        captured->resize(static_cast<std::size_t>(index) + 1);
    (*captured)[static_cast<std::size_t>(index)].assign(bytes, bytes + size);
    return true;
}

void readSourceImages(gltfsource::Content& content, std::vector<std::vector<unsigned char>>&& captured,
                      const std::function<bool(const std::string& uri, std::vector<unsigned char>& out)>& readFile,
                      std::vector<std::string>& warnings)
{
    const auto& images = content.model.images;
    captured.resize(images.size());
    content.imageBytes.assign(images.size(), nullptr);
    content.imageMimeTypes.assign(images.size(), {});
    for (std::size_t i = 0; i < images.size(); ++i) {
        const tinygltf::Image& image = images[i];
        std::vector<unsigned char>& bytes = captured[i];
        const std::string label = "image " + std::to_string(i) + (image.uri.empty() ? "" : " ('" + image.uri + "')");
        if (bytes.empty() && !image.uri.empty() && !readFile(percentDecoded(image.uri), bytes))
            warnings.push_back(label + " cannot be read beside the model; a glTF write will not carry it");
        std::string mime = image.mimeType.empty() ? sniffMimeType(bytes) : image.mimeType;
        if (!bytes.empty() && mime.empty())
            warnings.push_back(label + " is not PNG, JPEG, WebP or KTX2; it is carried with no MIME type");
        content.imageMimeTypes[i] = std::move(mime);
        if (!bytes.empty())
            content.imageBytes[i] = std::make_shared<const std::vector<unsigned char>>(std::move(bytes));
    }
}

} // namespace marrow::io::gltf
