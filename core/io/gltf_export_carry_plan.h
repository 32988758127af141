// SPDX-License-Identifier: MIT
#pragma once
// Where the source's nodes go in a write that carries a glTF source after a
// skeleton edit (gltf_export_carry_plan.cpp), and what such a write loses
// (gltf_export_carry_losses.cpp). Free of tinygltf: the editor's loss check
// (io::gltfCarryLosses) and the carried write share it.
#include "core/io/gltf_source.h"
#include "core/model/rig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::io::gltfexport {

// Which joint of the edited rig is which joint of the source's import
// snapshot (GltfSource::asImported). The rule:
// - the same number of joints with the same parents, and each name that
//   changed new to the source and gone from the rig: joint i is joint i
//   (a rename, a rest edit, a symmetrize of existing twins);
// - otherwise (joints added, deleted, reparented): by name, for a name held
//   by exactly one joint on each side. Joints are renamed only by the user
//   and new joints get fresh unique names, so an edit keeps every other
//   joint's name. Its limit: a joint renamed and the skeleton reshaped
//   before one write has no match; it is written as a new node and its old
//   node removed (planCarry names what went with it). A persistent joint id
//   kept by the skeleton edits would lift the limit.
struct JointMatch {
    std::vector<int> sourceOf;  // per rig joint: its as-imported joint, -1 new
    std::vector<int> rigOf;     // per as-imported joint: its rig joint, -1 gone
    bool byName = false;        // matched by name (the skeleton was reshaped)
};
JointMatch matchJoints(const anim::Skeleton& now, const anim::Skeleton& was);

// The write's nodes: the source's, those of joints gone removed (the rest
// keep their order), then one per new joint in joint order.
struct CarryPlan {
    JointMatch joints;
    std::vector<int> nodeTo;     // per source node: its index in the write, -1 removed
    std::vector<int> jointNode;  // per rig joint: its node in the write
    std::size_t nodeCount = 0;   // nodes in the write
    // Per rig mesh: the write's node that holds its glTF mesh. A mesh whose
    // joint was deleted moved to the parent (model::deleteJoint): so does
    // its glTF mesh, skin and morph weights.
    std::vector<int> meshNode;
    // Per rig mesh: 1 when its positions, normals or morph displacements
    // differ from the source's over the same vertices, triangles and UVs
    // (a rigid mesh baked into its new parent's space): written anew.
    std::vector<std::uint8_t> newGeometry;
    bool renumbered = false;     // some kept node's index changed
    // Why the source cannot be carried (then the fresh write runs), or nullopt.
    std::optional<std::string> refusal;
    // What the carried write cannot keep, one item each (the report's `lost`).
    std::vector<std::string> lost;
};
CarryPlan planCarry(const model::Rig& rig, const GltfSource& source);

// What the carried write of `plan` loses (planCarry fills CarryPlan::lost).
std::vector<std::string> carriedWriteLosses(const CarryPlan& plan, const model::Rig& rig, const GltfSource& source);

// What a fresh write (no source carried) loses of `source`, one item each.
std::vector<std::string> freshWriteLosses(const GltfSource& source);

} // namespace marrow::io::gltfexport
