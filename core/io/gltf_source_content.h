// SPDX-License-Identifier: MIT
#pragma once
// The parsed source file behind io::GltfSource. Only core/io includes this
// (it pulls in tinygltf).
#include "core/io/gltf_source.h"

#include <tiny_gltf.h>

#include <vector>

namespace marrow::io::gltfsource {

struct Content {
    tinygltf::Model model;  // images undecoded: their bytes are below
    // Per glTF image: its encoded bytes (PNG, JPEG...) as the file stored
    // them, whether in a buffer view, a data URI or a file beside the model;
    // empty when it could not be read.
    std::vector<std::vector<unsigned char>> imageBytes;
    std::vector<std::string> imageMimeTypes;
};

} // namespace marrow::io::gltfsource
