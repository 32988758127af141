// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/material.h"

#include <cstddef>
#include <memory>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

// The rig's textures on the GPU, decoded (PNG, JPEG through QImage) from the
// bytes the file stored, with mipmaps. Decoding is the cost, so a texture
// whose bytes are the same shared buffer as one already on the GPU keeps its
// GL texture when the rig is set again (an edit that replaces the rig keeps
// its images). setTextures() only queues; apply() and destroy() need the
// owning context current.
class MaterialTextures {
public:
    MaterialTextures() = default;
    MaterialTextures(const MaterialTextures&) = delete;
    MaterialTextures& operator=(const MaterialTextures&) = delete;

    void setTextures(const std::vector<mesh::Texture>& textures);
    void apply(QOpenGLFunctions_3_3_Core& gl);
    // Frees every texture; returns the bytes they had uploaded.
    std::size_t destroy(QOpenGLFunctions_3_3_Core& gl);

    // The GL texture of rig texture `index`: 0 when out of range, not yet
    // applied, or not decodable (the mesh is then drawn with its colour alone).
    unsigned int texture(int index) const;
    std::size_t bytesUploaded() const { return m_bytesUploaded; }

private:
    struct Entry {
        std::shared_ptr<const std::vector<std::uint8_t>> bytes;
        unsigned int name = 0;
    };
    std::vector<Entry> m_entries;  // per rig texture, as on the GPU
    std::vector<std::shared_ptr<const std::vector<std::uint8_t>>> m_queued;
    bool m_dirty = false;
    std::size_t m_bytesUploaded = 0;
};

} // namespace marrow::gl
