// SPDX-License-Identifier: MIT
// The glTF write that carries its source: the source file's model, with only
// what the rig changed since the import written anew (glTF-Transform's rule).
// Each part of the rig is compared with the source's import snapshot
// (GltfSource::asImported); an equal part keeps the source's objects and bytes.
#include "core/io/gltf_export_carry.h"
#include "core/io/gltf_source_content.h"

#include <algorithm>
#include <set>

namespace marrow::io::gltfexport {

namespace {

using Model = tinygltf::Model;

bool sameKeys(const anim::Clip& a, const anim::Clip& b)
{
    anim::Clip renamed = a;
    renamed.name = b.name;
    return renamed == b;
}

bool sameGeometry(const mesh::Mesh& a, const mesh::Mesh& b)
{
    return a.positions == b.positions && a.normals == b.normals && a.uvs == b.uvs && a.moreUVSets == b.moreUVSets &&
           a.indices == b.indices &&
           a.node == b.node;
}

void writeNodes(ExportContext& ctx, const GltfSource& source)
{
    const anim::Skeleton& now = ctx.rig.skeleton;
    const anim::Skeleton& was = source.asImported.skeleton;
    for (std::size_t j = 0; j < now.size(); ++j) {
        tinygltf::Node& node = ctx.model.nodes[static_cast<std::size_t>(source.jointNode[j])];
        if (now.names[j] != was.names[j])
            node.name = now.names[j];
        if (now.rest[j] == was.rest[j])
            continue;
        const math::Transform& t = now.rest[j];
        node.matrix.clear();
        node.translation = {t.translation.x, t.translation.y, t.translation.z};
        node.rotation = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
        node.scale = {t.scale.x, t.scale.y, t.scale.z};
    }
}

void writeSkins(ExportContext& ctx, const GltfSource& source)
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
            if (now[s] == was[s] && out.joints.size() == now[s].joints.size())
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

void writeMeshes(ExportContext& ctx, const GltfSource& source)
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
        if (m.weights == was[i].weights && !skinChanged && !link.weightsRepaired &&
            ctx.weightStorage == model::WeightStorage::Float)
            continue;
        const int mesh = ownMesh(ctx, link.node, ownedBy);
        tinygltf::Primitive& prim =
            ctx.model.meshes[static_cast<std::size_t>(mesh)].primitives[static_cast<std::size_t>(link.primitive)];
        for (auto it = prim.attributes.begin(); it != prim.attributes.end();)
            it = it->first.starts_with("JOINTS_") || it->first.starts_with("WEIGHTS_") ? prim.attributes.erase(it)
                                                                                       : std::next(it);
        tinygltf::Node& node = ctx.model.nodes[static_cast<std::size_t>(link.node)];
        const int skin = m.skinned() ? ctx.skinIndex[static_cast<std::size_t>(m.skin)] : -1;
        if (skin >= 0)
            addSkinAttributes(ctx, m, ctx.model.skins[static_cast<std::size_t>(skin)].joints.size(), prim);
        node.skin = skin;
    }
}

// Non-TRS channels (morph weights, pointers) of a source animation, with
// their samplers, appended to `out`.
void keepOtherChannels(const tinygltf::Animation& from, tinygltf::Animation& out)
{
    for (const tinygltf::AnimationChannel& c : from.channels) {
        if (c.target_path == "translation" || c.target_path == "rotation" || c.target_path == "scale")
            continue;
        tinygltf::AnimationChannel copy = c;
        out.samplers.push_back(from.samplers[static_cast<std::size_t>(c.sampler)]);
        copy.sampler = static_cast<int>(out.samplers.size() - 1);
        out.channels.push_back(std::move(copy));
    }
}

void writeClips(ExportContext& ctx, const GltfSource& source, const Model& original)
{
    const std::vector<anim::Clip>& was = source.asImported.clips;
    std::vector<std::uint8_t> claimed(was.size(), 0);
    std::vector<tinygltf::Animation> out;
    const auto unclaimed = [&](auto&& match) -> int {
        for (std::size_t k = 0; k < was.size(); ++k)
            if (!claimed[k] && match(was[k]))
                return static_cast<int>(k);
        return -1;
    };
    for (std::size_t c = 0; c < ctx.rig.clips.size(); ++c) {
        const anim::Clip& clip = ctx.rig.clips[c];
        // The same keys (renamed or not): the source's animation, bytes and all.
        if (int k = unclaimed([&](const anim::Clip& w) { return sameKeys(clip, w); }); k >= 0) {
            claimed[static_cast<std::size_t>(k)] = 1;
            tinygltf::Animation kept = original.animations[static_cast<std::size_t>(source.clipAnimation[static_cast<std::size_t>(k)])];
            kept.name = clip.name;
            ctx.clipAnimation.push_back(static_cast<int>(out.size()));
            out.push_back(std::move(kept));
            continue;
        }
        tinygltf::Animation animation = buildAnimation(ctx, clip, c);
        // Edited keys: new TRS channels; its morph-weight channels stay.
        if (int k = unclaimed([&](const anim::Clip& w) { return w.name == clip.name; }); k >= 0) {
            claimed[static_cast<std::size_t>(k)] = 1;
            const tinygltf::Animation& from = original.animations[static_cast<std::size_t>(source.clipAnimation[static_cast<std::size_t>(k)])];
            keepOtherChannels(from, animation);
            animation.extras = from.extras;
            animation.extensions = from.extensions;
        }
        ctx.clipAnimation.push_back(animation.channels.empty() ? -1 : static_cast<int>(out.size()));
        if (!animation.channels.empty())
            out.push_back(std::move(animation));
    }
    // Animations the import made no clip of (morph weights alone) stay as they were.
    const std::set<int> imported(source.clipAnimation.begin(), source.clipAnimation.end());
    for (std::size_t a = 0; a < original.animations.size(); ++a)
        if (!imported.contains(static_cast<int>(a)))
            out.push_back(original.animations[a]);
    ctx.model.animations = std::move(out);
}

} // namespace

std::optional<std::string> carryRefusal(const model::Rig& rig, const GltfSource& source)
{
    const model::Rig& was = source.asImported;
    if (!source.content)
        return "the source file is not at hand";
    if (rig.skeleton.size() != was.skeleton.size() || rig.skeleton.parents != was.skeleton.parents ||
        source.jointNode.size() != rig.skeleton.size())
        return "the skeleton's joints or hierarchy changed";
    if (rig.meshes.size() != was.meshes.size() || source.meshes.size() != rig.meshes.size())
        return "meshes were added or removed";
    for (std::size_t i = 0; i < rig.meshes.size(); ++i)
        if (!sameGeometry(rig.meshes[i], was.meshes[i]))
            return "the geometry of mesh '" + rig.meshes[i].name + "' changed";
    if (rig.skins.size() < was.skins.size() || source.skinIndex.size() != was.skins.size() ||
        source.clipAnimation.size() != was.clips.size())
        return "skins were removed";
    for (int node : source.jointNode)
        if (node < 0 || static_cast<std::size_t>(node) >= source.content->model.nodes.size())
            return "a joint has no node in the source";
    return std::nullopt;
}

void exportCarried(ExportContext& ctx, const GltfSource& source)
{
    const Model& original = source.content->model;
    ctx.model = original;
    ctx.jointNode = source.jointNode;
    ctx.binBuffer = static_cast<int>(original.buffers.size());
    const ReferencedData before = referencedData(ctx.model);
    writeNodes(ctx, source);
    writeSkins(ctx, source);
    writeMeshes(ctx, source);
    writeClips(ctx, source, original);
    pruneOrphans(ctx.model, before);
    mergeBuffers(ctx, *source.content);
}

} // namespace marrow::io::gltfexport
