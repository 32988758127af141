// SPDX-License-Identifier: MIT
#include "core/io/assimp_morph.h"
#include "core/io/assimp_math.h"

#include <assimp/anim.h>
#include <assimp/mesh.h>

#include <cmath>

namespace marrow::io::assimp {

namespace {

glm::vec3 finiteOrZero(const glm::vec3& v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) ? v : glm::vec3(0.f);
}

} // namespace

std::size_t convertMorphTargets(const aiMesh& src, mesh::Mesh& dst)
{
    std::size_t dropped = 0;
    for (unsigned k = 0; k < src.mNumAnimMeshes; ++k) {
        const aiAnimMesh* shape = src.mAnimMeshes[k];
        if (!shape || !shape->mVertices || shape->mNumVertices != src.mNumVertices) {
            ++dropped;
            continue;
        }
        mesh::MorphTarget target;
        target.name = shape->mName.length > 0 ? std::string(shape->mName.C_Str()) : "target " + std::to_string(k);
        target.positions.reserve(src.mNumVertices);
        for (unsigned v = 0; v < src.mNumVertices; ++v)
            target.positions.push_back(finiteOrZero(toGlm(shape->mVertices[v]) - toGlm(src.mVertices[v])));
        if (shape->mNormals && src.mNormals) {
            target.normals.reserve(src.mNumVertices);
            for (unsigned v = 0; v < src.mNumVertices; ++v)
                target.normals.push_back(finiteOrZero(toGlm(shape->mNormals[v]) - toGlm(src.mNormals[v])));
        }
        dst.morphTargets.push_back(std::move(target));
        dst.morphWeights.push_back(std::isfinite(shape->mWeight) ? shape->mWeight : 0.f);
    }
    return dropped;
}

std::size_t convertMorphChannels(const aiAnimation& src, double ticksPerSecond, const model::Rig& rig,
                                 anim::Clip& clip)
{
    std::size_t unplaced = 0;
    for (unsigned c = 0; c < src.mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim& channel = *src.mMorphMeshChannels[c];
        const std::string name = channel.mName.C_Str();
        bool placed = false;
        for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
            const mesh::Mesh& target = rig.meshes[m];
            const std::size_t targets = target.morphTargets.size();
            const bool named = target.name == name || rig.skeleton.names[static_cast<std::size_t>(target.node)] == name;
            if (targets == 0 || !named || clip.findMorphTrack(static_cast<std::uint32_t>(m)))
                continue;
            anim::MorphTrack track;
            track.mesh = static_cast<std::uint32_t>(m);
            track.interpolation = anim::Interpolation::Linear;
            for (unsigned k = 0; k < channel.mNumKeys; ++k) {
                const aiMeshMorphKey& key = channel.mKeys[k];
                const auto time = static_cast<float>(key.mTime / ticksPerSecond);
                if (!std::isfinite(time) || (!track.times.empty() && time < track.times.back()))
                    continue;
                track.times.push_back(time);
                track.values.resize(track.values.size() + targets, 0.f);
                float* weights = track.values.data() + track.values.size() - targets;
                for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i)
                    if (key.mValues[i] < targets && std::isfinite(key.mWeights[i]))
                        weights[key.mValues[i]] = static_cast<float>(key.mWeights[i]);
            }
            if (track.times.empty())
                continue;
            clip.morphTracks.push_back(std::move(track));
            placed = true;
        }
        unplaced += placed ? 0 : 1;
    }
    return unplaced;
}

} // namespace marrow::io::assimp
