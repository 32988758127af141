// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/overlay_vertex.h"

#include <cstddef>
#include <span>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

// One VAO + VBO of OverlayVertex for a batch of lines or triangles (the
// grid, the bones). The store grows with glBufferData and is otherwise
// overwritten with glBufferSubData, so re-uploading bones each frame
// allocates nothing once the largest pose has been seen. Needs the owning
// context current for every call but the accessors.
class OverlayBatch {
public:
    OverlayBatch() = default;
    OverlayBatch(const OverlayBatch&) = delete;
    OverlayBatch& operator=(const OverlayBatch&) = delete;

    void create(QOpenGLFunctions_3_3_Core& gl);
    void destroy(QOpenGLFunctions_3_3_Core& gl);
    void upload(QOpenGLFunctions_3_3_Core& gl, std::span<const OverlayVertex> vertices);
    // `mode` is GL_LINES, GL_TRIANGLES or GL_POINTS.
    void draw(QOpenGLFunctions_3_3_Core& gl, unsigned int mode) const;

    std::size_t vertexCount() const { return m_count; }
    std::size_t bytesUploaded() const { return m_bytesUploaded; }

private:
    unsigned int m_vao = 0, m_vbo = 0;
    std::size_t m_count = 0, m_capacity = 0;
    std::size_t m_bytesUploaded = 0;
};

} // namespace marrow::gl
