// SPDX-License-Identifier: MIT
#pragma once
// The source's images as encoded bytes (never decoded), for io::GltfSource.
#include "core/io/gltf_source_content.h"

#include <functional>
#include <string>
#include <vector>

namespace marrow::io::gltf {

// tinygltf's image callback: keeps the bytes of a buffer-view or data-URI
// image in the `std::vector<std::vector<unsigned char>>` given as user data.
bool captureImageBytes(tinygltf::Image* image, const int index, std::string* err, std::string* warn, int, int,
                       const unsigned char* bytes, int size, void* user);

// Reads each image that names a file beside the model (through `readFile`,
// the import's sandbox) into `content.imageBytes`, fills the MIME types, and
// adds a warning for each image that cannot be carried.
void readSourceImages(gltfsource::Content& content, std::vector<std::vector<unsigned char>>&& captured,
                      const std::function<bool(const std::string& uri, std::vector<unsigned char>& out)>& readFile,
                      std::vector<std::string>& warnings);

} // namespace marrow::io::gltf
