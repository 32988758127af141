// SPDX-License-Identifier: MIT
#pragma once
// Shared state of one glTF import, split across gltf_import_*.cpp by concept.
#include "core/io/gltf_accessor.h"
#include "core/io/gltf_source.h"
#include "core/io/gltf_source_content.h"
#include "core/model/import_changes.h"
#include "core/model/rig.h"

#include <string>
#include <vector>

namespace marrow::io::gltf {

struct ImportContext {
    explicit ImportContext(const tinygltf::Model& m) : model(m), reader(m) {}

    const tinygltf::Model& model;
    AccessorReader reader;
    model::Rig rig;
    std::vector<anim::JointIndex> nodeToJoint;  // glTF node index -> skeleton index
    std::vector<int> skinToRigSkin;             // glTF skin index -> Rig::skins index
    std::vector<std::string> warnings;          // without the file prefix
    GltfSource source;                          // links filled as the rig is built
    model::ImportChanges changes;               // weight rows buildMeshes repaired, per rig mesh
};

// Each step throws GltfError on a problem that makes the file unusable.
void buildSkeleton(ImportContext& ctx);
void buildSkins(ImportContext& ctx);
void buildMeshes(ImportContext& ctx);
void buildClips(ImportContext& ctx);
// Each clip's sync markers and the transitions leaving it from its
// animation's extras.marrow (after buildClips); warns about what it leaves out.
void readTransitionExtras(ImportContext& ctx);
// Morph targets of one primitive into `out` (its positions and normals read).
void readMorphTargets(ImportContext& ctx, std::size_t node, int mesh, std::size_t primitive, const std::string& label,
                      mesh::Mesh& out);
// The primitive's material (an index into the file's materials), its UV sets
// (TEXCOORD_0, 1, ... while they match the vertex count) and COLOR_0.
void readLook(ImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label, mesh::Mesh& out);
// The rig's materials and textures, one per file material and image; the
// textures' bytes come later (fillTextureBytes), once the images are read.
void buildMaterials(ImportContext& ctx);
void fillTextureBytes(const gltfsource::Content& content, model::Rig& rig);
// A "weights" channel: one morph track per rig mesh the node's mesh made.
void addMorphChannel(ImportContext& ctx, anim::Clip& clip, std::size_t node, anim::Interpolation interpolation,
                     std::vector<float> times, const std::vector<float>& values, const std::string& label);

} // namespace marrow::io::gltf
