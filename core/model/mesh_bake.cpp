// SPDX-License-Identifier: MIT
#include "core/model/mesh_bake.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <utility>
#include <vector>

namespace marrow::model {

void bakeTransform(mesh::Mesh& m, const glm::mat4& world)
{
    if (world == glm::mat4(1.f))
        return;
    for (glm::vec3& p : m.positions)
        p = glm::vec3(world * glm::vec4(p, 1.f));
    const glm::mat3 linear(world);
    if (linear == glm::mat3(1.f))
        return;  // a translation: directions and displacements stay as they are
    const glm::mat3 normalMatrix = glm::transpose(glm::inverse(linear));
    // Each normal's length under the map: its morph displacements are divided
    // by it as the normal is, so base plus displacement renormalised is the
    // morphed normal turned, exactly.
    std::vector<float> scale(m.normals.size(), 1.f);
    for (std::size_t v = 0; v < m.normals.size(); ++v) {
        const glm::vec3 t = normalMatrix * m.normals[v];
        const float length = glm::length(t);
        if (length > 0.f) {
            m.normals[v] = t / length;
            scale[v] = length;
        }
    }
    for (mesh::MorphTarget& target : m.morphTargets) {
        for (glm::vec3& d : target.positions)
            d = linear * d;
        for (std::size_t v = 0; v < target.normals.size(); ++v)
            target.normals[v] = normalMatrix * target.normals[v] / (v < scale.size() ? scale[v] : 1.f);
    }
    if (glm::determinant(linear) < 0.f)
        for (std::size_t t = 0; t + 2 < m.indices.size(); t += 3)
            std::swap(m.indices[t + 1], m.indices[t + 2]);
}

} // namespace marrow::model
