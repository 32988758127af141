// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/bone_segments.h"
#include "core/model/rig.h"
#include "core/skin/bone_heat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::model {

// How `bindToSkeleton` weights each mesh.
enum class RigBindWeights : std::uint8_t {
    Automatic,    // bone heat, as Bind to Skeleton › With Automatic Weights
    NearestBone,  // every vertex wholly on its nearest deforming bone
    Transfer,     // the skeleton rig's own skinned meshes' weights, from the closest point of their surface
};

struct RigBindOptions {
    RigBindWeights weights = RigBindWeights::Automatic;
    // Each mesh's every loose shell (connected by shared positions) bound
    // wholly to the bone nearest it on average, after the weights above.
    bool rigidIslands = false;
    // Per joint of the skeleton rig: which bones deform (a document's Deform
    // mask); empty: model::deformMask with no flags.
    std::vector<std::uint8_t> deform;
    BoneSegments segments = BoneSegments::EachChild;
    std::string holderName = "bound";  // the root node that holds the bound meshes
    // The meshes bound, by their or their node's name (marrow-cli bind --meshes); empty: every
    // mesh. The others are carried unbound, as the rest pose draws them.
    std::vector<std::string> meshes;
};

struct RigBindResult {
    enum class Failure : std::uint8_t { None, NoMesh, NoOverlap, Refused };
    std::optional<Rig> rig;
    Failure failure = Failure::None;
    std::string error;             // why, when rig is empty
    std::size_t meshes = 0;        // meshes bound
    skin::BoneHeatReport heat;     // Automatic, summed
    std::size_t rigidShells = 0;   // shells bound whole to one bone
    std::size_t transferred = 0;   // Transfer: rows taken from the surface
    std::size_t transferMissed = 0;  // Transfer: rows left on their nearest bone (no weight to take)
};

// marrow-cli bind: every mesh of `meshes` bound to the skeleton of
// `skeleton`, as the editor binds (File › Import Mesh, then Bind to
// Skeleton): the result is `skeleton`'s rig (skeleton, skins, clips,
// transitions) without its meshes, materials and textures, plus each mesh
// of `meshes` on a new root node, with its materials, bound as displayed
// (model::bindMesh, model::applyBinding). A rigid mesh is taken where its
// node's rest world puts it; a skinned one as the rest pose draws it
// (restPosedGeometry), then rebound. Fails with NoMesh when `meshes` has no
// mesh, NoOverlap when the meshes' box does not meet the skeleton's
// (bones' rest positions, grown by a tenth of its diagonal), Refused when a
// bind is refused (no bone to bind to) or Transfer finds no skinned mesh,
// NoMesh too when a name of `options.meshes` names no mesh.
RigBindResult bindToSkeleton(const Rig& meshes, const Rig& skeleton, const RigBindOptions& options);

} // namespace marrow::model
