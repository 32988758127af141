// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mesh.h"

#include <cstddef>
#include <span>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

// One mesh's morph targets on the GPU, so a morphing mesh costs no per-frame
// CPU work (skinned_mesh.vert adds the displacements before skinning):
// - every target's displacements, uploaded once per rig, in one GL_RGBA32F
//   texture buffer: texel 2 (t V + v) is target t's position displacement of
//   vertex v, the next texel its normal displacement (zero when the target
//   has none);
// - the targets that weigh in the current pose, as (target, weight) pairs in
//   a GL_RG32F texture buffer, uploaded only when the weights change: 8
//   bytes per active target.
// A mesh without targets makes no GL object. Every call but the accessors
// needs the owning context current.
class MorphBuffer {
public:
    MorphBuffer() = default;
    MorphBuffer(const MorphBuffer&) = delete;
    MorphBuffer& operator=(const MorphBuffer&) = delete;

    void create(QOpenGLFunctions_3_3_Core& gl, const mesh::Mesh& mesh);
    void destroy(QOpenGLFunctions_3_3_Core& gl);
    // One weight per target (extra ones ignored, missing ones count as 0).
    // Uploads the active list when it differs from the last one sent.
    void setWeights(QOpenGLFunctions_3_3_Core& gl, std::span<const float> weights);
    // Binds the displacements to `deltaUnit` and the active list to `activeUnit`.
    void bind(QOpenGLFunctions_3_3_Core& gl, int deltaUnit, int activeUnit) const;

    bool hasTargets() const { return m_targetCount > 0; }
    // Targets with a non-zero weight now: the shader's loop count.
    int activeCount() const { return static_cast<int>(m_active.size() / 2); }
    int vertexCount() const { return static_cast<int>(m_vertexCount); }
    std::size_t bytesUploaded() const { return m_bytesUploaded; }

private:
    unsigned int m_deltaBuffer = 0, m_deltaTexture = 0;
    unsigned int m_activeBuffer = 0, m_activeTexture = 0;
    std::size_t m_activeCapacity = 0;  // bytes allocated for the active list
    std::size_t m_targetCount = 0, m_vertexCount = 0;
    std::vector<float> m_active;  // (target, weight) pairs as last uploaded
    std::vector<float> m_staging;
    std::size_t m_bytesUploaded = 0;
};

} // namespace marrow::gl
