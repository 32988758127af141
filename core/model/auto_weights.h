// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/auto_weight_symmetry.h"
#include "core/model/bone_segments.h"
#include "core/model/rig.h"
#include "core/skin/bone_heat.h"
#include "core/skin/weight_scope.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace marrow::model {

// Which skeleton joints deform by default (until the user sets the Deform
// flag): the skin's joints that carry weight in some mesh; when no mesh
// weights the skin (a mesh about to be bound), every skin joint but leaf
// end joints (named *end, *_End, *Nub, *_nub, any case), which only mark
// where their parent stops.
std::vector<std::uint8_t> defaultDeform(const Rig& rig, int skin);
// Per skeleton joint: whether a mesh of skin `skin` (any skin when < 0)
// gives it a weight above 0.
std::vector<std::uint8_t> weightedJoints(const Rig& rig, int skin = -1);
// The joints a viewer sees move, as indices: those any skin weights, or
// every joint when none is (a skeleton-only file). Find best and Find
// Cycle compare poses on them.
std::vector<anim::JointIndex> visibleJoints(const Rig& rig);
// Whether a joint's name marks an end joint (*end, *_End, *Nub, *_nub, any case).
bool isEndJointName(const std::string& name);

// Per skeleton joint: whether it deforms, for every skin: `flags` (the
// user's Deform flags, Document::deformFlags) where set, else
// defaultDeform over the rig's skins.
std::vector<std::uint8_t> deformMask(const Rig& rig, const std::map<anim::JointIndex, bool>& flags);

// The heat sources of a skinned mesh's deforming joints, in its bind space:
// a bone with child bones lies as `segments` says; a leaf bone continues its
// parent's bone (the direction from the parent's joint to it, and that
// length; with Blender segments the parent's segment); a lone root is a
// point. `sources[k]` is skin joint `skinJoints[k]`.
std::vector<skin::HeatSource> boneHeatSources(const Rig& rig, std::size_t mesh, const std::vector<std::uint8_t>& deform,
                                              std::vector<std::uint16_t>& skinJoints,
                                              BoneSegments segments = BoneSegments::EachChild);

struct AutoWeightOptions {
    std::vector<std::uint8_t> deform;  // per skeleton joint; empty: defaultDeform
    skin::WeightScope scope;           // subset (selected skin joints), mask, locks and the influence limit
    // Every loose shell but the largest wholly on the bone nearest its
    // centroid (all of them with rigidWhole: a separate mesh beside the body).
    bool rigidIslands = false;
    bool rigidWhole = false;
    // Rigid props (skin::findRigidProps) keep their rows: prop shells unless
    // the scope's vertex mask picks vertices (the user's explicit choice),
    // a whole-mesh prop when keepPropMesh.
    bool keepPropShells = true;
    bool keepPropMesh = false;
    BoneSegments segments = BoneSegments::EachChild;
    // On a symmetric character (findHeatSymmetry) twins get mirror-equal rows.
    bool symmetrise = true;
};

struct AutoWeightResult {
    mesh::SkinWeights weights;
    skin::BoneHeatReport heat;  // rigidShells: the shells rigid islands bound, props kept not counted
    std::size_t sources = 0;  // deforming joints used
    std::size_t propShellsKept = 0;  // prop shells left on their bone
    bool propMeshKept = false;       // the whole mesh is a prop left on its bone
    std::size_t mirroredVertices = 0;  // vertices given the mean of their row and their twin's mirrored row
};

// Automatic weights for a skinned mesh of a valid rig (boneHeatWeights over
// boneHeatSources). Outside the scope's mask, rows are kept. With a bone
// subset, each row keeps its other weights' proportions: the subset's
// unlocked bones take their heat weights, the locked keep theirs and the
// other unlocked share what is left. Without a subset, the heat rows
// replace the unlocked weights (the locked kept, the heat rows scaled into
// the rest). A row whose heat falls only on bones it may not change stays
// as it was. Rows are limited to the scope's limit.
AutoWeightResult autoWeights(const Rig& rig, std::size_t mesh, const AutoWeightOptions& options);

// How Automatic Weights treats one of the meshes it runs on together.
struct AutoWeightTarget {
    std::size_t mesh = 0;
    bool keepPropMesh = false;  // a whole-mesh prop the user did not target stays on its bone
    bool rigidWhole = false;    // with rigid islands: not the body, every shell bound wholly
};
// The skinned meshes of `meshes` as Automatic Weights runs on them. When
// `chosen` (the user picked these meshes: the editor's Ctrl+clicked ones,
// marrow-cli --meshes) every one is re-weighted; otherwise (every skinned
// mesh, none picked) whole-mesh props stay rigid, unless no mesh is
// anything else (nothing else to weight). With rigid islands, every mesh
// but the body (the one holding the largest loose shell) binds wholly.
std::vector<AutoWeightTarget> autoWeightTargets(const Rig& rig, std::span<const std::size_t> meshes, bool chosen,
                                                bool rigidIslands);

} // namespace marrow::model
