// SPDX-License-Identifier: MIT
// The nodes of the write that carries its source, after a skeleton edit or
// none: each kept joint's node as the source has it (camera, light, mesh,
// extras, extensions), with the name and rest the rig changed; deleted
// joints' nodes removed; new joints' nodes appended; the hierarchy the
// rig's; every reference to a node (scenes, children, skins, animation
// targets) renumbered (CarryPlan).
#include "core/io/gltf_export_carry.h"
#include "core/io/gltf_source_content.h"

#include <map>
#include <set>

namespace marrow::io::gltfexport {

namespace {

void writeRest(tinygltf::Node& node, const math::Transform& t)
{
    node.matrix.clear();
    node.translation = {t.translation.x, t.translation.y, t.translation.z};
    node.rotation = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
    node.scale = {t.scale.x, t.scale.y, t.scale.z};
}

// Per write node: its parent in the write (-1 a root). Joints' parents are
// the rig's; a node that is no joint keeps the source's.
std::vector<int> writeParents(const ExportContext& ctx, const tinygltf::Model& original, const CarryPlan& plan)
{
    std::vector<int> parent(plan.nodeCount, -1);
    for (std::size_t i = 0; i < original.nodes.size(); ++i)
        for (int c : original.nodes[i].children)
            if (plan.nodeTo[i] >= 0 && c >= 0 && static_cast<std::size_t>(c) < plan.nodeTo.size() &&
                plan.nodeTo[static_cast<std::size_t>(c)] >= 0)
                parent[static_cast<std::size_t>(plan.nodeTo[static_cast<std::size_t>(c)])] = plan.nodeTo[i];
    const anim::Skeleton& s = ctx.rig.skeleton;
    for (std::size_t j = 0; j < s.size(); ++j)
        parent[static_cast<std::size_t>(plan.jointNode[j])] =
            s.parents[j] == anim::kNoParent ? -1 : plan.jointNode[static_cast<std::size_t>(s.parents[j])];
    return parent;
}

// Children lists from `parent`: the source's order for children that stay,
// then the others in write order.
void writeChildren(std::vector<tinygltf::Node>& nodes, const std::vector<int>& sourceOf,
                   const tinygltf::Model& original, const CarryPlan& plan, const std::vector<int>& parent)
{
    std::vector<std::vector<int>> children(nodes.size());
    for (std::size_t w = 0; w < nodes.size(); ++w) {
        if (sourceOf[w] < 0)
            continue;
        for (int c : original.nodes[static_cast<std::size_t>(sourceOf[w])].children) {
            const int to = c >= 0 && static_cast<std::size_t>(c) < plan.nodeTo.size() ? plan.nodeTo[static_cast<std::size_t>(c)] : -1;
            if (to >= 0 && parent[static_cast<std::size_t>(to)] == static_cast<int>(w))
                children[w].push_back(to);
        }
    }
    for (std::size_t w = 0; w < nodes.size(); ++w) {
        const int p = parent[w];
        if (p < 0)
            continue;
        std::vector<int>& list = children[static_cast<std::size_t>(p)];
        if (std::find(list.begin(), list.end(), static_cast<int>(w)) == list.end())
            list.push_back(static_cast<int>(w));
    }
    for (std::size_t w = 0; w < nodes.size(); ++w)
        nodes[w].children = std::move(children[w]);
}

// Scene roots: the source's that stay roots, then each new root in the
// scenes that held its source root (a new joint's: the default scene).
void writeScenes(tinygltf::Model& model, const tinygltf::Model& original, const std::vector<int>& sourceOf,
                 const CarryPlan& plan, const std::vector<int>& parent)
{
    std::vector<int> sourceParent(original.nodes.size(), -1);
    for (std::size_t i = 0; i < original.nodes.size(); ++i)
        for (int c : original.nodes[i].children)
            if (c >= 0 && static_cast<std::size_t>(c) < sourceParent.size())
                sourceParent[static_cast<std::size_t>(c)] = static_cast<int>(i);
    const auto sourceRoot = [&](int i) {
        for (std::size_t guard = 0; sourceParent[static_cast<std::size_t>(i)] >= 0 && guard < sourceParent.size(); ++guard)
            i = sourceParent[static_cast<std::size_t>(i)];
        return i;
    };
    std::set<int> listed;
    for (tinygltf::Scene& scene : model.scenes) {
        std::vector<int> roots;
        for (int n : scene.nodes) {
            const int to = n >= 0 && static_cast<std::size_t>(n) < plan.nodeTo.size() ? plan.nodeTo[static_cast<std::size_t>(n)] : -1;
            if (to >= 0 && parent[static_cast<std::size_t>(to)] < 0)
                roots.push_back(to);
        }
        listed.insert(roots.begin(), roots.end());
        scene.nodes = std::move(roots);
    }
    const int defaultScene = model.defaultScene >= 0 ? model.defaultScene : 0;
    for (std::size_t w = 0; w < parent.size(); ++w) {
        if (parent[w] >= 0 || listed.contains(static_cast<int>(w)))
            continue;
        if (sourceOf[w] < 0) {
            if (static_cast<std::size_t>(defaultScene) < model.scenes.size())
                model.scenes[static_cast<std::size_t>(defaultScene)].nodes.push_back(static_cast<int>(w));
            continue;
        }
        const int root = sourceRoot(sourceOf[w]);
        if (root == sourceOf[w])
            continue;  // a root the source's scenes did not list stays out
        for (std::size_t s = 0; s < original.scenes.size(); ++s) {
            const std::vector<int>& was = original.scenes[s].nodes;
            if (std::find(was.begin(), was.end(), root) != was.end())
                model.scenes[s].nodes.push_back(static_cast<int>(w));
        }
    }
}

// A glTF mesh whose rig meshes moved to another joint (their joint was
// deleted) goes to that joint's node with its skin and morph weights.
// Returns source node -> the write node its mesh went to.
std::map<int, int> moveMeshes(std::vector<tinygltf::Node>& nodes, const tinygltf::Model& original,
                              const GltfSource& source, const CarryPlan& plan)
{
    std::map<int, int> moved;
    for (std::size_t r = 0; r < plan.meshNode.size(); ++r) {
        const int from = source.meshes[r].node;
        if (plan.nodeTo[static_cast<std::size_t>(from)] != plan.meshNode[r])
            moved[from] = plan.meshNode[r];
    }
    for (const auto& [from, to] : moved)
        if (const int at = plan.nodeTo[static_cast<std::size_t>(from)]; at >= 0) {
            nodes[static_cast<std::size_t>(at)].mesh = -1;
            nodes[static_cast<std::size_t>(at)].skin = -1;
            nodes[static_cast<std::size_t>(at)].weights.clear();
        }
    for (const auto& [from, to] : moved) {
        const tinygltf::Node& src = original.nodes[static_cast<std::size_t>(from)];
        tinygltf::Node& dst = nodes[static_cast<std::size_t>(to)];
        dst.mesh = src.mesh;
        dst.skin = src.skin;
        dst.weights = src.weights;
    }
    return moved;
}

// Channels aimed at the write's nodes; those at a removed node go, and
// samplers no channel uses with them.
void retargetAnimations(tinygltf::Model& model, const CarryPlan& plan, const std::map<int, int>& meshMoved)
{
    for (tinygltf::Animation& a : model.animations) {
        std::vector<tinygltf::AnimationChannel> channels;
        for (tinygltf::AnimationChannel& c : a.channels) {
            if (c.target_node >= 0 && static_cast<std::size_t>(c.target_node) < plan.nodeTo.size()) {
                const auto moved = meshMoved.find(c.target_node);
                c.target_node = c.target_path == "weights" && moved != meshMoved.end()
                                    ? moved->second
                                    : plan.nodeTo[static_cast<std::size_t>(c.target_node)];
                if (c.target_node < 0)
                    continue;
            }
            channels.push_back(std::move(c));
        }
        std::vector<int> samplerTo(a.samplers.size(), -1);
        std::vector<tinygltf::AnimationSampler> samplers;
        for (tinygltf::AnimationChannel& c : channels) {
            if (c.sampler < 0 || static_cast<std::size_t>(c.sampler) >= a.samplers.size())
                continue;
            int& to = samplerTo[static_cast<std::size_t>(c.sampler)];
            if (to < 0) {
                to = static_cast<int>(samplers.size());
                samplers.push_back(a.samplers[static_cast<std::size_t>(c.sampler)]);
            }
            c.sampler = to;
        }
        a.channels = std::move(channels);
        a.samplers = std::move(samplers);
    }
}

} // namespace

void writeCarriedNodes(ExportContext& ctx, const GltfSource& source, const CarryPlan& plan)
{
    const tinygltf::Model& original = source.content->model;
    const anim::Skeleton& now = ctx.rig.skeleton;
    const anim::Skeleton& was = source.asImported.skeleton;
    std::vector<tinygltf::Node> nodes(plan.nodeCount);
    std::vector<int> sourceOf(plan.nodeCount, -1);  // write node -> source node
    for (std::size_t i = 0; i < original.nodes.size(); ++i)
        if (const int to = plan.nodeTo[i]; to >= 0) {
            nodes[static_cast<std::size_t>(to)] = original.nodes[i];
            sourceOf[static_cast<std::size_t>(to)] = static_cast<int>(i);
        }
    for (std::size_t j = 0; j < now.size(); ++j) {
        tinygltf::Node& node = nodes[static_cast<std::size_t>(plan.jointNode[j])];
        const int k = plan.joints.sourceOf[j];
        if (k < 0) {
            node.name = now.names[j];
            writeRest(node, now.rest[j]);
            continue;
        }
        if (now.names[j] != was.names[static_cast<std::size_t>(k)])
            node.name = now.names[j];
        if (!(now.rest[j] == was.rest[static_cast<std::size_t>(k)]))
            writeRest(node, now.rest[j]);
    }
    const std::map<int, int> meshMoved = moveMeshes(nodes, original, source, plan);
    const std::vector<int> parent = writeParents(ctx, original, plan);
    writeChildren(nodes, sourceOf, original, plan, parent);
    ctx.model.nodes = std::move(nodes);
    writeScenes(ctx.model, original, sourceOf, plan, parent);
    // Skins: joints renumbered (writeSkins rebuilds those the edit changed);
    // a removed skeleton root gives way to its nearest kept ancestor.
    for (tinygltf::Skin& skin : ctx.model.skins) {
        std::vector<int> joints;
        for (int n : skin.joints)
            if (n >= 0 && static_cast<std::size_t>(n) < plan.nodeTo.size() && plan.nodeTo[static_cast<std::size_t>(n)] >= 0)
                joints.push_back(plan.nodeTo[static_cast<std::size_t>(n)]);
        skin.joints = std::move(joints);
        int root = skin.skeleton;
        while (root >= 0 && static_cast<std::size_t>(root) < plan.nodeTo.size() && plan.nodeTo[static_cast<std::size_t>(root)] < 0) {
            int up = -1;
            for (std::size_t i = 0; i < original.nodes.size() && up < 0; ++i)
                for (int c : original.nodes[i].children)
                    up = c == root ? static_cast<int>(i) : up;
            root = up;
        }
        skin.skeleton = root >= 0 && static_cast<std::size_t>(root) < plan.nodeTo.size() ? plan.nodeTo[static_cast<std::size_t>(root)] : -1;
    }
    retargetAnimations(ctx.model, plan, meshMoved);
}

} // namespace marrow::io::gltfexport
