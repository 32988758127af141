// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/bone_batch.h"
#include "widgets/viewport/renderer/buffer_write.h"

#include <QOpenGLFunctions_3_3_Core>

#include <vector>

namespace marrow::gl {

namespace {

struct UnitVertex {
    glm::vec3 position;
    glm::vec3 normal;
};

// The unit bone: head at the origin, tail at +Y 1, the waist a tenth of
// the way up with a radius of a tenth (Blender's octahedral proportions).
void unitBone(std::vector<UnitVertex>& faces, std::vector<UnitVertex>& edges)
{
    const glm::vec3 head(0.f), tail(0.f, 1.f, 0.f);
    const glm::vec3 ring[4] = {{0.1f, 0.1f, 0.f}, {0.f, 0.1f, 0.1f}, {-0.1f, 0.1f, 0.f}, {0.f, 0.1f, -0.1f}};
    for (int k = 0; k < 4; ++k) {
        const glm::vec3& a = ring[k];
        const glm::vec3& b = ring[(k + 1) % 4];
        for (const glm::vec3& apex : {head, tail}) {
            const glm::vec3 n = glm::normalize(glm::cross(a - apex, b - apex));
            faces.push_back({apex, n});
            faces.push_back({a, n});
            faces.push_back({b, n});
        }
        for (const auto& [p, q] : {std::pair{head, a}, std::pair{tail, a}, std::pair{a, b}}) {
            edges.push_back({p, glm::vec3(0.f)});
            edges.push_back({q, glm::vec3(0.f)});
        }
    }
}

void uploadUnit(QOpenGLFunctions_3_3_Core& gl, unsigned int vbo, const std::vector<UnitVertex>& vertices)
{
    gl.glBindBuffer(GL_ARRAY_BUFFER, vbo);
    gl.glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(UnitVertex)), vertices.data(),
                    GL_STATIC_DRAW);
    const auto stride = static_cast<GLsizei>(sizeof(UnitVertex));
    gl.glEnableVertexAttribArray(0);
    gl.glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(UnitVertex, position)));
    gl.glEnableVertexAttribArray(1);
    gl.glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(UnitVertex, normal)));
}

constexpr int kFaceVertices = 24, kEdgeVertices = 24;

} // namespace

void BoneBatch::create(QOpenGLFunctions_3_3_Core& gl)
{
    destroy(gl);
    std::vector<UnitVertex> faces, edges;
    unitBone(faces, edges);
    gl.glGenVertexArrays(1, &m_faceVao);
    gl.glGenVertexArrays(1, &m_edgeVao);
    gl.glGenBuffers(1, &m_faceVbo);
    gl.glGenBuffers(1, &m_edgeVbo);
    gl.glGenBuffers(1, &m_instanceVbo);
    for (const auto& [vao, vbo, data] : {std::tuple{m_faceVao, m_faceVbo, &faces}, std::tuple{m_edgeVao, m_edgeVbo, &edges}}) {
        gl.glBindVertexArray(vao);
        uploadUnit(gl, vbo, *data);
        bindInstanceAttributes(gl);
    }
    gl.glBindVertexArray(0);
    gl.glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void BoneBatch::bindInstanceAttributes(QOpenGLFunctions_3_3_Core& gl) const
{
    gl.glBindBuffer(GL_ARRAY_BUFFER, m_instanceVbo);
    const auto stride = static_cast<GLsizei>(sizeof(BoneInstance));
    for (int column = 0; column < 4; ++column) {
        const GLuint location = 2 + static_cast<GLuint>(column);
        gl.glEnableVertexAttribArray(location);
        gl.glVertexAttribPointer(location, 4, GL_FLOAT, GL_FALSE, stride,
                                 reinterpret_cast<const void*>(offsetof(BoneInstance, transform) +
                                                               static_cast<std::size_t>(column) * sizeof(glm::vec4)));
        gl.glVertexAttribDivisor(location, 1);
    }
    gl.glEnableVertexAttribArray(6);
    gl.glVertexAttribPointer(6, 4, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(BoneInstance, colour)));
    gl.glVertexAttribDivisor(6, 1);
}

void BoneBatch::destroy(QOpenGLFunctions_3_3_Core& gl)
{
    for (unsigned int* buffer : {&m_faceVbo, &m_edgeVbo, &m_instanceVbo}) {
        if (*buffer != 0)
            gl.glDeleteBuffers(1, buffer);
        *buffer = 0;
    }
    for (unsigned int* vao : {&m_faceVao, &m_edgeVao}) {
        if (*vao != 0)
            gl.glDeleteVertexArrays(1, vao);
        *vao = 0;
    }
    m_count = m_capacity = 0;
}

void BoneBatch::upload(QOpenGLFunctions_3_3_Core& gl, std::span<const BoneInstance> bones)
{
    if (m_instanceVbo == 0)
        return;
    m_count = bones.size();
    if (bones.empty())
        return;
    writeBuffer(gl, GL_ARRAY_BUFFER, m_instanceVbo, m_capacity, bones.data(), bones.size_bytes(), GL_DYNAMIC_DRAW);
    m_bytesUploaded += bones.size_bytes();
}

void BoneBatch::drawFaces(QOpenGLFunctions_3_3_Core& gl) const
{
    if (m_count == 0)
        return;
    gl.glBindVertexArray(m_faceVao);
    gl.glDrawArraysInstanced(GL_TRIANGLES, 0, kFaceVertices, static_cast<GLsizei>(m_count));
    gl.glBindVertexArray(0);
}

void BoneBatch::drawEdges(QOpenGLFunctions_3_3_Core& gl) const
{
    if (m_count == 0)
        return;
    gl.glBindVertexArray(m_edgeVao);
    gl.glDrawArraysInstanced(GL_LINES, 0, kEdgeVertices, static_cast<GLsizei>(m_count));
    gl.glBindVertexArray(0);
}

} // namespace marrow::gl
