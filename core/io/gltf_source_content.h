// SPDX-License-Identifier: MIT
#pragma once
// The parsed source file behind io::GltfSource. Only core/io includes this
// (it pulls in tinygltf).
#include "core/io/gltf_source.h"

#include <tiny_gltf.h>

#include <memory>
#include <vector>

namespace marrow::io::gltfsource {

struct Content {
    tinygltf::Model model;  // images undecoded: their bytes are below
    // Per glTF image: its encoded bytes (PNG, JPEG...) as the file stored
    // them, whether in a buffer view, a data URI or a file beside the model;
    // null when it could not be read. Shared with the rig's mesh::Texture,
    // so an image is held once however many copies of the rig there are.
    std::vector<std::shared_ptr<const std::vector<unsigned char>>> imageBytes;
    std::vector<std::string> imageMimeTypes;
};

} // namespace marrow::io::gltfsource
