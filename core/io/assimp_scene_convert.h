// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/assimp_fbx_helper_chain.h"
#include "core/model/import_changes.h"
#include "core/model/rig.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

struct aiScene;
struct aiNode;

namespace marrow::io::assimp {

// What the skeleton pass learns about a checked aiScene and the later passes
// (meshes, animation) need: which joint a name refers to (the first node of
// that name in depth-first order, as Assimp itself resolves bones and
// channels), and for each joint the chain of aiNodes it folds (FBX helper
// nodes never become joints; see assimp_fbx_helper_chain.h).
struct SceneNodes {
    std::unordered_map<std::string, anim::JointIndex> jointByName;
    // Per joint: the nodes whose product is its local transform, outermost
    // first, its own node last (just that node for most; empty for a joint
    // invented for a bone that names no node).
    std::vector<std::vector<ChainNode>> chains;
    // Every node name in some chain -> the joints whose chains hold it.
    std::unordered_map<std::string, std::vector<anim::JointIndex>> jointsByChainNode;
    // Per aiMesh: the skeleton joints of the nodes that place it (may be empty).
    std::vector<std::vector<anim::JointIndex>> meshPlacements;
};

// Converts the checked scene's node tree (plus a node for each bone that names
// no node, placed at its bind pose under its mesh's node) into rig.skeleton.
// Returns the problem (no path prefix) or nullopt; repairs go to warnings.
std::optional<std::string> convertSkeleton(const aiScene& scene, model::Rig& rig, SceneNodes& nodes,
                                           std::vector<std::string>& warnings);

// Converts every placed aiMesh (once per node that places it) into rig.meshes,
// and every skinned one into a rig.skins entry with its weights; `changes`
// (when given) gets the rows the weights' repair changed, per rig mesh.
std::optional<std::string> convertMeshes(const aiScene& scene, const SceneNodes& nodes, model::Rig& rig,
                                         std::vector<std::string>& warnings, model::ImportChanges* changes = nullptr);

// Converts every aiAnimation into a rig.clips entry.
std::optional<std::string> convertAnimations(const aiScene& scene, const SceneNodes& nodes, model::Rig& rig,
                                             std::vector<std::string>& warnings);

// The whole conversion: skeleton, meshes, clips. Builds a complete rig or fails.
std::optional<std::string> convertScene(const aiScene& scene, model::Rig& rig, std::vector<std::string>& warnings,
                                        model::ImportChanges* changes = nullptr);

} // namespace marrow::io::assimp
