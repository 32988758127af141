// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mirror_plane.h"
#include "core/model/rig.h"

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::model {

// What Mirror weights (the Weights menu, marrow-cli weights --mirror) needs
// for one skinned mesh and an axis (0, 1, 2 for X, Y, Z).
struct WeightMirrorSetup {
    // The plane in the mesh's bind space, oriented so +axis is its positive
    // side: of the brush's planes (fitted to the rig's L/R joints when that
    // fit lies along the axis, and the axis plane) the one that pairs the
    // most vertices exactly (a fit a little off the mesh's own symmetry
    // would leave every vertex to the surface fallback).
    mesh::MirrorPlane plane;
    bool fitted = false;                  // the joints' plane won
    std::size_t exactPairs = 0;           // vertices with an exact twin across it
    std::vector<std::uint16_t> joints;    // per skin joint: its mirror (MirrorMap's pairing), itself if none
};

// meshIndex names a skinned mesh of a valid rig.
WeightMirrorSetup weightMirrorSetup(const Rig& rig, std::size_t meshIndex, int axis);

// Per skin joint of rig.skins[skin]: the skin joint of its mirror
// (`jointMirror`, one per skeleton joint: MirrorMap::joints), itself when
// the mirror is not in the skin. The joints a mirrored weight row takes.
std::vector<std::uint16_t> skinJointMirror(const Rig& rig, std::size_t skin, std::span<const anim::JointIndex> jointMirror);

} // namespace marrow::model
