// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/overlay_vertex.h"

#include <cstddef>
#include <span>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

// The bones overlay on the GPU: one static unit octahedron (faces with their
// normals, and its 12 edges) drawn once per bone by instancing, with a
// per-instance matrix and colour. A new pose uploads only the instances
// (80 bytes per bone), never vertices. Needs the owning context current.
class BoneBatch {
public:
    BoneBatch() = default;
    BoneBatch(const BoneBatch&) = delete;
    BoneBatch& operator=(const BoneBatch&) = delete;

    void create(QOpenGLFunctions_3_3_Core& gl);
    void destroy(QOpenGLFunctions_3_3_Core& gl);
    void upload(QOpenGLFunctions_3_3_Core& gl, std::span<const BoneInstance> bones);
    // The faces (the bound program's uOutline = 0) or the edges (uOutline = 1).
    void drawFaces(QOpenGLFunctions_3_3_Core& gl) const;
    void drawEdges(QOpenGLFunctions_3_3_Core& gl) const;

    std::size_t instanceCount() const { return m_count; }
    std::size_t bytesUploaded() const { return m_bytesUploaded; }

private:
    void bindInstanceAttributes(QOpenGLFunctions_3_3_Core& gl) const;

    unsigned int m_faceVao = 0, m_edgeVao = 0;
    unsigned int m_faceVbo = 0, m_edgeVbo = 0, m_instanceVbo = 0;
    std::size_t m_count = 0, m_capacity = 0;
    std::size_t m_bytesUploaded = 0;
};

} // namespace marrow::gl
