// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mesh.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

class QOpenGLFunctions_3_3_Core;

namespace marrow::gl {

// The GL objects for one mesh::Mesh: a VAO with vertex buffers for positions,
// normals, texture coordinates and vertex colours (when the mesh has them),
// joints (uint16, 8 per vertex, read as two uvec4) and weights (8 floats per
// vertex, read as two vec4), plus a uint32 index buffer.
// Influences are always stored 8 wide (4-wide rows zero-padded) so that one
// shader serves both strides. A CPU copy of the padded influences is kept so
// updateWeights() can upload the changed rows in a few contiguous ranges.
// Rigid meshes get no influence buffers. create()/destroy() and every upload
// need the owning context current; destroy() frees everything create() made.
class MeshBuffers {
public:
    static constexpr int kSlots = 8;  // influences per vertex on the GPU
    static constexpr std::size_t kJointBytes = kSlots * sizeof(std::uint16_t);
    static constexpr std::size_t kWeightBytes = kSlots * sizeof(float);
    // Changed rows fewer than this many unchanged rows apart go up as one
    // range, the rows between included: a row is 48 bytes, so a gap re-sends
    // at most 3 KiB, about what one more glBufferSubData call (validation,
    // a staging copy, a possible sync) costs the driver anyway.
    static constexpr std::size_t kMergeGap = 64;

    MeshBuffers() = default;
    MeshBuffers(const MeshBuffers&) = delete;
    MeshBuffers& operator=(const MeshBuffers&) = delete;

    // Uploads the whole mesh. Normals are generated (area-weighted) when the
    // mesh has none, so shading still works.
    void create(QOpenGLFunctions_3_3_Core& gl, const mesh::Mesh& mesh);
    void destroy(QOpenGLFunctions_3_3_Core& gl);

    // Replaces the influences of `rows` (any order, repeats allowed) with
    // `weights`' rows (weights holds the whole mesh, any stride) and uploads
    // one range per run of changed rows, runs less than kMergeGap apart
    // merged. Rows out of range are ignored. False for a rigid mesh or a
    // weights table of the wrong size.
    bool updateWeights(QOpenGLFunctions_3_3_Core& gl, const mesh::SkinWeights& weights,
                       std::span<const std::uint32_t> rows);
    // Every row from `weights` (any stride), one upload per buffer. Same
    // failures as updateWeights().
    bool replaceWeights(QOpenGLFunctions_3_3_Core& gl, const mesh::SkinWeights& weights);

    // A figure per vertex for the weight-health views (gl::WeightView::Scalar);
    // an empty span removes it (the shader then reads 0). False when the
    // count is not the mesh's.
    bool setScalars(QOpenGLFunctions_3_3_Core& gl, std::span<const float> values);

    void drawTriangles(QOpenGLFunctions_3_3_Core& gl) const;
    void drawPoints(QOpenGLFunctions_3_3_Core& gl) const;

    bool created() const { return m_vao != 0; }
    bool skinned() const { return m_joints != 0; }
    bool hasUvs() const { return m_uvs != 0; }
    bool hasColours() const { return m_colours != 0; }
    std::size_t vertexCount() const { return m_vertexCount; }
    std::size_t indexCount() const { return m_indexCount; }
    // Bytes sent with glBufferData/glBufferSubData since create().
    std::size_t bytesUploaded() const { return m_bytesUploaded; }

private:
    void writeRow(const mesh::SkinWeights& weights, std::size_t row);
    // Sends rows [first, last) of the CPU copy to both influence buffers.
    void uploadRows(QOpenGLFunctions_3_3_Core& gl, std::size_t first, std::size_t last);

    unsigned int m_vao = 0;
    unsigned int m_positions = 0, m_normals = 0, m_joints = 0, m_weights = 0, m_indices = 0;
    unsigned int m_uvs = 0, m_colours = 0;  // 0 when the mesh has none
    unsigned int m_scalars = 0;             // 0 until setScalars
    std::size_t m_vertexCount = 0, m_indexCount = 0;
    std::size_t m_bytesUploaded = 0;
    std::vector<std::uint16_t> m_jointRows;  // kSlots per vertex: what the GPU holds
    std::vector<float> m_weightRows;         // kSlots per vertex
};

} // namespace marrow::gl
