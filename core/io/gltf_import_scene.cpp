// SPDX-License-Identifier: MIT
// glTF nodes, skins and meshes -> Rig skeleton, skins and meshes.
#include "core/anim/skeleton_builder.h"
#include "core/io/gltf_import_context.h"
#include "core/math/rotation.h"
#include "core/model/weight_repair.h"

#include <cmath>

namespace marrow::io::gltf {

namespace {

std::string nodeLabel(const tinygltf::Model& m, std::size_t i)
{
    const std::string& n = m.nodes[i].name;
    return "node " + std::to_string(i) + (n.empty() ? "" : " ('" + n + "')");
}

bool allFinite(const std::vector<double>& v)
{
    for (double d : v)
        if (!std::isfinite(d) || std::fabs(d) > 3.0e38)
            return false;
    return true;
}

math::Transform nodeRest(const tinygltf::Model& m, std::size_t i, std::vector<std::string>& warnings)
{
    const tinygltf::Node& n = m.nodes[i];
    math::Transform t;
    if (!allFinite(n.matrix) || !allFinite(n.translation) || !allFinite(n.rotation) || !allFinite(n.scale))
        fail(nodeLabel(m, i) + " has a non-finite transform");
    if (n.matrix.size() == 16) {
        glm::mat4 mat;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                mat[c][r] = static_cast<float>(n.matrix[static_cast<std::size_t>(c * 4 + r)]);
        if (!math::fromMatrix(mat, t)) {
            // A zero scale hides a node; keep the translation and the collapse.
            t.translation = glm::vec3(mat[3]);
            t.scale = glm::vec3(glm::length(glm::vec3(mat[0])), glm::length(glm::vec3(mat[1])), glm::length(glm::vec3(mat[2])));
            warnings.push_back(nodeLabel(m, i) + " has a singular matrix; its rotation is taken as identity");
        }
        return t;
    }
    if (!n.matrix.empty())
        fail(nodeLabel(m, i) + " has a matrix of " + std::to_string(n.matrix.size()) + " numbers (16 expected)");
    if (n.translation.size() == 3)
        t.translation = glm::vec3(n.translation[0], n.translation[1], n.translation[2]);
    else if (!n.translation.empty())
        fail(nodeLabel(m, i) + " translation must have 3 numbers");
    if (n.rotation.size() == 4) {
        const glm::quat q(static_cast<float>(n.rotation[3]), static_cast<float>(n.rotation[0]),
                          static_cast<float>(n.rotation[1]), static_cast<float>(n.rotation[2]));
        t.rotation = math::safeNormalize(q);
    } else if (!n.rotation.empty()) {
        fail(nodeLabel(m, i) + " rotation must have 4 numbers");
    }
    if (n.scale.size() == 3)
        t.scale = glm::vec3(n.scale[0], n.scale[1], n.scale[2]);
    else if (!n.scale.empty())
        fail(nodeLabel(m, i) + " scale must have 3 numbers");
    return t;
}

} // namespace

void buildSkeleton(ImportContext& ctx)
{
    const tinygltf::Model& m = ctx.model;
    std::vector<anim::SkeletonBuilder::Node> nodes(m.nodes.size());
    for (std::size_t i = 0; i < m.nodes.size(); ++i) {
        nodes[i].name = m.nodes[i].name.empty() ? "node " + std::to_string(i) : m.nodes[i].name;
        nodes[i].rest = nodeRest(m, i, ctx.warnings);
        nodes[i].children = m.nodes[i].children;
    }
    if (auto err = anim::SkeletonBuilder::build(nodes, ctx.rig.skeleton, ctx.nodeToJoint))
        fail(*err);
    ctx.source.jointNode.assign(ctx.rig.skeleton.size(), -1);
    for (std::size_t i = 0; i < m.nodes.size() && i < ctx.nodeToJoint.size(); ++i) {
        const auto joint = static_cast<std::size_t>(ctx.nodeToJoint[i]);
        if (joint < ctx.source.jointNode.size())
            ctx.source.jointNode[joint] = static_cast<int>(i);
    }
}

void buildSkins(ImportContext& ctx)
{
    const tinygltf::Model& m = ctx.model;
    for (std::size_t s = 0; s < m.skins.size(); ++s) {
        const tinygltf::Skin& src = m.skins[s];
        const std::string label = "skin " + std::to_string(s);
        if (src.joints.empty())
            fail(label + " has no joints");
        if (src.joints.size() > 65535)
            fail(label + " has " + std::to_string(src.joints.size()) + " joints; at most 65535 are supported");
        model::Skin skin;
        skin.name = src.name;
        for (std::size_t k = 0; k < src.joints.size(); ++k) {
            const int node = src.joints[k];
            if (node < 0 || static_cast<std::size_t>(node) >= m.nodes.size())
                fail(label + " joint " + std::to_string(k) + " refers to node " + std::to_string(node) +
                     ", which does not exist (" + std::to_string(m.nodes.size()) + " nodes)");
            skin.joints.push_back(ctx.nodeToJoint[static_cast<std::size_t>(node)]);
        }
        if (src.inverseBindMatrices < 0) {
            // glTF: without inverseBindMatrices each one is the identity.
            skin.inverseBind.assign(src.joints.size(), glm::mat4(1.f));
        } else {
            const std::vector<float> v = ctx.reader.floats(src.inverseBindMatrices, 16, label + " inverseBindMatrices");
            const std::size_t count = v.size() / 16;
            if (count < src.joints.size())
                fail(label + " has " + std::to_string(count) + " inverse bind matrices for " +
                     std::to_string(src.joints.size()) + " joints");
            if (count > src.joints.size())
                ctx.warnings.push_back(label + " has more inverse bind matrices than joints; the extra ones are ignored");
            for (std::size_t k = 0; k < src.joints.size(); ++k) {
                glm::mat4 ibm;
                for (int c = 0; c < 4; ++c)
                    for (int r = 0; r < 4; ++r)
                        ibm[c][r] = v[k * 16 + static_cast<std::size_t>(c * 4 + r)];
                skin.inverseBind.push_back(ibm);
            }
        }
        ctx.skinToRigSkin.push_back(static_cast<int>(ctx.rig.skins.size()));
        ctx.rig.skins.push_back(std::move(skin));
    }
}

namespace {

// Triangle list from a primitive's index list and draw mode.
std::vector<std::uint32_t> triangulate(int mode, const std::vector<std::uint32_t>& idx, const std::string& label,
                                       std::vector<std::string>& warnings)
{
    std::vector<std::uint32_t> tris;
    switch (mode) {
    case -1:
    case TINYGLTF_MODE_TRIANGLES:
        if (idx.size() % 3 != 0)
            fail(label + " has " + std::to_string(idx.size()) + " indices, not a multiple of 3");
        return idx;
    case TINYGLTF_MODE_TRIANGLE_STRIP:
        for (std::size_t i = 2; i < idx.size(); ++i) {
            if (i % 2 == 0)
                tris.insert(tris.end(), {idx[i - 2], idx[i - 1], idx[i]});
            else
                tris.insert(tris.end(), {idx[i - 1], idx[i - 2], idx[i]});
        }
        return tris;
    case TINYGLTF_MODE_TRIANGLE_FAN:
        for (std::size_t i = 2; i < idx.size(); ++i)
            tris.insert(tris.end(), {idx[0], idx[i - 1], idx[i]});
        return tris;
    default:
        warnings.push_back(label + " draws points or lines; its vertices are kept without faces");
        return tris;
    }
}

struct PrimitiveSource {
    std::size_t node;
    int meshIndex;
};

void addPrimitive(ImportContext& ctx, const PrimitiveSource& at, std::size_t p)
{
    const tinygltf::Model& m = ctx.model;
    const tinygltf::Node& node = m.nodes[at.node];
    const tinygltf::Mesh& gm = m.meshes[static_cast<std::size_t>(at.meshIndex)];
    const tinygltf::Primitive& prim = gm.primitives[p];
    const std::string label = "mesh " + std::to_string(at.meshIndex) + " primitive " + std::to_string(p);
    auto attr = [&](const std::string& key) {
        auto it = prim.attributes.find(key);
        return it == prim.attributes.end() ? -1 : it->second;
    };
    const int position = attr("POSITION");
    if (position < 0) {
        ctx.warnings.push_back(label + " has no POSITION; skipped");
        return;
    }
    mesh::Mesh out;
    out.name = gm.name.empty() ? "mesh " + std::to_string(at.meshIndex) : gm.name;
    if (gm.primitives.size() > 1)
        out.name += " #" + std::to_string(p);
    out.node = ctx.nodeToJoint[at.node];
    const std::vector<float> pos = ctx.reader.floats(position, 3, "POSITION of " + label);
    const std::size_t n = pos.size() / 3;
    out.positions.resize(n);
    for (std::size_t v = 0; v < n; ++v)
        out.positions[v] = glm::vec3(pos[v * 3], pos[v * 3 + 1], pos[v * 3 + 2]);
    if (int a = attr("NORMAL"); a >= 0) {
        const std::vector<float> nrm = ctx.reader.floats(a, 3, "NORMAL of " + label);
        if (nrm.size() / 3 != n)
            fail("NORMAL of " + label + " has " + std::to_string(nrm.size() / 3) + " elements for " + std::to_string(n) + " vertices");
        out.normals.resize(n);
        for (std::size_t v = 0; v < n; ++v)
            out.normals[v] = glm::vec3(nrm[v * 3], nrm[v * 3 + 1], nrm[v * 3 + 2]);
    }
    std::vector<std::uint32_t> idx;
    if (prim.indices >= 0) {
        idx = ctx.reader.uints(prim.indices, 1, "indices of " + label);
    } else {
        idx.resize(n);
        for (std::size_t v = 0; v < n; ++v)
            idx[v] = static_cast<std::uint32_t>(v);
    }
    for (std::size_t i = 0; i < idx.size(); ++i)
        if (idx[i] >= n)
            fail("indices of " + label + ": index " + std::to_string(i) + " is " + std::to_string(idx[i]) +
                 ", past the " + std::to_string(n) + " vertices");
    out.indices = triangulate(prim.mode, idx, label, ctx.warnings);
    readMorphTargets(ctx, at.node, at.meshIndex, p, label, out);
    readLook(ctx, prim, label, out);

    const bool hasJoints = attr("JOINTS_0") >= 0 && attr("WEIGHTS_0") >= 0;
    if (node.skin >= 0 && hasJoints) {
        if (static_cast<std::size_t>(node.skin) >= m.skins.size())
            fail("node " + std::to_string(at.node) + " uses skin " + std::to_string(node.skin) + ", which does not exist");
        out.skin = ctx.skinToRigSkin[static_cast<std::size_t>(node.skin)];
        const std::size_t skinJoints = m.skins[static_cast<std::size_t>(node.skin)].joints.size();
        std::vector<std::vector<mesh::SkinWeightsBuilder::Influence>> rows(n);
        for (int set = 0;; ++set) {
            const int ja = attr("JOINTS_" + std::to_string(set));
            const int wa = attr("WEIGHTS_" + std::to_string(set));
            if (ja < 0 || wa < 0)
                break;
            const std::string jl = "JOINTS_" + std::to_string(set) + " of " + label;
            const std::vector<std::uint32_t> js = ctx.reader.uints(ja, 4, jl);
            const std::vector<float> ws = ctx.reader.floats(wa, 4, "WEIGHTS_" + std::to_string(set) + " of " + label);
            if (js.size() != n * 4 || ws.size() != n * 4)
                fail(jl + " and its weights must have one element per vertex");
            for (std::size_t v = 0; v < n; ++v)
                for (std::size_t k = 0; k < 4; ++k) {
                    const float w = ws[v * 4 + k];
                    if (w < 0.f)
                        fail("WEIGHTS_" + std::to_string(set) + " of " + label + " has a negative weight at vertex " + std::to_string(v));
                    if (w == 0.f)
                        continue;
                    const std::uint32_t j = js[v * 4 + k];
                    if (j >= skinJoints)
                        fail(jl + ": vertex " + std::to_string(v) + " uses joint " + std::to_string(j) +
                             ", out of range (the skin has " + std::to_string(skinJoints) + " joints)");
                    rows[v].push_back({j, w});
                }
        }
        mesh::SkinWeightsBuilder::Report report;
        out.weights = mesh::SkinWeightsBuilder::build(rows, report);
        if (report.renormalised)
            ctx.warnings.push_back(label + ": " + std::to_string(report.renormalised) +
                                   " vertices had weights not summing to 1 (renormalised)");
        if (report.truncated)
            ctx.warnings.push_back(label + ": " + std::to_string(report.truncated) + " vertices had more than 8 influences; " +
                                   std::to_string(report.influencesDropped) + " smallest dropped and the rest renormalised");
        ctx.rig.meshes.push_back(std::move(out));
        ctx.changes.meshes.resize(ctx.rig.meshes.size());
        ctx.changes.meshes.back() = {std::move(report.renormalisedRows), std::move(report.truncatedRows), report.zeroRows};
        // Rows the validator rejects (off-sum, weightless) are written repaired;
        // a row cut to 8 influences stays as the source has it until painted.
        const bool repaired = report.renormalised || !report.zeroRows.empty();
        ctx.source.meshes.push_back({static_cast<int>(at.node), at.meshIndex, static_cast<int>(p), repaired});
        if (!report.zeroRows.empty()) {
            model::bindRowsToMeshNode(ctx.rig, ctx.rig.meshes.size() - 1, report.zeroRows);
            ctx.warnings.push_back(label + ": " + std::to_string(report.zeroRows.size()) +
                                   " vertices with zero total weight; they stay at the skinned mesh node's world transform");
        }
        return;
    }
    if (node.skin >= 0)
        ctx.warnings.push_back(label + " is on a skinned node but has no JOINTS_0/WEIGHTS_0; drawn rigid");
    ctx.rig.meshes.push_back(std::move(out));
    ctx.source.meshes.push_back({static_cast<int>(at.node), at.meshIndex, static_cast<int>(p)});
}

} // namespace

void buildMeshes(ImportContext& ctx)
{
    const tinygltf::Model& m = ctx.model;
    // The default scene's nodes; without scenes, every root.
    std::vector<int> stack;
    const int sceneIndex = m.defaultScene >= 0 ? m.defaultScene : (m.scenes.empty() ? -1 : 0);
    if (sceneIndex >= 0) {
        if (static_cast<std::size_t>(sceneIndex) >= m.scenes.size())
            fail("the default scene " + std::to_string(sceneIndex) + " does not exist");
        const auto& roots = m.scenes[static_cast<std::size_t>(sceneIndex)].nodes;
        for (auto it = roots.rbegin(); it != roots.rend(); ++it) {
            if (*it < 0 || static_cast<std::size_t>(*it) >= m.nodes.size())
                fail("scene " + std::to_string(sceneIndex) + " lists node " + std::to_string(*it) + ", which does not exist");
            stack.push_back(*it);
        }
    } else {
        for (std::size_t i = m.nodes.size(); i-- > 0;)
            if (ctx.rig.skeleton.parents[static_cast<std::size_t>(ctx.nodeToJoint[i])] == anim::kNoParent)
                stack.push_back(static_cast<int>(i));
    }
    // Mark what the scene reaches (iteratively: hierarchies can be 10,000 deep) ...
    std::vector<std::uint8_t> inScene(m.nodes.size(), 0);
    while (!stack.empty()) {
        const auto i = static_cast<std::size_t>(stack.back());
        stack.pop_back();
        if (inScene[i])
            continue;  // a scene listing a node twice, or a child as a root
        inScene[i] = 1;
        for (int c : m.nodes[i].children)
            stack.push_back(c);
    }
    // ... then add meshes in skeleton order (depth first, parents first), so
    // the mesh order follows the hierarchy and survives an export round trip.
    std::vector<std::size_t> jointToNode(m.nodes.size());
    for (std::size_t i = 0; i < m.nodes.size(); ++i)
        jointToNode[static_cast<std::size_t>(ctx.nodeToJoint[i])] = i;
    for (std::size_t k = 0; k < jointToNode.size(); ++k) {
        const std::size_t i = jointToNode[k];
        const tinygltf::Node& node = m.nodes[i];
        if (!inScene[i] || node.mesh < 0)
            continue;
        if (static_cast<std::size_t>(node.mesh) >= m.meshes.size())
            fail("node " + std::to_string(i) + " uses mesh " + std::to_string(node.mesh) + ", which does not exist");
        const auto& prims = m.meshes[static_cast<std::size_t>(node.mesh)].primitives;
        for (std::size_t p = 0; p < prims.size(); ++p)
            addPrimitive(ctx, PrimitiveSource{i, node.mesh}, p);
    }
}

} // namespace marrow::io::gltf
