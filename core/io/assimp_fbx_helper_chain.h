// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/math/glm_config.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace marrow::io::assimp {

// Assimp's FBX reader (with pivots preserved) splits a node that has pivots,
// offsets or pre/post rotations into a chain of helper nodes above it:
// "Hips_$AssimpFbx$_Translation" -> "..._PreRotation" -> "..._Rotation" ->
// "Hips". Marrow folds each chain into its joint: the joint's local transform
// is the product of the chain, and the helpers never become joints. This part
// knows no Assimp types, so it is tested on chains built in code.

// True for a helper node's name.
bool isFbxHelperName(std::string_view name);

// The joint a helper belongs to ("Hips" for "Hips_$AssimpFbx$_Rotation");
// empty when the name is no helper's.
std::string_view fbxHelperOwner(std::string_view name);

// One node of a joint's chain: its name and its static local matrix.
struct ChainNode {
    std::string name;
    glm::mat4 local{1.f};
};

// The product of the chain's local matrices, outermost first.
glm::mat4 chainProduct(std::span<const ChainNode> chain);

// The keys one animation channel holds for one node (empty channels: the
// node's static value for that part).
using ChannelLookup = std::function<const anim::JointTrack*(const std::string& nodeName)>;

// The track of the joint whose chain is `chain` (outermost first, the joint's
// own node last) in one clip, or nullopt when no channel targets the chain.
// - A channel on the joint's own node while none is on its own helpers holds
//   the joint's whole local transform (Assimp bakes pre/post rotations into
//   it), so it replaces the joint's own helpers; helpers of another node
//   (a parent's geometric inverses) still apply.
// - Otherwise every node is evaluated through the chain: animated nodes take
//   their channels' values (static parts where a channel is empty), the rest
//   their static matrices, at every key time of any channel in the chain.
//   The result is exact at those times and linear in between; where a
//   channel jumps (two keys at one time) the folded track keeps the later value.
// A chain of one animated node gives that node's channels unchanged.
std::optional<anim::JointTrack> foldChainTrack(std::span<const ChainNode> chain, anim::JointIndex joint,
                                               const ChannelLookup& channelOf);

} // namespace marrow::io::assimp
