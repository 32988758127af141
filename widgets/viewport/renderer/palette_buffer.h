// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/scaled_dual_quat.h"

#include <cstddef>
#include <span>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

// One skin's bone palette on the GPU, as two GL_RGBA32F texture buffers: the
// skinning matrices (3 texels per joint: the top three rows of the affine
// matrix; the bottom row is always 0 0 0 1) for LBS, and the same split for
// DQS (5 texels per joint: the dual quaternion's real and dual parts, xyzw,
// then the top three rows of the scale map). Texture buffers have no
// practical joint limit, unlike uniform arrays. The renderer re-uploads the
// one its method reads every frame during playback, so the count of bytes
// uploaded is the per-frame traffic. A buffer grows with glBufferData and is
// otherwise overwritten in place with glBufferSubData. All calls but the
// accessors need the owning context current.
class PaletteBuffer {
public:
    static constexpr std::size_t kTexelsPerJoint = 3;          // matrix rows per joint
    static constexpr std::size_t kDualQuatTexelsPerJoint = 5;  // real, dual, three scale rows

    PaletteBuffer() = default;
    PaletteBuffer(const PaletteBuffer&) = delete;
    PaletteBuffer& operator=(const PaletteBuffer&) = delete;

    void create(QOpenGLFunctions_3_3_Core& gl);
    void destroy(QOpenGLFunctions_3_3_Core& gl);

    void upload(QOpenGLFunctions_3_3_Core& gl, std::span<const glm::mat4> palette);
    void uploadDualQuats(QOpenGLFunctions_3_3_Core& gl, std::span<const math::ScaledDualQuat> dualQuats);

    // Binds the matrix texture to unit `matrixUnit` and the dual quaternions to `dualQuatUnit`.
    void bind(QOpenGLFunctions_3_3_Core& gl, int matrixUnit, int dualQuatUnit) const;

    bool created() const { return m_matrixTexture != 0; }
    std::size_t jointCount() const { return m_jointCount; }
    // The matrices last uploaded pass mesh::conformalPalette (normals by the blended 3x3).
    bool conformal() const { return m_conformal; }
    std::size_t dualQuatCount() const { return m_dualQuatCount; }
    std::size_t bytesUploaded() const { return m_bytesUploaded; }

private:
    void write(QOpenGLFunctions_3_3_Core& gl, unsigned int buffer, std::size_t& capacity, const void* data,
               std::size_t bytes);

    unsigned int m_matrixBuffer = 0, m_matrixTexture = 0;
    unsigned int m_dualQuatBuffer = 0, m_dualQuatTexture = 0;
    std::size_t m_matrixCapacity = 0, m_dualQuatCapacity = 0;  // bytes allocated
    std::size_t m_jointCount = 0, m_dualQuatCount = 0;
    std::size_t m_bytesUploaded = 0;
    bool m_conformal = true;
    std::vector<float> m_staging;  // texels as uploaded, reused across frames
};

} // namespace marrow::gl
