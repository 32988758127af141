// SPDX-License-Identifier: MIT
#include "core/model/mesh_append.h"

#include "core/model/mesh_bake.h"
#include "core/model/mesh_bind.h"

namespace marrow::model {

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
            bakeTransform(m, worlds[static_cast<std::size_t>(m.node)]);
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
