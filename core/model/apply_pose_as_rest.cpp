// SPDX-License-Identifier: MIT
#include "core/model/apply_pose_as_rest.h"

#include "core/anim/local_to_world_job.h"
#include "core/mesh/cpu_skinning_job.h"

#include <glm/gtc/matrix_inverse.hpp>

namespace marrow::model {

namespace {

// The blended skinning matrix of one vertex (its row's weighted palette).
glm::mat4 blendedMatrix(const mesh::SkinWeights& w, std::size_t v, std::span<const glm::mat4> palette)
{
    glm::mat4 m(0.f);
    float total = 0.f;
    for (std::size_t i = 0; i < static_cast<std::size_t>(w.stride); ++i) {
        const float weight = w.weightRow(v)[i];
        if (weight > 0.f && w.jointRow(v)[i] < palette.size()) {
            m += weight * palette[w.jointRow(v)[i]];
            total += weight;
        }
    }
    // An unnormalised row as the skinning job deforms it: divided by its sum.
    return total > 0.f ? m * mesh::deformRowScale(w.weightRow(v)) : glm::mat4(1.f);
}

} // namespace

std::optional<std::string> applyPoseAsRest(Rig& rig, std::span<const math::Transform> locals)
{
    const anim::Skeleton& s = rig.skeleton;
    if (locals.size() != s.size())
        return "the pose has " + std::to_string(locals.size()) + " transforms for " + std::to_string(s.size()) +
               " joints";
    for (const math::Transform& t : locals)
        if (!math::isFinite(t))
            return "the pose is not finite";
    std::vector<glm::mat4> worlds(s.size());
    const anim::LocalToWorldJob toWorld{s.parents, locals, glm::mat4(1.f), worlds};
    if (!toWorld.run())
        return "the pose cannot be placed in the world";

    // Each skinned mesh takes its posed shape, with the old binds.
    for (mesh::Mesh& m : rig.meshes) {
        if (!m.skinned())
            continue;
        const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
        std::vector<glm::mat4> palette(skin.joints.size());
        for (std::size_t k = 0; k < skin.joints.size(); ++k)
            palette[k] = worlds[static_cast<std::size_t>(skin.joints[k])] * skin.inverseBind[k];
        std::vector<glm::vec3> positions(m.positions.size()), normals(m.normals.size());
        const mesh::CpuSkinningJob job{mesh::SkinningMethod::Linear, m.weights.stride, m.positions, m.normals,
                                       m.weights.joints, m.weights.weights, palette, {}, positions, normals};
        if (!job.run())
            return "mesh '" + m.name + "' could not be skinned";
        for (mesh::MorphTarget& target : m.morphTargets)
            for (std::size_t v = 0; v < target.positions.size() && v < m.vertexCount(); ++v) {
                const glm::mat3 linear(blendedMatrix(m.weights, v, palette));
                target.positions[v] = linear * target.positions[v];
                if (v < target.normals.size())
                    target.normals[v] = glm::inverseTranspose(linear) * target.normals[v];
            }
        m.positions = std::move(positions);
        m.normals = std::move(normals);
    }
    // The pose is the rest; every bind is the new rest's inverse.
    for (std::size_t j = 0; j < s.size(); ++j) {
        math::Transform t = locals[j];
        t.rotation = glm::normalize(t.rotation);
        rig.skeleton.rest[j] = t;
    }
    for (Skin& skin : rig.skins)
        for (std::size_t k = 0; k < skin.joints.size(); ++k)
            skin.inverseBind[k] = glm::inverse(worlds[static_cast<std::size_t>(skin.joints[k])]);
    return std::nullopt;
}

} // namespace marrow::model
