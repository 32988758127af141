// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/mesh_buffers.h"

#include <QOpenGLFunctions_3_3_Core>

#include <algorithm>
#include <type_traits>

namespace marrow::gl {

static_assert(std::is_same_v<GLuint, unsigned int>, "GL names are stored as unsigned int");

namespace {

// Attribute locations, fixed by layout(location) in skinned_mesh.vert.
enum Attribute : GLuint { Position = 0, Normal = 1, Joints0 = 2, Joints1 = 3, Weights0 = 4, Weights1 = 5, Uv = 6, Colour = 7, Scalar = 8 };

std::vector<glm::vec3> smoothNormals(const mesh::Mesh& m)
{
    std::vector<glm::vec3> normals(m.positions.size(), glm::vec3(0.f));
    for (std::size_t i = 0; i + 2 < m.indices.size(); i += 3) {
        const std::uint32_t a = m.indices[i], b = m.indices[i + 1], c = m.indices[i + 2];
        // The unnormalised cross product weights each face by its area.
        const glm::vec3 n = glm::cross(m.positions[b] - m.positions[a], m.positions[c] - m.positions[a]);
        normals[a] += n;
        normals[b] += n;
        normals[c] += n;
    }
    for (glm::vec3& n : normals) {
        const float len = glm::length(n);
        n = len > 0.f ? n / len : glm::vec3(0.f, 0.f, 1.f);
    }
    return normals;
}

} // namespace

void MeshBuffers::create(QOpenGLFunctions_3_3_Core& gl, const mesh::Mesh& mesh)
{
    destroy(gl);
    m_vertexCount = mesh.positions.size();
    m_indexCount = mesh.indices.size();

    gl.glGenVertexArrays(1, &m_vao);
    gl.glBindVertexArray(m_vao);

    const auto upload = [&](GLenum target, GLuint& name, const void* data, std::size_t bytes) {
        gl.glGenBuffers(1, &name);
        gl.glBindBuffer(target, name);
        gl.glBufferData(target, static_cast<GLsizeiptr>(bytes), data, GL_STATIC_DRAW);
        m_bytesUploaded += bytes;
    };

    upload(GL_ARRAY_BUFFER, m_positions, mesh.positions.data(), m_vertexCount * sizeof(glm::vec3));
    gl.glEnableVertexAttribArray(Position);
    gl.glVertexAttribPointer(Position, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);

    const std::vector<glm::vec3> generated =
        mesh.normals.size() == m_vertexCount ? std::vector<glm::vec3>{} : smoothNormals(mesh);
    const glm::vec3* normals = generated.empty() ? mesh.normals.data() : generated.data();
    upload(GL_ARRAY_BUFFER, m_normals, normals, m_vertexCount * sizeof(glm::vec3));
    gl.glEnableVertexAttribArray(Normal);
    gl.glVertexAttribPointer(Normal, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);

    if (mesh.skinned() && mesh.weights.vertexCount() == m_vertexCount) {
        m_jointRows.assign(m_vertexCount * kSlots, 0);
        m_weightRows.assign(m_vertexCount * kSlots, 0.f);
        for (std::size_t v = 0; v < m_vertexCount; ++v)
            writeRow(mesh.weights, v);
        upload(GL_ARRAY_BUFFER, m_joints, m_jointRows.data(), m_jointRows.size() * sizeof(std::uint16_t));
        // Integer attributes need the I variant, or the shader sees floats.
        gl.glEnableVertexAttribArray(Joints0);
        gl.glVertexAttribIPointer(Joints0, 4, GL_UNSIGNED_SHORT, kJointBytes, nullptr);
        gl.glEnableVertexAttribArray(Joints1);
        gl.glVertexAttribIPointer(Joints1, 4, GL_UNSIGNED_SHORT, kJointBytes,
                                  reinterpret_cast<const void*>(4 * sizeof(std::uint16_t)));
        upload(GL_ARRAY_BUFFER, m_weights, m_weightRows.data(), m_weightRows.size() * sizeof(float));
        gl.glEnableVertexAttribArray(Weights0);
        gl.glVertexAttribPointer(Weights0, 4, GL_FLOAT, GL_FALSE, kWeightBytes, nullptr);
        gl.glEnableVertexAttribArray(Weights1);
        gl.glVertexAttribPointer(Weights1, 4, GL_FLOAT, GL_FALSE, kWeightBytes,
                                 reinterpret_cast<const void*>(4 * sizeof(float)));
    }

    // What textured shading reads; for a mesh without them the shader is
    // told so (MeshPass: uHasUV, uHasColours) and ignores the attribute.
    if (mesh.uvs.size() == m_vertexCount && m_vertexCount > 0) {
        upload(GL_ARRAY_BUFFER, m_uvs, mesh.uvs.data(), m_vertexCount * sizeof(glm::vec2));
        gl.glEnableVertexAttribArray(Uv);
        gl.glVertexAttribPointer(Uv, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2), nullptr);
    }
    if (mesh.colours.size() == m_vertexCount && m_vertexCount > 0) {
        upload(GL_ARRAY_BUFFER, m_colours, mesh.colours.data(), m_vertexCount * sizeof(glm::vec4));
        gl.glEnableVertexAttribArray(Colour);
        gl.glVertexAttribPointer(Colour, 4, GL_FLOAT, GL_FALSE, sizeof(glm::vec4), nullptr);
    }

    // The element buffer binding is VAO state, so bind it while the VAO is bound.
    upload(GL_ELEMENT_ARRAY_BUFFER, m_indices, mesh.indices.data(), m_indexCount * sizeof(std::uint32_t));
    gl.glBindVertexArray(0);
    gl.glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void MeshBuffers::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    for (GLuint* name : {&m_positions, &m_normals, &m_joints, &m_weights, &m_indices, &m_uvs, &m_colours, &m_scalars}) {
        if (*name != 0)
            gl.glDeleteBuffers(1, name);
        *name = 0;
    }
    if (m_vao != 0)
        gl.glDeleteVertexArrays(1, &m_vao);
    m_vao = 0;
    m_vertexCount = m_indexCount = 0;
    m_jointRows.clear();
    m_weightRows.clear();
}

bool MeshBuffers::setScalars(QOpenGLFunctions_3_3_Core& gl, std::span<const float> values)
{
    if (m_vao == 0)
        return false;
    gl.glBindVertexArray(m_vao);
    if (values.size() != m_vertexCount) {
        // None (or the wrong count): the attribute reads its current value,
        // GL's initial (0, 0, 0, 1), which nothing here changes.
        gl.glDisableVertexAttribArray(Scalar);
        gl.glBindVertexArray(0);
        return values.empty();
    }
    if (m_scalars == 0)
        gl.glGenBuffers(1, &m_scalars);
    gl.glBindBuffer(GL_ARRAY_BUFFER, m_scalars);
    gl.glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(values.size() * sizeof(float)), values.data(), GL_DYNAMIC_DRAW);
    m_bytesUploaded += values.size() * sizeof(float);
    gl.glEnableVertexAttribArray(Scalar);
    gl.glVertexAttribPointer(Scalar, 1, GL_FLOAT, GL_FALSE, sizeof(float), nullptr);
    gl.glBindVertexArray(0);
    gl.glBindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void MeshBuffers::writeRow(const mesh::SkinWeights& weights, std::size_t row)
{
    const auto joints = weights.jointRow(row);
    const auto values = weights.weightRow(row);
    const std::size_t n = std::min<std::size_t>(joints.size(), kSlots);
    std::uint16_t* j = m_jointRows.data() + row * kSlots;
    float* w = m_weightRows.data() + row * kSlots;
    std::fill(j, j + kSlots, std::uint16_t{0});
    std::fill(w, w + kSlots, 0.f);
    std::copy_n(joints.begin(), n, j);
    std::copy_n(values.begin(), n, w);
}

bool MeshBuffers::updateWeights(QOpenGLFunctions_3_3_Core& gl, const mesh::SkinWeights& weights,
                                std::span<const std::uint32_t> rows)
{
    if (!skinned() || weights.vertexCount() != m_vertexCount)
        return false;
    std::vector<std::uint32_t> sorted;
    sorted.reserve(rows.size());
    for (const std::uint32_t r : rows)
        if (r < m_vertexCount)
            sorted.push_back(r);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted.empty())
        return true;
    for (const std::uint32_t r : sorted)
        writeRow(weights, r);
    // A dab changes a few clusters of nearby rows: one range per cluster,
    // not one span from the first changed row to the last.
    std::size_t first = sorted.front(), last = first + 1;
    for (const std::uint32_t r : sorted) {
        if (r >= last + kMergeGap) {
            uploadRows(gl, first, last);
            first = r;
        }
        last = std::size_t{r} + 1;
    }
    uploadRows(gl, first, last);
    return true;
}

bool MeshBuffers::replaceWeights(QOpenGLFunctions_3_3_Core& gl, const mesh::SkinWeights& weights)
{
    if (!skinned() || weights.vertexCount() != m_vertexCount)
        return false;
    for (std::size_t v = 0; v < m_vertexCount; ++v)
        writeRow(weights, v);
    uploadRows(gl, 0, m_vertexCount);
    return true;
}

void MeshBuffers::uploadRows(QOpenGLFunctions_3_3_Core& gl, std::size_t first, std::size_t last)
{
    const std::size_t count = last - first;
    if (count == 0)
        return;
    gl.glBindBuffer(GL_ARRAY_BUFFER, m_joints);
    gl.glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(first * kJointBytes),
                       static_cast<GLsizeiptr>(count * kJointBytes), m_jointRows.data() + first * kSlots);
    gl.glBindBuffer(GL_ARRAY_BUFFER, m_weights);
    gl.glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(first * kWeightBytes),
                       static_cast<GLsizeiptr>(count * kWeightBytes), m_weightRows.data() + first * kSlots);
    gl.glBindBuffer(GL_ARRAY_BUFFER, 0);
    m_bytesUploaded += count * (kJointBytes + kWeightBytes);
}

void MeshBuffers::drawTriangles(QOpenGLFunctions_3_3_Core& gl) const
{
    gl.glBindVertexArray(m_vao);
    gl.glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(m_indexCount), GL_UNSIGNED_INT, nullptr);
    gl.glBindVertexArray(0);
}

void MeshBuffers::drawPoints(QOpenGLFunctions_3_3_Core& gl) const
{
    gl.glBindVertexArray(m_vao);
    gl.glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(m_vertexCount));
    gl.glBindVertexArray(0);
}

} // namespace marrow::gl
