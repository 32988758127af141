// SPDX-License-Identifier: MIT
// Blend shapes through Assimp (issue 19): an aiMesh's anim meshes become
// morph targets (their shape minus the base, names, default weights) and an
// animation's morph-weight channels morph tracks of the meshes they name.
// Built from Assimp's own structures, as its FBX and Collada readers fill them.
#include "core/io/assimp_morph.h"

#include <assimp/anim.h>
#include <assimp/mesh.h>

#include <gtest/gtest.h>

namespace marrow {
namespace {

// Three vertices; one anim mesh lifting vertex 1 by 0.5 in Z and tilting its normal.
struct Shapes {
    aiMesh mesh;
    Shapes()
    {
        mesh.mNumVertices = 3;
        mesh.mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        mesh.mNormals = new aiVector3D[3]{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
        mesh.mNumAnimMeshes = 2;
        mesh.mAnimMeshes = new aiAnimMesh*[2];
        aiAnimMesh* smile = mesh.mAnimMeshes[0] = new aiAnimMesh();
        smile->mName = aiString("Smile");
        smile->mWeight = 0.25f;
        smile->mNumVertices = 3;
        smile->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0.5f}, {0, 1, 0}};
        smile->mNormals = new aiVector3D[3]{{0, 0, 1}, {0, -0.6f, 0.8f}, {0, 0, 1}};
        aiAnimMesh* broken = mesh.mAnimMeshes[1] = new aiAnimMesh();  // the wrong vertex count
        broken->mNumVertices = 2;
        broken->mVertices = new aiVector3D[2]{};
    }
};

TEST(AssimpMorph, AnimMeshesBecomeDisplacementsWithTheirNamesAndWeights)
{
    Shapes s;
    mesh::Mesh dst;
    dst.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    EXPECT_EQ(io::assimp::convertMorphTargets(s.mesh, dst), 1u) << "the broken shape is dropped and counted";
    ASSERT_EQ(dst.morphTargets.size(), 1u);
    EXPECT_EQ(dst.morphTargets[0].name, "Smile");
    EXPECT_EQ(dst.morphWeights, std::vector<float>{0.25f});
    EXPECT_EQ(dst.morphTargets[0].positions, (std::vector<glm::vec3>{{0, 0, 0}, {0, 0, 0.5f}, {0, 0, 0}}));
    ASSERT_EQ(dst.morphTargets[0].normals.size(), 3u);
    EXPECT_NEAR(dst.morphTargets[0].normals[1].y, -0.6f, 1e-6f);
    EXPECT_NEAR(dst.morphTargets[0].normals[1].z, -0.2f, 1e-6f);
    EXPECT_FALSE(dst.validate(1, 0)) << "a valid mesh";
}

TEST(AssimpMorph, AMorphChannelBecomesATrackOfTheMeshItNames)
{
    model::Rig rig;
    rig.skeleton.names = {"FaceNode"};
    rig.skeleton.parents = {anim::kNoParent};
    rig.skeleton.rest = {math::Transform{}};
    mesh::Mesh face;
    face.name = "Face";
    face.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    face.morphTargets = {{"Smile", std::vector<glm::vec3>(3), {}}, {"Frown", std::vector<glm::vec3>(3), {}}};
    face.morphWeights = {0.f, 0.f};
    rig.meshes = {face, face};
    rig.meshes[1].name = "Other";
    rig.meshes[1].morphTargets.clear();
    rig.meshes[1].morphWeights.clear();

    aiAnimation animation;
    animation.mNumMorphMeshChannels = 2;
    animation.mMorphMeshChannels = new aiMeshMorphAnim*[2];
    for (unsigned c = 0; c < 2; ++c) {
        aiMeshMorphAnim* channel = animation.mMorphMeshChannels[c] = new aiMeshMorphAnim();
        channel->mName = aiString(c == 0 ? "Face" : "Nobody");
        channel->mNumKeys = 2;
        channel->mKeys = new aiMeshMorphKey[2];
        for (unsigned k = 0; k < 2; ++k) {
            aiMeshMorphKey& key = channel->mKeys[k];
            key.mTime = 12.0 * k;  // ticks
            key.mNumValuesAndWeights = 1;
            key.mValues = new unsigned[1]{1};  // Frown only
            key.mWeights = new double[1]{0.5 * k};
        }
    }
    anim::Clip clip;
    EXPECT_EQ(io::assimp::convertMorphChannels(animation, 24.0, rig, clip), 1u) << "'Nobody' names no mesh";
    ASSERT_EQ(clip.morphTracks.size(), 1u);
    const anim::MorphTrack& t = clip.morphTracks[0];
    EXPECT_EQ(t.mesh, 0u);
    EXPECT_EQ(t.times, (std::vector<float>{0.f, 0.5f})) << "ticks at 24 per second";
    EXPECT_EQ(t.values, (std::vector<float>{0.f, 0.f, 0.f, 0.5f})) << "unnamed targets weigh 0";
    EXPECT_FALSE(t.validate(2));
}

} // namespace
} // namespace marrow
