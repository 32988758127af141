// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/skin_capture.h"
#include "widgets/viewport/renderer/mesh_buffers.h"

#include <QOpenGLFunctions_3_3_Core>

namespace marrow::gl {

void SkinCapture::create(QOpenGLFunctions_3_3_Core& gl)
{
    destroy(gl);
    gl.glGenBuffers(1, &m_buffer);
}

void SkinCapture::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    if (m_buffer != 0)
        gl.glDeleteBuffers(1, &m_buffer);
    m_buffer = 0;
    m_capacity = 0;
}

bool SkinCapture::capture(QOpenGLFunctions_3_3_Core& gl, const MeshBuffers& mesh, std::vector<glm::vec3>& out)
{
    const std::size_t bytes = mesh.vertexCount() * sizeof(glm::vec3);
    out.resize(mesh.vertexCount());
    if (bytes == 0)
        return true;

    gl.glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, m_buffer);
    if (bytes > m_capacity) {
        gl.glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ);
        m_capacity = bytes;
    }
    gl.glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, m_buffer);
    gl.glEnable(GL_RASTERIZER_DISCARD);
    gl.glBeginTransformFeedback(GL_POINTS);
    mesh.drawPoints(gl);
    gl.glEndTransformFeedback();
    gl.glDisable(GL_RASTERIZER_DISCARD);

    gl.glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes), out.data());
    gl.glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    gl.glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
    return gl.glGetError() == GL_NO_ERROR;
}

} // namespace marrow::gl
