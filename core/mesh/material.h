// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace marrow::mesh {

// An image as the file stored it (PNG or JPEG bytes, never decoded here): the
// viewport decodes it, and an export writes the same bytes. The bytes are
// shared, so copying a rig (an undo snapshot, the pose evaluator's) never
// copies its images.
struct Texture {
    std::string name;      // the image's name or file name, for messages
    std::string mimeType;  // "image/png" or "image/jpeg"
    std::shared_ptr<const std::vector<std::uint8_t>> bytes;

    std::size_t size() const { return bytes ? bytes->size() : 0; }
    // Same name, type and bytes (by value, not by pointer).
    bool operator==(const Texture& other) const;
};

// How a mesh looks: glTF's base colour (factor x texture x vertex colour),
// which the viewport draws, with the texture's UV set. What a material holds
// beyond that (normal maps, metallic-roughness, extensions) is carried by
// the file's source (io::GltfSource), not modelled here.
struct Material {
    std::string name;
    glm::vec4 baseColour{1.f};     // linear RGBA factor
    int baseColourTexture = -1;    // index into Rig::textures, or -1
    bool doubleSided = false;

    bool operator==(const Material&) const = default;
};

// Why the materials and textures do not fit together, or nullopt.
std::optional<std::string> validateMaterials(const std::vector<Material>& materials,
                                             const std::vector<Texture>& textures);

} // namespace marrow::mesh
