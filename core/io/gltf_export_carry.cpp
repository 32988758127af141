// SPDX-License-Identifier: MIT
// The glTF write that carries its source: the source file's model, with only
// what the rig changed since the import written anew (glTF-Transform's rule).
// Each part of the rig is compared with the source's import snapshot
// (GltfSource::asImported); an equal part keeps the source's objects and bytes.
#include "core/io/gltf_export_carry.h"
#include "core/io/gltf_source_content.h"

#include <algorithm>

namespace marrow::io::gltfexport {

namespace {

using Model = tinygltf::Model;

// The rig skin and the source's have the same joints (through the joint
// match), inverse binds and name.
bool sameSkin(const model::Skin& now, const model::Skin& was, const JointMatch& match)
{
    if (now.name != was.name || now.inverseBind != was.inverseBind || now.joints.size() != was.joints.size())
        return false;
    for (std::size_t k = 0; k < now.joints.size(); ++k)
        if (match.sourceOf[static_cast<std::size_t>(now.joints[k])] != was.joints[k])
            return false;
    return true;
}

void writeSkins(ExportContext& ctx, const GltfSource& source, const JointMatch& match)
{
    const std::vector<model::Skin>& now = ctx.rig.skins;
    const std::vector<model::Skin>& was = source.asImported.skins;
    ctx.skinIndex.assign(now.size(), -1);
    for (std::size_t s = 0; s < now.size(); ++s) {
        if (now[s].joints.empty())
            continue;
        if (s < was.size()) {
            const int index = source.skinIndex[s];
            ctx.skinIndex[s] = index;
            tinygltf::Skin& out = ctx.model.skins[static_cast<std::size_t>(index)];
            // The import may have grown the skin (weightless rows bound to
            // the mesh's node): the file's skin then lacks a joint the rows use.
            if (sameSkin(now[s], was[s], match) && out.joints.size() == now[s].joints.size())
                continue;
            tinygltf::Skin fresh = buildSkin(ctx, now[s]);
            // Name, skeleton root, extras and extensions stay the source's.
            out.joints = std::move(fresh.joints);
            out.inverseBindMatrices = fresh.inverseBindMatrices;
            out.name = now[s].name;
            continue;
        }
        ctx.skinIndex[s] = static_cast<int>(ctx.model.skins.size());
        ctx.model.skins.push_back(buildSkin(ctx, now[s]));
    }
}

// Gives `node` a mesh of its own before one of its primitives changes, when
// other nodes draw the same glTF mesh (instancing): they keep the source's.
int ownMesh(ExportContext& ctx, int node, std::vector<int>& ownedBy)
{
    tinygltf::Node& n = ctx.model.nodes[static_cast<std::size_t>(node)];
    const int mesh = n.mesh;
    if (ownedBy[static_cast<std::size_t>(node)] >= 0)
        return ownedBy[static_cast<std::size_t>(node)];
    int users = 0;
    for (const tinygltf::Node& other : ctx.model.nodes)
        users += other.mesh == mesh ? 1 : 0;
    int own = mesh;
    if (users > 1) {
        ctx.model.meshes.push_back(ctx.model.meshes[static_cast<std::size_t>(mesh)]);
        own = static_cast<int>(ctx.model.meshes.size() - 1);
        ctx.model.nodes[static_cast<std::size_t>(node)].mesh = own;
    }
    ownedBy[static_cast<std::size_t>(node)] = own;
    return own;
}

void writeMeshes(ExportContext& ctx, const GltfSource& source, const CarryPlan& plan)
{
    const std::vector<mesh::Mesh>& now = ctx.rig.meshes;
    const std::vector<mesh::Mesh>& was = source.asImported.meshes;
    std::vector<int> ownedBy(ctx.model.nodes.size(), -1);
    for (std::size_t i = 0; i < now.size(); ++i) {
        const mesh::Mesh& m = now[i];
        const bool skinChanged = m.skin != was[i].skin ||
                                 (m.skinned() && ctx.rig.skins[static_cast<std::size_t>(m.skin)].joints.size() !=
                                                     source.asImported.skins[static_cast<std::size_t>(m.skin)].joints.size());
        const GltfSource::MeshLink& link = source.meshes[i];
        // An integer storage rewrites every row: the source's may be floats.
        const bool weights = !(m.weights == was[i].weights && !skinChanged && !link.weightsRepaired &&
                               ctx.weightStorage == model::WeightStorage::Float);
        if (!weights && !plan.newGeometry[i])
            continue;
        const int at = plan.meshNode[i];  // the source's node, or where the mesh moved
        const int mesh = ownMesh(ctx, at, ownedBy);
        tinygltf::Primitive& prim =
            ctx.model.meshes[static_cast<std::size_t>(mesh)].primitives[static_cast<std::size_t>(link.primitive)];
        if (plan.newGeometry[i])
            writeCarriedGeometry(ctx, m, prim);
        if (!weights)
            continue;
        for (auto it = prim.attributes.begin(); it != prim.attributes.end();)
            it = it->first.starts_with("JOINTS_") || it->first.starts_with("WEIGHTS_") ? prim.attributes.erase(it)
                                                                                       : std::next(it);
        tinygltf::Node& node = ctx.model.nodes[static_cast<std::size_t>(at)];
        const int skin = m.skinned() ? ctx.skinIndex[static_cast<std::size_t>(m.skin)] : -1;
        if (skin >= 0)
            addSkinAttributes(ctx, m, ctx.model.skins[static_cast<std::size_t>(skin)].joints.size(), prim);
        node.skin = skin;
    }
}

} // namespace

void exportCarried(ExportContext& ctx, const GltfSource& source, const CarryPlan& plan)
{
    const Model& original = source.content->model;
    ctx.model = original;
    ctx.jointNode = plan.jointNode;
    ctx.binBuffer = static_cast<int>(original.buffers.size());
    const ReferencedData before = referencedData(ctx.model);
    writeCarriedNodes(ctx, source, plan);
    writeSkins(ctx, source, plan.joints);
    writeMeshes(ctx, source, plan);
    writeCarriedClips(ctx, source, plan.joints);
    if (!ctx.keepMeshes.empty())
        omitMeshes(ctx, source, plan);
    pruneOrphans(ctx.model, before);
    mergeBuffers(ctx, *source.content);
}

} // namespace marrow::io::gltfexport
