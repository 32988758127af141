// SPDX-License-Identifier: MIT
#pragma once
// Shared state of one glTF import, split across gltf_import_*.cpp by concept.
#include "core/io/gltf_accessor.h"
#include "core/io/gltf_source.h"
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
};

// Each step throws GltfError on a problem that makes the file unusable.
void buildSkeleton(ImportContext& ctx);
void buildSkins(ImportContext& ctx);
void buildMeshes(ImportContext& ctx);
void buildClips(ImportContext& ctx);

} // namespace marrow::io::gltf
