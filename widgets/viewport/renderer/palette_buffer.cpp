// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/palette_buffer.h"
#include "core/mesh/skin_linear_simd.h"
#include "widgets/viewport/renderer/buffer_write.h"

#include <QOpenGLFunctions_3_3_Core>

#include <tuple>

namespace marrow::gl {

static_assert(sizeof(glm::mat4) == 16 * sizeof(float), "a palette matrix is 4 RGBA32F texels");

void PaletteBuffer::create(QOpenGLFunctions_3_3_Core& gl)
{
    destroy(gl);
    gl.glGenBuffers(1, &m_matrixBuffer);
    gl.glGenBuffers(1, &m_dualQuatBuffer);
    gl.glGenTextures(1, &m_matrixTexture);
    gl.glGenTextures(1, &m_dualQuatTexture);
    // Give each buffer a store before attaching it, so the texture is complete
    // (an empty palette reads zeros, never garbage).
    const float zero[8] = {};
    for (const auto& [buffer, texture, capacity] :
         {std::tuple{m_matrixBuffer, m_matrixTexture, &m_matrixCapacity},
          std::tuple{m_dualQuatBuffer, m_dualQuatTexture, &m_dualQuatCapacity}}) {
        gl.glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        gl.glBufferData(GL_TEXTURE_BUFFER, sizeof(zero), zero, GL_STREAM_DRAW);
        *capacity = sizeof(zero);
        gl.glBindTexture(GL_TEXTURE_BUFFER, texture);
        // The attachment names the buffer object, so later reallocations by
        // glBufferData are seen without re-attaching.
        gl.glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer);
    }
    gl.glBindTexture(GL_TEXTURE_BUFFER, 0);
    gl.glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

void PaletteBuffer::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    for (GLuint* t : {&m_matrixTexture, &m_dualQuatTexture}) {
        if (*t != 0)
            gl.glDeleteTextures(1, t);
        *t = 0;
    }
    for (GLuint* b : {&m_matrixBuffer, &m_dualQuatBuffer}) {
        if (*b != 0)
            gl.glDeleteBuffers(1, b);
        *b = 0;
    }
    m_matrixCapacity = m_dualQuatCapacity = 0;
    m_jointCount = m_dualQuatCount = 0;
}

void PaletteBuffer::write(QOpenGLFunctions_3_3_Core& gl, unsigned int buffer, std::size_t& capacity,
                          const void* data, std::size_t bytes)
{
    writeBuffer(gl, GL_TEXTURE_BUFFER, buffer, capacity, data, bytes, GL_STREAM_DRAW);
    m_bytesUploaded += bytes;
}

void PaletteBuffer::upload(QOpenGLFunctions_3_3_Core& gl, std::span<const glm::mat4> palette)
{
    // Skinning matrices are affine: the bottom row is always (0, 0, 0, 1), so
    // only the top three rows go up. A quarter less traffic, and the shader
    // fetches and blends three texels per influence instead of four.
    m_staging.resize(palette.size() * kTexelsPerJoint * 4);
    float* out = m_staging.data();
    for (const glm::mat4& m : palette) {
        for (int row = 0; row < 3; ++row)
            for (int column = 0; column < 4; ++column)
                *out++ = m[column][row];
    }
    write(gl, m_matrixBuffer, m_matrixCapacity, m_staging.data(), m_staging.size() * sizeof(float));
    m_jointCount = palette.size();
    m_conformal = mesh::conformalPalette(palette);
}

void PaletteBuffer::uploadDualQuats(QOpenGLFunctions_3_3_Core& gl, std::span<const math::ScaledDualQuat> dualQuats)
{
    // Pack explicitly as xyzw rather than trusting glm::quat's member order;
    // the scale map is affine, so its bottom row stays behind as the palette's does.
    m_staging.resize(dualQuats.size() * kDualQuatTexelsPerJoint * 4);
    float* out = m_staging.data();
    for (const math::ScaledDualQuat& dq : dualQuats) {
        for (const glm::quat& q : {dq.rigid.real, dq.rigid.dual}) {
            *out++ = q.x;
            *out++ = q.y;
            *out++ = q.z;
            *out++ = q.w;
        }
        for (int row = 0; row < 3; ++row)
            for (int column = 0; column < 4; ++column)
                *out++ = dq.scale[column][row];
    }
    write(gl, m_dualQuatBuffer, m_dualQuatCapacity, m_staging.data(), m_staging.size() * sizeof(float));
    m_dualQuatCount = dualQuats.size();
}

void PaletteBuffer::bind(QOpenGLFunctions_3_3_Core& gl, int matrixUnit, int dualQuatUnit) const
{
    gl.glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + matrixUnit));
    gl.glBindTexture(GL_TEXTURE_BUFFER, m_matrixTexture);
    gl.glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + dualQuatUnit));
    gl.glBindTexture(GL_TEXTURE_BUFFER, m_dualQuatTexture);
    gl.glActiveTexture(GL_TEXTURE0);
}

} // namespace marrow::gl
