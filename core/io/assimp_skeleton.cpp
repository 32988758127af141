// SPDX-License-Identifier: MIT
// aiNode tree -> anim::Skeleton, with a node for every bone that names none.
#include "core/io/assimp_math.h"
#include "core/io/assimp_scene_convert.h"

#include "core/anim/skeleton_builder.h"

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
    std::unordered_map<const aiNode*, int> indexOf;
    std::size_t sheared = 0, singular = 0, pivotHelpers = 0;
    out.meshPlacements.assign(scene.mNumMeshes, {});
    std::vector<std::vector<int>> meshNodes(scene.mNumMeshes);

    // Depth-first pre-order with an explicit stack: children pushed in reverse keep file order.
    std::vector<const aiNode*> stack{scene.mRootNode};
    while (!stack.empty()) {
        const aiNode* node = stack.back();
        stack.pop_back();
        const int index = static_cast<int>(list.size());
        indexOf.emplace(node, index);
        out.nodes.push_back(node);
        anim::SkeletonBuilder::Node n;
        n.name = node->mName.C_Str();
        if (n.name.find("$AssimpFbx$") != std::string::npos)
            ++pivotHelpers;
        n.rest = decompose(toGlm(node->mTransformation), sheared, singular);
        list.push_back(std::move(n));
        for (unsigned i = 0; i < node->mNumMeshes; ++i)
            meshNodes[node->mMeshes[i]].push_back(index);
        for (unsigned i = node->mNumChildren; i-- > 0;)
            stack.push_back(node->mChildren[i]);
    }
    for (std::size_t i = 0; i < out.nodes.size(); ++i) {
        const aiNode* node = out.nodes[i];
        for (unsigned c = 0; c < node->mNumChildren; ++c)
            list[i].children.push_back(indexOf.at(node->mChildren[c]));
    }
    std::unordered_map<std::string, int> byName;
    for (std::size_t i = 0; i < list.size(); ++i)
        byName.emplace(list[i].name, static_cast<int>(i));

    // A bone that names no node (X files do this) still deforms its vertices:
    // give it a node under its mesh's node, at the pose where its offset is undone.
    std::size_t invented = 0;
    std::string firstInvented;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh& mesh = *scene.mMeshes[m];
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const std::string name = mesh.mBones[b]->mName.C_Str();
            if (byName.count(name))
                continue;
            const int parent = meshNodes[m].empty() ? 0 : meshNodes[m].front();
            anim::SkeletonBuilder::Node n;
            n.name = name;
            n.rest = decompose(glm::inverse(toGlm(mesh.mBones[b]->mOffsetMatrix)), sheared, singular);
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
    out.jointOf.assign(newIndex.begin(), newIndex.begin() + static_cast<std::ptrdiff_t>(out.nodes.size()));
    for (const auto& [name, index] : byName)
        out.jointByName.emplace(name, newIndex[static_cast<std::size_t>(index)]);
    for (unsigned m = 0; m < scene.mNumMeshes; ++m)
        for (int n : meshNodes[m])
            out.meshPlacements[m].push_back(newIndex[static_cast<std::size_t>(n)]);

    if (pivotHelpers > 0)
        warnings.push_back(std::to_string(pivotHelpers) +
                           " FBX pivot helper nodes ($AssimpFbx$) kept as plain nodes, so pivots, pre/post rotations "
                           "and their animation pose exactly");
    if (invented > 0)
        warnings.push_back(std::to_string(invented) + " bones name no node (first: '" + firstInvented +
                           "'); each was added under its mesh's node at its bind pose");
    if (sheared > 0)
        warnings.push_back(std::to_string(sheared) + " node transforms had shear, which a TRS transform cannot hold (approximated)");
    if (singular > 0)
        warnings.push_back(std::to_string(singular) + " node transforms had a zero scale (kept without rotation)");
    return std::nullopt;
}

} // namespace marrow::io::assimp
