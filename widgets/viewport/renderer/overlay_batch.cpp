// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/overlay_batch.h"
#include "widgets/viewport/renderer/buffer_write.h"

#include <QOpenGLFunctions_3_3_Core>

#include <cstdint>

namespace marrow::gl {

void OverlayBatch::create(QOpenGLFunctions_3_3_Core& gl)
{
    destroy(gl);
    gl.glGenVertexArrays(1, &m_vao);
    gl.glGenBuffers(1, &m_vbo);
    gl.glBindVertexArray(m_vao);
    gl.glBindBuffer(GL_ARRAY_BUFFER, m_vbo);
    const auto stride = static_cast<GLsizei>(sizeof(OverlayVertex));
    gl.glEnableVertexAttribArray(0);
    gl.glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                             reinterpret_cast<const void*>(offsetof(OverlayVertex, position)));
    gl.glEnableVertexAttribArray(1);
    gl.glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride,
                             reinterpret_cast<const void*>(offsetof(OverlayVertex, colour)));
    gl.glBindVertexArray(0);
    gl.glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void OverlayBatch::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    if (m_vbo != 0)
        gl.glDeleteBuffers(1, &m_vbo);
    if (m_vao != 0)
        gl.glDeleteVertexArrays(1, &m_vao);
    m_vao = m_vbo = 0;
    m_count = m_capacity = 0;
}

void OverlayBatch::upload(QOpenGLFunctions_3_3_Core& gl, std::span<const OverlayVertex> vertices)
{
    if (m_vbo == 0)
        return;
    m_count = vertices.size();
    if (vertices.empty())
        return;
    const std::size_t bytes = vertices.size_bytes();
    writeBuffer(gl, GL_ARRAY_BUFFER, m_vbo, m_capacity, vertices.data(), bytes, GL_DYNAMIC_DRAW);
    m_bytesUploaded += bytes;
}

void OverlayBatch::draw(QOpenGLFunctions_3_3_Core& gl, unsigned int mode) const
{
    if (m_vao == 0 || m_count == 0)
        return;
    gl.glBindVertexArray(m_vao);
    gl.glDrawArrays(mode, 0, static_cast<GLsizei>(m_count));
    gl.glBindVertexArray(0);
}

} // namespace marrow::gl
