// SPDX-License-Identifier: MIT
// A fresh write's morph targets (a primitive's "targets", the mesh's default
// "weights" and extras.targetNames) and morph-weight channels. A write that
// carries a glTF source keeps the source's own.
#include "core/io/gltf_export_context.h"

namespace marrow::io::gltfexport {

namespace {

std::vector<float> flatten(const std::vector<glm::vec3>& v)
{
    std::vector<float> out;
    out.reserve(v.size() * 3);
    for (const glm::vec3& p : v)
        out.insert(out.end(), {p.x, p.y, p.z});
    return out;
}

} // namespace

void addMorphTargets(ExportContext& ctx, const mesh::Mesh& m, tinygltf::Primitive& prim, tinygltf::Mesh& out)
{
    if (m.morphTargets.empty())
        return;
    std::vector<tinygltf::Value> names;
    for (const mesh::MorphTarget& t : m.morphTargets) {
        std::map<std::string, int> target;
        // POSITION displacements need bounds (glTF requires min and max).
        target["POSITION"] = ctx.addFloats(flatten(t.positions), 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
        if (!t.normals.empty())
            target["NORMAL"] = ctx.addFloats(flatten(t.normals), 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
        prim.targets.push_back(std::move(target));
        names.emplace_back(t.name);
    }
    out.weights.assign(m.morphTargets.size(), 0.0);
    for (std::size_t w = 0; w < m.morphWeights.size() && w < out.weights.size(); ++w)
        out.weights[w] = m.morphWeights[w];
    tinygltf::Value::Object extras;
    extras["targetNames"] = tinygltf::Value(names);
    out.extras = tinygltf::Value(extras);
}

void addMorphChannels(ExportContext& ctx, const anim::Clip& clip, float shift, tinygltf::Animation& animation)
{
    for (const anim::MorphTrack& track : clip.morphTracks) {
        if (track.mesh >= ctx.meshNode.size() || ctx.meshNode[track.mesh] < 0 || track.times.empty())
            continue;
        std::vector<float> times = track.times;
        for (float& t : times)
            t += shift;
        tinygltf::AnimationSampler sampler;
        sampler.input = ctx.addTimes(times);
        sampler.output = ctx.addFloats(track.values, 1, TINYGLTF_TYPE_SCALAR, 0, false);
        sampler.interpolation = anim::interpolationName(track.interpolation);  // glTF's names
        animation.samplers.push_back(std::move(sampler));
        tinygltf::AnimationChannel channel;
        channel.sampler = static_cast<int>(animation.samplers.size() - 1);
        channel.target_node = ctx.meshNode[track.mesh];
        channel.target_path = "weights";
        animation.channels.push_back(std::move(channel));
    }
}

} // namespace marrow::io::gltfexport
