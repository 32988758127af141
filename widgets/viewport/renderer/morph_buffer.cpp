// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/morph_buffer.h"
#include "widgets/viewport/renderer/buffer_write.h"

#include <QOpenGLFunctions_3_3_Core>

#include <algorithm>

namespace marrow::gl {

void MorphBuffer::create(QOpenGLFunctions_3_3_Core& gl, const mesh::Mesh& mesh)
{
    destroy(gl);
    const std::size_t vertices = mesh.vertexCount();
    if (mesh.morphTargets.empty() || vertices == 0)
        return;
    m_targetCount = mesh.morphTargets.size();
    m_vertexCount = vertices;
    std::vector<float> deltas(m_targetCount * vertices * 8, 0.f);
    for (std::size_t t = 0; t < m_targetCount; ++t) {
        const mesh::MorphTarget& target = mesh.morphTargets[t];
        float* out = deltas.data() + t * vertices * 8;
        for (std::size_t v = 0; v < vertices; ++v, out += 8) {
            if (v < target.positions.size())
                std::copy_n(&target.positions[v].x, 3, out);
            if (v < target.normals.size())
                std::copy_n(&target.normals[v].x, 3, out + 4);
        }
    }
    gl.glGenBuffers(1, &m_deltaBuffer);
    gl.glGenBuffers(1, &m_activeBuffer);
    gl.glGenTextures(1, &m_deltaTexture);
    gl.glGenTextures(1, &m_activeTexture);
    const auto deltaBytes = static_cast<GLsizeiptr>(deltas.size() * sizeof(float));
    gl.glBindBuffer(GL_TEXTURE_BUFFER, m_deltaBuffer);
    gl.glBufferData(GL_TEXTURE_BUFFER, deltaBytes, deltas.data(), GL_STATIC_DRAW);
    m_bytesUploaded += static_cast<std::size_t>(deltaBytes);
    gl.glBindTexture(GL_TEXTURE_BUFFER, m_deltaTexture);
    gl.glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, m_deltaBuffer);
    // A store from the start, so the texture is complete before any weight.
    const float zero[2] = {};
    gl.glBindBuffer(GL_TEXTURE_BUFFER, m_activeBuffer);
    gl.glBufferData(GL_TEXTURE_BUFFER, sizeof(zero), zero, GL_STREAM_DRAW);
    m_activeCapacity = sizeof(zero);
    gl.glBindTexture(GL_TEXTURE_BUFFER, m_activeTexture);
    gl.glTexBuffer(GL_TEXTURE_BUFFER, GL_RG32F, m_activeBuffer);
    gl.glBindTexture(GL_TEXTURE_BUFFER, 0);
    gl.glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

void MorphBuffer::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    for (GLuint* t : {&m_deltaTexture, &m_activeTexture}) {
        if (*t != 0)
            gl.glDeleteTextures(1, t);
        *t = 0;
    }
    for (GLuint* b : {&m_deltaBuffer, &m_activeBuffer}) {
        if (*b != 0)
            gl.glDeleteBuffers(1, b);
        *b = 0;
    }
    m_activeCapacity = m_targetCount = m_vertexCount = 0;
    m_active.clear();
}

void MorphBuffer::setWeights(QOpenGLFunctions_3_3_Core& gl, std::span<const float> weights)
{
    if (m_targetCount == 0)
        return;
    // In target order, as core/mesh/morph_target.cpp adds them, so the GPU
    // sums the same terms in the same order as the CPU pose.
    m_staging.clear();
    const std::size_t n = std::min(weights.size(), m_targetCount);
    for (std::size_t t = 0; t < n; ++t) {
        if (weights[t] == 0.f)
            continue;
        m_staging.push_back(static_cast<float>(t));
        m_staging.push_back(weights[t]);
    }
    if (m_staging == m_active)
        return;
    m_active = m_staging;
    const std::size_t bytes = m_active.size() * sizeof(float);
    writeBuffer(gl, GL_TEXTURE_BUFFER, m_activeBuffer, m_activeCapacity, m_active.data(), bytes, GL_STREAM_DRAW);
    m_bytesUploaded += bytes;
}

void MorphBuffer::bind(QOpenGLFunctions_3_3_Core& gl, int deltaUnit, int activeUnit) const
{
    gl.glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + deltaUnit));
    gl.glBindTexture(GL_TEXTURE_BUFFER, m_deltaTexture);
    gl.glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + activeUnit));
    gl.glBindTexture(GL_TEXTURE_BUFFER, m_activeTexture);
    gl.glActiveTexture(GL_TEXTURE0);
}

} // namespace marrow::gl
