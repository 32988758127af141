// SPDX-License-Identifier: MIT
#include "core/io/assimp_scene_check.h"
#include "core/io/assimp_math.h"

#include <assimp/scene.h>

#include <unordered_set>
#include <vector>

namespace marrow::io::assimp {

namespace {

std::string meshLabel(const aiMesh& m, unsigned index)
{
    std::string s = "mesh " + std::to_string(index);
    if (m.mName.length > 0)
        s += " ('" + std::string(m.mName.C_Str()) + "')";
    return s;
}

std::optional<std::string> checkNodes(const aiScene& scene)
{
    if (!scene.mRootNode)
        return std::string("the scene has no root node");
    std::unordered_set<const aiNode*> seen;
    std::vector<const aiNode*> stack{scene.mRootNode};
    while (!stack.empty()) {
        const aiNode* node = stack.back();
        stack.pop_back();
        const std::string label = "node '" + std::string(node->mName.C_Str()) + "'";
        if (!seen.insert(node).second)
            return label + " appears twice in the hierarchy (a cycle or a shared child)";
        if (seen.size() > kMaxSceneElements)
            return std::string("the hierarchy has too many nodes");
        if (!isFinite(node->mTransformation))
            return label + " has a non-finite transform";
        if (node->mNumMeshes > 0 && !node->mMeshes)
            return label + " lists meshes but holds none";
        for (unsigned i = 0; i < node->mNumMeshes; ++i)
            if (node->mMeshes[i] >= scene.mNumMeshes)
                return label + " refers to mesh " + std::to_string(node->mMeshes[i]) + ", past the " +
                       std::to_string(scene.mNumMeshes) + " meshes";
        if (node->mNumChildren > 0 && !node->mChildren)
            return label + " lists children but holds none";
        for (unsigned i = 0; i < node->mNumChildren; ++i) {
            if (!node->mChildren[i])
                return label + " has a missing child " + std::to_string(i);
            stack.push_back(node->mChildren[i]);
        }
    }
    return std::nullopt;
}

std::optional<std::string> checkBones(const aiMesh& mesh, const std::string& label)
{
    if (mesh.mNumBones > 0 && !mesh.mBones)
        return label + " lists bones but holds none";
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone* bone = mesh.mBones[b];
        if (!bone)
            return label + " has a missing bone " + std::to_string(b);
        const std::string boneLabel = label + " bone '" + std::string(bone->mName.C_Str()) + "'";
        if (!isFinite(bone->mOffsetMatrix))
            return boneLabel + " has a non-finite offset matrix";
        if (bone->mNumWeights > 0 && !bone->mWeights)
            return boneLabel + " lists weights but holds none";
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            const aiVertexWeight& vw = bone->mWeights[w];
            if (vw.mVertexId >= mesh.mNumVertices)
                return boneLabel + " weights vertex " + std::to_string(vw.mVertexId) + ", past the " +
                       std::to_string(mesh.mNumVertices) + " vertices";
            if (!std::isfinite(vw.mWeight))
                return boneLabel + " has a non-finite weight on vertex " + std::to_string(vw.mVertexId);
        }
    }
    return std::nullopt;
}

std::optional<std::string> checkMesh(const aiMesh& mesh, unsigned index)
{
    const std::string label = meshLabel(mesh, index);
    if (mesh.mNumVertices > kMaxSceneElements || mesh.mNumFaces > kMaxSceneElements)
        return label + " is too large";
    if (mesh.mNumVertices > 0 && !mesh.mVertices)
        return label + " has no vertex positions";
    for (unsigned v = 0; v < mesh.mNumVertices; ++v)
        if (!isFinite(mesh.mVertices[v]))
            return label + " vertex " + std::to_string(v) + " has a non-finite position";
    if (mesh.mNumFaces > 0 && !mesh.mFaces)
        return label + " lists faces but holds none";
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace& face = mesh.mFaces[f];
        if (face.mNumIndices > 0 && !face.mIndices)
            return label + " face " + std::to_string(f) + " has no indices";
        for (unsigned i = 0; i < face.mNumIndices; ++i)
            if (face.mIndices[i] >= mesh.mNumVertices)
                return label + " face " + std::to_string(f) + " uses vertex " + std::to_string(face.mIndices[i]) +
                       ", past the " + std::to_string(mesh.mNumVertices) + " vertices";
    }
    return checkBones(mesh, label);
}

std::optional<std::string> checkAnimations(const aiScene& scene)
{
    if (scene.mNumAnimations > 0 && !scene.mAnimations)
        return std::string("the scene lists animations but holds none");
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation* anim = scene.mAnimations[a];
        const std::string label = "animation " + std::to_string(a);
        if (!anim)
            return label + " is missing";
        if (anim->mNumChannels > 0 && !anim->mChannels)
            return label + " lists channels but holds none";
        for (unsigned c = 0; c < anim->mNumChannels; ++c) {
            const aiNodeAnim* ch = anim->mChannels[c];
            if (!ch)
                return label + " channel " + std::to_string(c) + " is missing";
            if ((ch->mNumPositionKeys > 0 && !ch->mPositionKeys) || (ch->mNumRotationKeys > 0 && !ch->mRotationKeys) ||
                (ch->mNumScalingKeys > 0 && !ch->mScalingKeys))
                return label + " channel '" + std::string(ch->mNodeName.C_Str()) + "' lists keys but holds none";
            if (ch->mNumPositionKeys > kMaxSceneElements || ch->mNumRotationKeys > kMaxSceneElements ||
                ch->mNumScalingKeys > kMaxSceneElements)
                return label + " channel '" + std::string(ch->mNodeName.C_Str()) + "' has too many keys";
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> checkScene(const aiScene& scene)
{
    if (auto err = checkNodes(scene))
        return err;
    if (scene.mNumMeshes > 0 && !scene.mMeshes)
        return std::string("the scene lists meshes but holds none");
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        if (!scene.mMeshes[m])
            return "mesh " + std::to_string(m) + " is missing";
        if (auto err = checkMesh(*scene.mMeshes[m], m))
            return err;
    }
    return checkAnimations(scene);
}

} // namespace marrow::io::assimp
