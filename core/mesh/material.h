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

// The most UV sets a mesh holds (glTF's TEXCOORD_0..7; Assimp's limit too).
constexpr int kMaxUVSets = 8;

// A material's use of a texture: which image (an index into Rig::textures,
// -1 for none) and which of the mesh's UV sets it reads (glTF's texCoord).
struct TextureSlot {
    int texture = -1;
    int uvSet = 0;

    bool used() const { return texture >= 0; }
    bool operator==(const TextureSlot&) const = default;
};

// How a mesh looks, in glTF's metal-roughness terms (never edited by
// Marrow). The viewport draws the base colour (factor x texture x vertex
// colour); the rest is carried to a fresh glTF write. A glTF source's own
// materials (with extensions Marrow does not model) are carried whole by
// io::GltfSource. Defaults are glTF's.
struct Material {
    std::string name;
    glm::vec4 baseColour{1.f};  // linear RGBA factor
    TextureSlot baseColourMap;
    float metallic = 1.f;
    float roughness = 1.f;
    TextureSlot metallicRoughnessMap;  // roughness in G, metal in B
    TextureSlot normalMap;             // tangent space
    float normalScale = 1.f;
    TextureSlot occlusionMap;          // R
    float occlusionStrength = 1.f;
    glm::vec3 emissive{0.f};           // linear RGB factor
    TextureSlot emissiveMap;
    bool doubleSided = false;

    // Every texture slot, for checks and remapping.
    std::vector<const TextureSlot*> maps() const
    {
        return {&baseColourMap, &metallicRoughnessMap, &normalMap, &occlusionMap, &emissiveMap};
    }
    bool operator==(const Material&) const = default;
};

// Why the materials and textures do not fit together, or nullopt.
std::optional<std::string> validateMaterials(const std::vector<Material>& materials,
                                             const std::vector<Texture>& textures);

} // namespace marrow::mesh
