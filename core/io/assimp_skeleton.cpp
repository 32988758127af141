// SPDX-License-Identifier: MIT
// aiNode tree -> anim::Skeleton, with a node for every bone that names none.
#include "core/io/assimp_math.h"
#include "core/io/assimp_scene_convert.h"

#include "core/anim/skeleton_builder.h"
#include "core/model/inverse_bind_check.h"

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>

namespace marrow::io::assimp {

namespace {

// Splits a node matrix into TRS. Counts matrices that TRS cannot hold (shear)
// and singular ones (a zero scale), which keep their translation and scale.
math::Transform decompose(const glm::mat4& m, std::size_t& sheared, std::size_t& singular)
{
    math::Transform t;
    if (!math::fromMatrix(m, t)) {
        ++singular;
        t = math::Transform{};
        t.translation = glm::vec3(m[3]);
        t.scale = glm::vec3(glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2])));
        return t;
    }
    const glm::mat4 back = math::toMatrix(t);
    float scale = 1.f, diff = 0.f;
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) {
            scale = std::max(scale, std::fabs(m[c][r]));
            diff = std::max(diff, std::fabs(m[c][r] - back[c][r]));
        }
    if (diff > 1e-3f * scale)
        ++sheared;
    return t;
}

} // namespace

std::optional<std::string> convertSkeleton(const aiScene& scene, model::Rig& rig, SceneNodes& out,
                                           std::vector<std::string>& warnings)
{
    std::vector<anim::SkeletonBuilder::Node> list;
    std::vector<std::vector<ChainNode>> chains;  // per list entry
    std::size_t sheared = 0, singular = 0, helpers = 0, helperMeshes = 0;
    out.meshPlacements.assign(scene.mNumMeshes, {});
    std::vector<std::vector<int>> meshNodes(scene.mNumMeshes);

    // Depth-first pre-order with an explicit stack: children pushed in reverse
    // keep file order. Each entry carries its nearest joint above it and the
    // helper nodes passed on the way down, which fold into the next joint.
    struct Visit {
        const aiNode* node;
        int parent;
        std::vector<ChainNode> helpersAbove;
    };
    std::vector<Visit> stack;
    stack.push_back({scene.mRootNode, -1, {}});
    while (!stack.empty()) {
        Visit v = std::move(stack.back());
        stack.pop_back();
        const aiNode* node = v.node;
        std::vector<ChainNode> chain = std::move(v.helpersAbove);
        chain.push_back({node->mName.C_Str(), toGlm(node->mTransformation)});
        int index = v.parent;
        if (isFbxHelperName(chain.back().name)) {
            ++helpers;
            helperMeshes += node->mNumMeshes;  // Assimp hangs meshes on the joint, never on a helper
        } else {
            index = static_cast<int>(list.size());
            anim::SkeletonBuilder::Node n;
            n.name = chain.back().name;
            n.rest = decompose(chainProduct(chain), sheared, singular);
            list.push_back(std::move(n));
            chains.push_back(std::move(chain));
            chain.clear();
            if (v.parent >= 0)
                list[static_cast<std::size_t>(v.parent)].children.push_back(index);
        }
        for (unsigned i = 0; i < node->mNumMeshes; ++i)
            meshNodes[node->mMeshes[i]].push_back(std::max(index, 0));
        for (unsigned i = node->mNumChildren; i-- > 0;)
            stack.push_back({node->mChildren[i], index, chain});
    }
    std::unordered_map<std::string, int> byName;
    for (std::size_t i = 0; i < list.size(); ++i)
        byName.emplace(list[i].name, static_cast<int>(i));

    // A bone that names no node (X files do this) still deforms its vertices:
    // give it a node under its mesh's node, at the pose where its offset is undone.
    std::size_t invented = 0, uninvertible = 0;
    std::string firstInvented, firstUninvertible;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh& mesh = *scene.mMeshes[m];
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const std::string name = mesh.mBones[b]->mName.C_Str();
            if (byName.count(name))
                continue;
            const int parent = meshNodes[m].empty() ? 0 : meshNodes[m].front();
            anim::SkeletonBuilder::Node n;
            n.name = name;
            const glm::mat4 offset = toGlm(mesh.mBones[b]->mOffsetMatrix);
            // A singular offset has no inverse (it would divide by zero): the node stays at its mesh's node.
            if (model::isInvertibleAffine(offset))
                n.rest = decompose(glm::inverse(offset), sheared, singular);
            else if (uninvertible++ == 0)
                firstUninvertible = name;
            const int index = static_cast<int>(list.size());
            list.push_back(std::move(n));
            list[static_cast<std::size_t>(parent)].children.push_back(index);
            byName.emplace(name, index);
            if (invented++ == 0)
                firstInvented = name;
        }
    }

    std::vector<anim::JointIndex> newIndex;
    if (auto err = anim::SkeletonBuilder::build(list, rig.skeleton, newIndex))
        return err;
    for (const auto& [name, index] : byName)
        out.jointByName.emplace(name, newIndex[static_cast<std::size_t>(index)]);
    out.chains.assign(rig.skeleton.size(), {});
    for (std::size_t i = 0; i < chains.size(); ++i) {
        const anim::JointIndex joint = newIndex[i];
        for (const ChainNode& n : chains[i]) {
            std::vector<anim::JointIndex>& joints = out.jointsByChainNode[n.name];
            // A joint's own name means the first joint of that name, as everywhere else.
            if (&n == &chains[i].back() && (!joints.empty() || out.jointByName.at(n.name) != joint))
                continue;
            joints.push_back(joint);
        }
        out.chains[static_cast<std::size_t>(joint)] = std::move(chains[i]);
    }
    for (unsigned m = 0; m < scene.mNumMeshes; ++m)
        for (int n : meshNodes[m])
            out.meshPlacements[m].push_back(newIndex[static_cast<std::size_t>(n)]);

    if (helpers > 0)
        warnings.push_back(std::to_string(helpers) +
                           " FBX pivot helper nodes ($AssimpFbx$) folded into their joints (pivots, pre/post rotations "
                           "and their animation kept in the joints' transforms)");
    if (helperMeshes > 0)
        warnings.push_back(std::to_string(helperMeshes) +
                           " meshes hung on FBX helper nodes were placed on the joint above them");
    if (invented > 0)
        warnings.push_back(std::to_string(invented) + " bones name no node (first: '" + firstInvented +
                           "'); each was added under its mesh's node at its bind pose");
    if (uninvertible > 0)
        warnings.push_back(std::to_string(uninvertible) + " of those bones (first: '" + firstUninvertible +
                           "') have a singular offset matrix, so no bind pose; each was put at its mesh's node");
    if (sheared > 0)
        warnings.push_back(std::to_string(sheared) + " node transforms had shear, which a TRS transform cannot hold (approximated)");
    if (singular > 0)
        warnings.push_back(std::to_string(singular) + " node transforms had a zero scale (kept without rotation)");
    return std::nullopt;
}

} // namespace marrow::io::assimp
