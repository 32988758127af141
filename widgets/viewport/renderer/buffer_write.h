// SPDX-License-Identifier: MIT
#pragma once
#include <QOpenGLFunctions_3_3_Core>

#include <cstddef>

namespace marrow::gl {

// Writes `bytes` from `data` to the start of `buffer` (bound to `target` for
// the call): in place with glBufferSubData when the store allocated so far
// (`capacity`, bytes) holds them, else a new store of exactly that size,
// which updates `capacity`. Streams that change each frame (palettes,
// overlays, morph weights) reuse their store instead of reallocating it.
// Needs the owning context current; nothing happens for zero bytes.
inline void writeBuffer(QOpenGLFunctions_3_3_Core& gl, GLenum target, GLuint buffer, std::size_t& capacity,
                        const void* data, std::size_t bytes, GLenum usage)
{
    if (bytes == 0)
        return;
    gl.glBindBuffer(target, buffer);
    if (bytes > capacity) {
        gl.glBufferData(target, static_cast<GLsizeiptr>(bytes), data, usage);
        capacity = bytes;
    } else {
        gl.glBufferSubData(target, 0, static_cast<GLsizeiptr>(bytes), data);
    }
    gl.glBindBuffer(target, 0);
}

} // namespace marrow::gl
