// SPDX-License-Identifier: MIT
// glTF morph targets -> mesh::MorphTarget (position and normal displacements,
// names from extras.targetNames, default weights from the node or the mesh),
// and "weights" animation channels -> anim::MorphTrack.
#include "core/io/gltf_import_context.h"

namespace marrow::io::gltf {

namespace {

std::vector<glm::vec3> readDisplacements(ImportContext& ctx, int accessor, std::size_t vertices, const std::string& what)
{
    const std::vector<float> f = ctx.reader.floats(accessor, 3, what);
    if (f.size() != vertices * 3)
        fail(what + " has " + std::to_string(f.size() / 3) + " elements for " + std::to_string(vertices) + " vertices");
    std::vector<glm::vec3> out(vertices);
    for (std::size_t v = 0; v < vertices; ++v)
        out[v] = glm::vec3(f[v * 3], f[v * 3 + 1], f[v * 3 + 2]);
    return out;
}

std::vector<std::string> targetNames(const tinygltf::Mesh& gm)
{
    std::vector<std::string> names;
    if (!gm.extras.IsObject() || !gm.extras.Has("targetNames"))
        return names;
    const tinygltf::Value& list = gm.extras.Get("targetNames");
    if (!list.IsArray())
        return names;
    for (std::size_t i = 0; i < list.ArrayLen(); ++i)
        names.push_back(list.Get(static_cast<int>(i)).IsString() ? list.Get(static_cast<int>(i)).Get<std::string>() : "");
    return names;
}

} // namespace

void readMorphTargets(ImportContext& ctx, std::size_t nodeIndex, int meshIndex, std::size_t primitive,
                      const std::string& label, mesh::Mesh& out)
{
    const tinygltf::Node& node = ctx.model.nodes[nodeIndex];
    const tinygltf::Mesh& gm = ctx.model.meshes[static_cast<std::size_t>(meshIndex)];
    const tinygltf::Primitive& prim = gm.primitives[primitive];
    if (prim.targets.empty())
        return;
    const std::size_t n = out.positions.size();
    const std::vector<std::string> names = targetNames(gm);
    for (std::size_t t = 0; t < prim.targets.size(); ++t) {
        const std::map<std::string, int>& attrs = prim.targets[t];
        const std::string tlabel = "morph target " + std::to_string(t) + " of " + label;
        mesh::MorphTarget target;
        target.name = t < names.size() ? names[t] : "";
        if (auto it = attrs.find("POSITION"); it != attrs.end())
            target.positions = readDisplacements(ctx, it->second, n, "POSITION of " + tlabel);
        else
            target.positions.assign(n, glm::vec3(0.f));
        if (auto it = attrs.find("NORMAL"); it != attrs.end() && !out.normals.empty())
            target.normals = readDisplacements(ctx, it->second, n, "NORMAL of " + tlabel);
        out.morphTargets.push_back(std::move(target));
    }
    // The node's weights win over the mesh's (glTF); neither gives zeros.
    const std::vector<double>& given = !node.weights.empty() ? node.weights : gm.weights;
    out.morphWeights.assign(prim.targets.size(), 0.f);
    if (!given.empty() && given.size() != prim.targets.size())
        ctx.warnings.push_back(label + ": " + std::to_string(given.size()) + " default morph weights for " +
                               std::to_string(prim.targets.size()) + " targets; they start at 0");
    else
        for (std::size_t t = 0; t < given.size(); ++t)
            out.morphWeights[t] = static_cast<float>(given[t]);
}

void addMorphChannel(ImportContext& ctx, anim::Clip& clip, std::size_t node, anim::Interpolation interpolation,
                     std::vector<float> times, const std::vector<float>& values, const std::string& label)
{
    // The node's mesh's primitives are rig meshes (GltfSource::meshes links them).
    bool any = false;
    for (std::size_t i = 0; i < ctx.source.meshes.size(); ++i) {
        if (ctx.source.meshes[i].node != static_cast<int>(node))
            continue;
        const std::size_t targets = ctx.rig.meshes[i].morphTargets.size();
        const std::size_t perKey = interpolation == anim::Interpolation::CubicSpline ? 3 : 1;
        if (targets == 0 || values.size() != times.size() * perKey * targets)
            fail(label + " has " + std::to_string(values.size()) + " weights for " + std::to_string(times.size()) +
                 " keys of " + std::to_string(targets) + " morph targets");
        if (clip.findMorphTrack(static_cast<std::uint32_t>(i))) {
            ctx.warnings.push_back(label + " animates node " + std::to_string(node) +
                                   " weights a second time; the first channel is kept");
            return;
        }
        clip.morphTracks.push_back({static_cast<std::uint32_t>(i), interpolation, times, values});
        any = true;
    }
    if (!any)
        ctx.warnings.push_back(label + " animates the morph weights of node " + std::to_string(node) +
                               ", which has no morph targets Marrow shows; ignored");
}

} // namespace marrow::io::gltf
