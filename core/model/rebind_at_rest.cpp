// SPDX-License-Identifier: MIT
#include "core/model/rebind_at_rest.h"

#include "core/model/bind_pose_drift.h"
#include "core/model/mesh_bake.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

namespace marrow::model {

namespace {

// A vertex's blended skinning matrix, accumulated as CpuSkinningJob's linear blend does.
glm::mat4 blended(const mesh::SkinWeights& w, std::size_t v, const std::vector<glm::mat4>& palette)
{
    glm::mat4 m(0.f);
    const auto joints = w.jointRow(v);
    const auto weights = w.weightRow(v);
    const auto last = static_cast<std::uint16_t>(palette.size() - 1);
    for (std::size_t k = 0; k < weights.size(); ++k) {
        if (weights[k] == 0.f)
            break;  // rows are sorted: the rest is padding
        const glm::mat4& p = palette[std::min(joints[k], last)];
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                m[c][r] += weights[k] * p[c][r];
    }
    // An unnormalised row deforms as normalised (mesh::deformRowScale).
    const float scale = mesh::deformRowScale(weights);
    return scale == 1.f ? m : m * scale;
}

} // namespace

BoundGeometry restPosedGeometry(const Rig& rig, std::size_t meshIndex)
{
    const mesh::Mesh& m = rig.meshes[meshIndex];
    const std::vector<glm::mat4> worlds = restWorlds(rig.skeleton);
    if (!m.skinned()) {
        mesh::Mesh baked = m;
        bakeTransform(baked, worlds[static_cast<std::size_t>(m.node)]);
        return {baked.positions, baked.normals, baked.indices, baked.morphTargets};
    }
    const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    std::vector<glm::mat4> palette(skin.joints.size());
    for (std::size_t k = 0; k < palette.size(); ++k)
        palette[k] = worlds[static_cast<std::size_t>(skin.joints[k])] * skin.inverseBind[k];
    BoundGeometry g{m.positions, m.normals, m.indices, m.morphTargets};
    if (palette.empty())
        return g;
    std::vector<float> det(m.vertexCount(), 1.f);
    for (std::size_t v = 0; v < m.vertexCount(); ++v) {
        const glm::mat4 s = blended(m.weights, v, palette);
        const glm::mat3 linear(s);
        const glm::mat3 normalMatrix = glm::transpose(glm::inverse(linear));
        det[v] = glm::determinant(linear);
        g.positions[v] = glm::vec3(s * glm::vec4(m.positions[v], 1.f));
        float scale = 1.f;  // as mesh_bake: normal displacements divided as their normal is
        if (v < g.normals.size()) {
            const glm::vec3 t = normalMatrix * m.normals[v];
            const float length = glm::length(t);
            if (length > 0.f && std::isfinite(length)) {
                g.normals[v] = t / length;
                scale = length;
            }
        }
        for (mesh::MorphTarget& target : g.morphTargets) {
            if (v < target.positions.size())
                target.positions[v] = linear * target.positions[v];
            if (v < target.normals.size() && std::isfinite(normalMatrix[0][0]))
                target.normals[v] = normalMatrix * target.normals[v] / scale;
        }
    }
    for (std::size_t t = 0; t + 2 < g.indices.size(); t += 3)
        if (det[g.indices[t]] + det[g.indices[t + 1]] + det[g.indices[t + 2]] < 0.f)
            std::swap(g.indices[t + 1], g.indices[t + 2]);
    return g;
}

std::size_t rebindAtRest(Rig& rig)
{
    std::vector<int> skins;
    for (const BindPoseDrift& d : bindPoseDrift(rig))
        if (d.relative > kBindPoseDriftTolerance)
            skins.push_back(d.skin);
    if (skins.empty())
        return 0;
    const std::vector<glm::mat4> worlds = restWorlds(rig.skeleton);
    // Every geometry from the rig as it was, then the new inverse binds.
    std::vector<std::pair<std::size_t, BoundGeometry>> rebound;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (std::find(skins.begin(), skins.end(), rig.meshes[m].skin) != skins.end())
            rebound.emplace_back(m, restPosedGeometry(rig, m));
    for (auto& [m, g] : rebound) {
        mesh::Mesh& mesh = rig.meshes[m];
        mesh.positions = std::move(g.positions);
        mesh.normals = std::move(g.normals);
        mesh.indices = std::move(g.indices);
        mesh.morphTargets = std::move(g.morphTargets);
    }
    for (const int s : skins) {
        Skin& skin = rig.skins[static_cast<std::size_t>(s)];
        for (std::size_t k = 0; k < skin.joints.size(); ++k)
            skin.inverseBind[k] = glm::inverse(worlds[static_cast<std::size_t>(skin.joints[k])]);
    }
    return skins.size();
}

} // namespace marrow::model
