// SPDX-License-Identifier: MIT
#pragma once
// What the lossless-file tests compare: the parts of a glTF source that a
// write must carry (io::GltfSource::Summary), and the first skinned mesh.
#include "core/io/gltf_source.h"

#include <gtest/gtest.h>

namespace marrow::test {

inline void expectSameCarriedContent(const io::GltfSource::Summary& now, const io::GltfSource::Summary& was)
{
    EXPECT_EQ(now.materials, was.materials);
    EXPECT_EQ(now.textures, was.textures);
    EXPECT_EQ(now.images, was.images);
    EXPECT_EQ(now.cameras, was.cameras);
    EXPECT_EQ(now.lights, was.lights);
    EXPECT_EQ(now.morphTargets, was.morphTargets);
    EXPECT_EQ(now.morphChannels, was.morphChannels);
    EXPECT_EQ(now.extensionsUsed, was.extensionsUsed);
}

// The first skinned mesh (the real-traits sample lists its rigid prop first);
// the mesh count when none is.
inline std::size_t firstSkinned(const model::Rig& rig)
{
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (rig.meshes[m].skinned())
            return m;
    return rig.meshes.size();
}

// An edit to carry: vertex 0 weighted wholly to its first joint (the rest
// of its row zero padding, joints 0 as a valid row has them).
inline void weightVertexZeroToItsFirstJoint(mesh::SkinWeights& weights)
{
    weights.weights[0] = 1.f;
    for (std::size_t k = 1; k < static_cast<std::size_t>(weights.stride); ++k) {
        weights.weights[k] = 0.f;
        weights.joints[k] = 0;
    }
}

} // namespace marrow::test
