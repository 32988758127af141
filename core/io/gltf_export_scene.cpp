// SPDX-License-Identifier: MIT
// Skeleton -> glTF nodes and scene; rig skins -> glTF skins.
#include "core/io/gltf_export_context.h"

namespace marrow::io::gltfexport {

void exportNodes(ExportContext& ctx)
{
    const anim::Skeleton& skeleton = ctx.rig.skeleton;
    // Node i is joint i, so joint indices in skins, meshes and clips carry over unchanged.
    ctx.model.nodes.resize(skeleton.size());
    tinygltf::Scene scene;
    for (std::size_t i = 0; i < skeleton.size(); ++i) {
        tinygltf::Node& node = ctx.model.nodes[i];
        node.name = skeleton.names[i];
        const math::Transform& t = skeleton.rest[i];
        // Defaults are left out (glTF implies them), which keeps files small and diffs readable.
        if (t.translation != glm::vec3(0.f))
            node.translation = {t.translation.x, t.translation.y, t.translation.z};
        if (t.rotation != glm::quat(1.f, 0.f, 0.f, 0.f))
            node.rotation = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
        if (t.scale != glm::vec3(1.f))
            node.scale = {t.scale.x, t.scale.y, t.scale.z};
        const anim::JointIndex parent = skeleton.parents[i];
        if (parent == anim::kNoParent)
            scene.nodes.push_back(static_cast<int>(i));
        else
            ctx.model.nodes[static_cast<std::size_t>(parent)].children.push_back(static_cast<int>(i));
    }
    if (!scene.nodes.empty()) {
        ctx.model.scenes.push_back(std::move(scene));
        ctx.model.defaultScene = 0;
    }
}

tinygltf::Skin buildSkin(ExportContext& ctx, const model::Skin& skin)
{
    std::vector<float> matrices;
    matrices.reserve(skin.joints.size() * 16);
    for (std::size_t j = 0; j < skin.joints.size(); ++j) {
        const glm::mat4 m = j < skin.inverseBind.size() ? skin.inverseBind[j] : glm::mat4(1.f);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                matrices.push_back(m[c][r]);
        // The validator wants an exactly affine last row; inversion noise (1e-9) would fail it.
        float* last = matrices.data() + matrices.size() - 16;
        last[3] = last[7] = last[11] = 0.f;
        last[15] = 1.f;
    }
    tinygltf::Skin out;
    out.name = skin.name;
    for (anim::JointIndex joint : skin.joints)
        out.joints.push_back(ctx.nodeOf(joint));
    out.inverseBindMatrices = ctx.addFloats(matrices, 16, TINYGLTF_TYPE_MAT4, 0, false);
    // No `skeleton`: it is optional, and a wrong guess is a validator error.
    return out;
}

void exportSkins(ExportContext& ctx)
{
    ctx.skinIndex.assign(ctx.rig.skins.size(), -1);
    for (std::size_t s = 0; s < ctx.rig.skins.size(); ++s) {
        // glTF requires at least one joint; meshes of an empty skin are written rigid.
        if (ctx.rig.skins[s].joints.empty())
            continue;
        ctx.skinIndex[s] = static_cast<int>(ctx.model.skins.size());
        ctx.model.skins.push_back(buildSkin(ctx, ctx.rig.skins[s]));
    }
}

} // namespace marrow::io::gltfexport
