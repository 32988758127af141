// SPDX-License-Identifier: MIT
// Whether a rig can be written over its glTF source, and where the source's
// nodes and meshes go when its skeleton was edited (the joint match rule is
// in the header).
#include "core/io/gltf_export_carry_plan.h"
#include "core/io/gltf_source_content.h"

#include <map>
#include <unordered_map>

namespace marrow::io::gltfexport {

namespace {

// The same vertices, triangles, UVs and morph targets: what a carried write
// keeps as the source has it (positions and normals may differ: written anew).
bool sameTopology(const mesh::Mesh& a, const mesh::Mesh& b)
{
    if (a.positions.size() != b.positions.size() || a.normals.size() != b.normals.size() || a.uvs != b.uvs ||
        a.moreUVSets != b.moreUVSets || a.indices != b.indices || a.morphTargets.size() != b.morphTargets.size())
        return false;
    for (std::size_t t = 0; t < a.morphTargets.size(); ++t)
        if (a.morphTargets[t].name != b.morphTargets[t].name ||
            a.morphTargets[t].normals.size() != b.morphTargets[t].normals.size())
            return false;
    return true;
}

bool samePlace(const mesh::Mesh& a, const mesh::Mesh& b)
{
    if (a.positions != b.positions || a.normals != b.normals)
        return false;
    for (std::size_t t = 0; t < a.morphTargets.size(); ++t)
        if (a.morphTargets[t].positions != b.morphTargets[t].positions ||
            a.morphTargets[t].normals != b.morphTargets[t].normals)
            return false;
    return true;
}

// name -> its joint, for names exactly one joint holds.
std::unordered_map<std::string, int> uniqueNames(const anim::Skeleton& s)
{
    std::unordered_map<std::string, int> index;
    std::unordered_map<std::string, int> count;
    for (std::size_t j = 0; j < s.size(); ++j) {
        index[s.names[j]] = static_cast<int>(j);
        ++count[s.names[j]];
    }
    for (const auto& [name, n] : count)
        if (n > 1)
            index.erase(name);
    return index;
}

// Joint i of `now` is joint i of `was` renamed at most: every name that
// differs is new to `was` and gone from `now`. (A joint deleted and another
// added in one go keeps the count and the parents, but moves names.)
bool renamesOnly(const anim::Skeleton& now, const anim::Skeleton& was)
{
    std::unordered_map<std::string, int> before, after;
    for (const std::string& n : was.names)
        ++before[n];
    for (const std::string& n : now.names)
        ++after[n];
    for (std::size_t j = 0; j < now.size(); ++j)
        if (now.names[j] != was.names[j] && (before.contains(now.names[j]) || after.contains(was.names[j])))
            return false;
    return true;
}

std::optional<std::string> refusalBeforeMatch(const model::Rig& rig, const GltfSource& source)
{
    const model::Rig& was = source.asImported;
    if (!source.content)
        return "the source file is not at hand";
    const std::size_t nodes = source.content->model.nodes.size();
    if (source.jointNode.size() != was.skeleton.size())
        return "the source's nodes do not match its import";
    for (int node : source.jointNode)
        if (node < 0 || static_cast<std::size_t>(node) >= nodes)
            return "a joint has no node in the source";
    if (rig.meshes.size() != was.meshes.size() || source.meshes.size() != rig.meshes.size())
        return "meshes were added or removed";
    for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
        if (!sameTopology(rig.meshes[i], was.meshes[i]))
            return "the geometry of mesh '" + rig.meshes[i].name + "' changed";
        const int node = source.meshes[i].node;
        if (node < 0 || static_cast<std::size_t>(node) >= nodes)
            return "mesh '" + rig.meshes[i].name + "' has no node in the source";
    }
    if (rig.skins.size() < was.skins.size() || source.skinIndex.size() != was.skins.size() ||
        source.clipAnimation.size() != was.clips.size())
        return "skins were removed";
    return std::nullopt;
}

void placeNodes(CarryPlan& plan, const model::Rig& rig, const GltfSource& source)
{
    const std::size_t count = source.content->model.nodes.size();
    std::vector<int> jointOfNode(count, -1);
    for (std::size_t k = 0; k < source.jointNode.size(); ++k)
        jointOfNode[static_cast<std::size_t>(source.jointNode[k])] = static_cast<int>(k);
    plan.nodeTo.assign(count, -1);
    int next = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const int joint = jointOfNode[i];
        // A node that is no joint (none today: every node is one) stays.
        if (joint < 0 || plan.joints.rigOf[static_cast<std::size_t>(joint)] >= 0) {
            plan.renumbered = plan.renumbered || next != static_cast<int>(i);
            plan.nodeTo[i] = next++;
        }
    }
    plan.jointNode.resize(rig.skeleton.size());
    for (std::size_t j = 0; j < rig.skeleton.size(); ++j) {
        const int was = plan.joints.sourceOf[j];
        plan.jointNode[j] = was >= 0 ? plan.nodeTo[static_cast<std::size_t>(source.jointNode[static_cast<std::size_t>(was)])]
                                     : next++;
    }
    plan.nodeCount = static_cast<std::size_t>(next);
}

// Each rig mesh's node in the write; a glTF mesh moves (with its skin and
// morph weights) when its rig meshes moved to another joint.
void placeMeshes(CarryPlan& plan, const model::Rig& rig, const GltfSource& source)
{
    const tinygltf::Model& m = source.content->model;
    std::map<int, int> heldFrom;  // write node -> the source node whose glTF mesh it holds
    for (std::size_t i = 0; i < m.nodes.size(); ++i)
        if (m.nodes[i].mesh >= 0 && plan.nodeTo[i] >= 0)
            heldFrom[plan.nodeTo[i]] = static_cast<int>(i);
    std::map<int, int> movedTo;  // source node -> the write node its glTF mesh goes to
    plan.meshNode.resize(rig.meshes.size());
    for (std::size_t r = 0; r < rig.meshes.size(); ++r) {
        const int from = source.meshes[r].node;
        const int target = plan.jointNode[static_cast<std::size_t>(rig.meshes[r].node)];
        plan.meshNode[r] = target;
        const auto moved = movedTo.find(from);
        if (moved != movedTo.end() && moved->second != target) {
            plan.refusal = "the parts of mesh '" + rig.meshes[r].name + "' went to different joints";
            return;
        }
        movedTo[from] = target;
    }
    const auto endsAt = [&](int node) {
        const auto it = movedTo.find(node);
        return it != movedTo.end() ? it->second : plan.nodeTo[static_cast<std::size_t>(node)];
    };
    for (const auto& [from, target] : movedTo) {
        if (plan.nodeTo[static_cast<std::size_t>(from)] == target)
            continue;
        if (const auto held = heldFrom.find(target);
            held != heldFrom.end() && held->second != from && endsAt(held->second) == target) {
            plan.refusal = "a mesh moved to node '" + m.nodes[static_cast<std::size_t>(held->second)].name +
                           "', which holds another mesh";
            return;
        }
        heldFrom[target] = from;
    }
}

} // namespace

JointMatch matchJoints(const anim::Skeleton& now, const anim::Skeleton& was)
{
    JointMatch match;
    match.sourceOf.assign(now.size(), -1);
    match.rigOf.assign(was.size(), -1);
    if (now.size() == was.size() && now.parents == was.parents && renamesOnly(now, was)) {
        for (std::size_t j = 0; j < now.size(); ++j)
            match.sourceOf[j] = match.rigOf[j] = static_cast<int>(j);
        return match;
    }
    match.byName = true;
    const std::unordered_map<std::string, int> before = uniqueNames(was);
    for (const auto& [name, j] : uniqueNames(now))
        if (const auto it = before.find(name); it != before.end()) {
            match.sourceOf[static_cast<std::size_t>(j)] = it->second;
            match.rigOf[static_cast<std::size_t>(it->second)] = j;
        }
    return match;
}

CarryPlan planCarry(const model::Rig& rig, const GltfSource& source)
{
    CarryPlan plan;
    if ((plan.refusal = refusalBeforeMatch(rig, source)))
        return plan;
    plan.joints = matchJoints(rig.skeleton, source.asImported.skeleton);
    placeNodes(plan, rig, source);
    placeMeshes(plan, rig, source);
    plan.newGeometry.resize(rig.meshes.size());
    for (std::size_t i = 0; i < rig.meshes.size(); ++i)
        plan.newGeometry[i] = samePlace(rig.meshes[i], source.asImported.meshes[i]) ? 0 : 1;
    if (!plan.refusal)
        plan.lost = carriedWriteLosses(plan, rig, source);
    return plan;
}

} // namespace marrow::io::gltfexport
