// SPDX-License-Identifier: MIT
// A carried glTF write of some of the rig's meshes (File › Export's Visible
// or Selected): the left-out meshes' primitives go, everything else of the
// source stays. What refers to a removed glTF mesh, sampler or animation is
// renumbered so the file stays valid.
#include "core/io/gltf_export_carry.h"

#include <algorithm>
#include <map>

namespace marrow::io::gltfexport {

namespace {

// Removes glTF meshes with no primitive left; nodes drawing them draw nothing.
void dropEmptyMeshes(tinygltf::Model& model)
{
    std::vector<int> index(model.meshes.size(), -1);
    std::vector<tinygltf::Mesh> kept;
    for (std::size_t m = 0; m < model.meshes.size(); ++m)
        if (!model.meshes[m].primitives.empty()) {
            index[m] = static_cast<int>(kept.size());
            kept.push_back(std::move(model.meshes[m]));
        }
    model.meshes = std::move(kept);
    for (tinygltf::Node& node : model.nodes) {
        if (node.mesh < 0)
            continue;
        node.mesh = index[static_cast<std::size_t>(node.mesh)];
        if (node.mesh < 0) {
            node.skin = -1;  // glTF: a skin needs a mesh on its node
            node.weights.clear();
        }
    }
}

// Morph-weight channels of nodes that no longer draw a mesh go, with their
// samplers; an animation left without channels goes, and the clips'
// animation indices follow.
void dropDanglingWeightChannels(ExportContext& ctx)
{
    tinygltf::Model& model = ctx.model;
    std::vector<int> animationIndex(model.animations.size(), -1);
    std::vector<tinygltf::Animation> animations;
    for (std::size_t a = 0; a < model.animations.size(); ++a) {
        tinygltf::Animation& anim = model.animations[a];
        std::vector<tinygltf::AnimationChannel> channels;
        std::vector<tinygltf::AnimationSampler> samplers;
        std::map<int, int> samplerIndex;
        for (tinygltf::AnimationChannel& c : anim.channels) {
            const bool dangling = c.target_path == "weights" && c.target_node >= 0 &&
                                  model.nodes[static_cast<std::size_t>(c.target_node)].mesh < 0;
            if (dangling || c.sampler < 0 || static_cast<std::size_t>(c.sampler) >= anim.samplers.size())
                continue;
            auto [it, added] = samplerIndex.try_emplace(c.sampler, static_cast<int>(samplers.size()));
            if (added)
                samplers.push_back(anim.samplers[static_cast<std::size_t>(c.sampler)]);
            c.sampler = it->second;
            channels.push_back(std::move(c));
        }
        if (channels.empty())
            continue;
        anim.channels = std::move(channels);
        anim.samplers = std::move(samplers);
        animationIndex[a] = static_cast<int>(animations.size());
        animations.push_back(std::move(anim));
    }
    model.animations = std::move(animations);
    for (int& a : ctx.clipAnimation)
        if (a >= 0)
            a = animationIndex[static_cast<std::size_t>(a)];
}

} // namespace

void omitMeshes(ExportContext& ctx, const GltfSource& source, const CarryPlan& plan)
{
    // Per node, the primitives of its glTF mesh to remove.
    std::map<int, std::vector<int>> drop;
    for (std::size_t i = 0; i < ctx.keepMeshes.size() && i < plan.meshNode.size(); ++i)
        if (!ctx.keepMeshes[i] && plan.meshNode[i] >= 0)
            drop[plan.meshNode[i]].push_back(source.meshes[i].primitive);
    for (auto& [node, primitives] : drop) {
        tinygltf::Node& n = ctx.model.nodes[static_cast<std::size_t>(node)];
        if (n.mesh < 0)
            continue;
        // Other nodes drawing the same mesh (instances) keep it whole.
        const auto users = std::count_if(ctx.model.nodes.begin(), ctx.model.nodes.end(),
                                         [&](const tinygltf::Node& other) { return other.mesh == n.mesh; });
        if (users > 1) {
            ctx.model.meshes.push_back(ctx.model.meshes[static_cast<std::size_t>(n.mesh)]);
            n.mesh = static_cast<int>(ctx.model.meshes.size() - 1);
        }
        std::vector<tinygltf::Primitive>& prims = ctx.model.meshes[static_cast<std::size_t>(n.mesh)].primitives;
        std::sort(primitives.rbegin(), primitives.rend());
        for (const int p : primitives)
            if (p >= 0 && static_cast<std::size_t>(p) < prims.size())
                prims.erase(prims.begin() + p);
    }
    dropEmptyMeshes(ctx.model);
    dropDanglingWeightChannels(ctx);
}

} // namespace marrow::io::gltfexport
