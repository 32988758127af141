// SPDX-License-Identifier: MIT
#include "core/model/mesh_append.h"

#include "core/model/mesh_bind.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

namespace marrow::model {

namespace {

// A rigid mesh baked through its node's rest world: it then draws the same at the identity.
void bake(mesh::Mesh& m, const glm::mat4& world)
{
    const glm::mat3 linear(world);
    const glm::mat3 normalMatrix = glm::transpose(glm::inverse(linear));
    for (glm::vec3& p : m.positions)
        p = glm::vec3(world * glm::vec4(p, 1.f));
    const auto turn = [&](glm::vec3& n) {
        const glm::vec3 t = normalMatrix * n;
        const float length = glm::length(t);
        n = length > 0.f ? t / length : n;
    };
    for (glm::vec3& n : m.normals)
        turn(n);
    for (mesh::MorphTarget& target : m.morphTargets) {
        for (glm::vec3& d : target.positions)
            d = linear * d;
        for (glm::vec3& d : target.normals)
            d = normalMatrix * d;  // a displacement of a unit normal: turned, not renormalised
    }
}

} // namespace

std::optional<Rig> appendMeshes(const Rig& into, const Rig& from, const std::string& holderName, std::string& error)
{
    if (from.meshes.empty()) {
        error = "the file has no mesh";
        return std::nullopt;
    }
    Rig out = into;
    out.skeleton.names.push_back(holderName);
    out.skeleton.parents.push_back(anim::kNoParent);
    out.skeleton.rest.push_back(math::Transform{});
    if (!out.rotationModes.empty())
        out.rotationModes.push_back(anim::RotationMode::Quaternion);
    const auto holder = static_cast<anim::JointIndex>(out.skeleton.size() - 1);
    const auto textureOffset = static_cast<int>(out.textures.size());
    const auto materialOffset = static_cast<int>(out.materials.size());
    out.textures.insert(out.textures.end(), from.textures.begin(), from.textures.end());
    for (mesh::Material material : from.materials) {
        for (mesh::TextureSlot* slot : {&material.baseColourMap, &material.metallicRoughnessMap, &material.normalMap,
                                        &material.occlusionMap, &material.emissiveMap})
            if (slot->texture >= 0)
                slot->texture += textureOffset;
        out.materials.push_back(std::move(material));
    }
    const std::vector<glm::mat4> worlds = restWorlds(from.skeleton);
    for (mesh::Mesh m : from.meshes) {
        if (!m.skinned() && m.node >= 0 && static_cast<std::size_t>(m.node) < worlds.size())
            bake(m, worlds[static_cast<std::size_t>(m.node)]);
        m.skin = -1;
        m.weights = mesh::SkinWeights();
        m.node = holder;
        if (m.material >= 0)
            m.material += materialOffset;
        out.meshes.push_back(std::move(m));
    }
    if (auto invalid = out.validate()) {
        error = *invalid;
        return std::nullopt;
    }
    return out;
}

} // namespace marrow::model
