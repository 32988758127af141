// SPDX-License-Identifier: MIT
#pragma once
// The glTF write that carries a glTF source (gltf_export_carry.cpp) and its
// buffer bookkeeping (gltf_export_buffers.cpp). Only core/io/gltf_export*
// include this (it pulls in tinygltf).
#include "core/io/gltf_export_carry_plan.h"
#include "core/io/gltf_export_context.h"
#include "core/io/gltf_source.h"

#include <optional>
#include <set>
#include <string>

namespace marrow::io::gltfsource {
struct Content;
}

namespace marrow::io::gltfexport {

// Fills ctx.model and ctx.bin: the source's model, with the nodes, skins,
// skin weights and animations the rig changed written anew, everything else
// (materials, textures, images, other attributes, morph targets, cameras,
// lights, extras, extensions) as the source held it. `plan` is
// planCarry(ctx.rig, source), without a refusal.
void exportCarried(ExportContext& ctx, const GltfSource& source, const CarryPlan& plan);

// The plan's nodes into ctx.model (gltf_export_carry_nodes.cpp): kept
// joints' nodes with the rig's names and rests, new joints' appended, the
// hierarchy, scenes, skins' joint lists and animation targets renumbered.
void writeCarriedNodes(ExportContext& ctx, const GltfSource& source, const CarryPlan& plan);

// A primitive's POSITION, NORMAL and morph target displacements written
// anew from `m` (gltf_export_carry_geometry.cpp): a rigid mesh whose joint
// was deleted was baked into its parent's space. Its TANGENTs, which would
// not follow, are dropped (CarryPlan::lost says so).
void writeCarriedGeometry(ExportContext& ctx, const mesh::Mesh& m, tinygltf::Primitive& prim);

// Each clip (gltf_export_carry_clips.cpp): one whose keys equal its source
// clip's through `match` keeps the source's animation (its targets already
// renumbered); an edited one gets new TRS channels and keeps its others.
void writeCarriedClips(ExportContext& ctx, const GltfSource& source, const JointMatch& match);

// A perspective camera without zfar (infinite), which tinygltf would write
// as "zfar": 0, and objects it writes as null: mendSerialisedGltf mends the
// serialised file (gltf_export_mend_json.cpp).
bool hasInfiniteCamera(const tinygltf::Model& model);
void mendSerialisedGltf(std::string& bytes, GltfContainer container, bool infiniteCamera);

// Removes from ctx.model the primitives of the rig meshes ctx.keepMeshes
// leaves out (a node drawing an instanced mesh gets its own copy first), a
// glTF mesh left with none and the node's skin and morph-weight channels
// with it, renumbering what refers to meshes, samplers and animations.
void omitMeshes(ExportContext& ctx, const GltfSource& source, const CarryPlan& plan);

// Accessors and buffer views something in the model refers to.
struct ReferencedData {
    std::set<int> accessors, views;
};
ReferencedData referencedData(const tinygltf::Model& model);

// Removes the accessors and views the source used and the edit left unused
// (the weights and keys it replaced), renumbering references to the rest.
// Skipped when the file uses an extension that might refer to them.
void pruneOrphans(tinygltf::Model& model, const ReferencedData& before);

// Every view's bytes into ctx.bin (one buffer), and every image kept as a URI
// into a view of its own, so the file is whole in one .glb or .gltf.
void mergeBuffers(ExportContext& ctx, const gltfsource::Content& content);

} // namespace marrow::io::gltfexport
