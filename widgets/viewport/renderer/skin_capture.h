// SPDX-License-Identifier: MIT
#pragma once
#include <glm/glm.hpp>

#include <cstddef>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

class MeshBuffers;

// Reads back a mesh's world-space positions as the vertex shader computes
// them, by transform feedback into one reused buffer. create(), destroy()
// and capture() need the context current.
class SkinCapture {
public:
    void create(QOpenGLFunctions_3_3_Core& gl);
    void destroy(QOpenGLFunctions_3_3_Core& gl);
    // The mesh program must be bound with its uniforms set (it captures
    // skinnedPosition). One point per vertex, nothing rasterised. False on a
    // GL error.
    bool capture(QOpenGLFunctions_3_3_Core& gl, const MeshBuffers& mesh, std::vector<glm::vec3>& out);

private:
    unsigned int m_buffer = 0;
    std::size_t m_capacity = 0;  // bytes
};

} // namespace marrow::gl
