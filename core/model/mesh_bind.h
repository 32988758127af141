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

// How a bound mesh's vertices are first weighted (Blender's Ctrl+P ›
// Armature Deform choices).
enum class BindWeights : std::uint8_t {
    Automatic,    // bone heat (autoWeights): every vertex weighted
    Empty,        // every vertex on the node that holds the mesh: it stays as it was, ready to paint
    NearestBone,  // every vertex wholly on its nearest deforming bone segment
};

// A new skin for a rigid mesh and its first weights.
struct MeshBinding {
    Skin skin;
    mesh::SkinWeights weights;   // stride 4
    skin::BoneHeatReport heat;   // Automatic only
};

// Binds a rigid mesh (skin -1) of a valid rig to the skeleton. The skin
// lists the deforming joints (`deform`, per skeleton joint; when it marks no
// bone: every bone but leaf end joints, *End and *Nub; bones are the skins'
// joints, or in a rig with no skin every node holding no mesh), and for Empty the
// mesh's node too; inverse binds come from the rest pose, inverse(joint's
// rest world) x the mesh node's rest world, so the rest pose reproduces the
// mesh where it was drawn. nullopt with `error` set when the mesh is
// skinned, has no vertices, or there is no joint to bind to.
// Automatic and NearestBone see the bones as `segments` says.
std::optional<MeshBinding> bindMesh(const Rig& rig, std::size_t mesh, BindWeights weights,
                                    const std::vector<std::uint8_t>& deform, std::string& error,
                                    BoneSegments segments = BoneSegments::EachChild);

// Whether a node is a skin's joint or hangs below one (a prop on a hand):
// a rigid mesh there already follows a bone; one elsewhere is static.
bool carriedByBone(const Rig& rig, anim::JointIndex node);

// The rest pose's world transform of every skeleton node.
std::vector<glm::mat4> restWorlds(const anim::Skeleton& skeleton);

} // namespace marrow::model
