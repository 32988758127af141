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

// A mesh's geometry in its skin's bind space (the world, where the rest
// pose draws it): what the bound mesh holds instead of its node-space own.
struct BoundGeometry {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<std::uint32_t> indices;             // reversed windings where the node mirrors
    std::vector<mesh::MorphTarget> morphTargets{};  // displacements turned the same way
    bool operator==(const BoundGeometry&) const = default;
};

// A new skin for a rigid mesh, its first weights and its geometry as bound.
struct MeshBinding {
    Skin skin;
    mesh::SkinWeights weights;   // stride 4
    skin::BoneHeatReport heat;   // Automatic only
    BoundGeometry geometry;
};

// Binds a rigid mesh (skin -1) of a valid rig to the skeleton as it is
// displayed: the mesh node's whole rest world M (scale, translation, its
// parents) is baked into the geometry (model::bakeTransform) and every
// inverse bind is inverse(joint's rest world), so the bind pose is the rest
// pose, each joint's bind world (inverse of its inverse bind) is where it
// stands, and the rest pose and Rest Position both draw the mesh where it
// was drawn, in Marrow and in every importer (glTF ignores a skinned mesh's
// node). The skin lists the deforming joints (`deform`, per skeleton joint;
// when it marks no bone: every bone but leaf end joints, *End and *Nub;
// bones are the skins' joints, or in a rig with no skin every node that
// neither holds a mesh nor is an ancestor of one), and for Empty the mesh's
// node too. nullopt with `error` set
// when the mesh is skinned, has no vertices, or there is no joint to bind
// to. Automatic and NearestBone see the bones as `segments` says.
std::optional<MeshBinding> bindMesh(const Rig& rig, std::size_t mesh, BindWeights weights,
                                    const std::vector<std::uint8_t>& deform, std::string& error,
                                    BoneSegments segments = BoneSegments::EachChild);

// Applies a binding to a rigid mesh: the skin appended after the others,
// the mesh on it with the binding's weights and geometry. The one way a
// binding reaches a rig (the document, the CLI, tests). False, the rig
// unchanged, when the mesh is out of range or skinned, or the binding does
// not fit it (joints out of range, a matrix not finite, rows or geometry
// not one per vertex, the index or morph target count changed).
bool applyBinding(Rig& rig, std::size_t mesh, const MeshBinding& binding);

// Whether a node is a skin's joint or hangs below one (a prop on a hand):
// a rigid mesh there already follows a bone; one elsewhere is static.
bool carriedByBone(const Rig& rig, anim::JointIndex node);

// The rest pose's world transform of every skeleton node.
std::vector<glm::mat4> restWorlds(const anim::Skeleton& skeleton);

} // namespace marrow::model
