// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

struct aiAnimation;
struct aiMesh;

namespace marrow::io::assimp {

// The aiMesh's anim meshes (FBX blend shapes, Collada morph targets, glTF
// targets read by Assimp) as morph targets of `dst`: Assimp stores each
// target's whole shape, Marrow its displacement from the base (normals too,
// when both have them), with the target's name and default weight. Returns
// how many anim meshes were dropped (a vertex count that is not the mesh's).
std::size_t convertMorphTargets(const aiMesh& src, mesh::Mesh& dst);

// The animation's morph-weight channels as the clip's morph tracks (LINEAR,
// seconds from ticks), one per rig mesh with targets whose name, or whose
// node's name, is the channel's: Assimp names either. Returns how many
// channels matched no such mesh.
std::size_t convertMorphChannels(const aiAnimation& src, double ticksPerSecond, const model::Rig& rig,
                                 anim::Clip& clip);

} // namespace marrow::io::assimp
