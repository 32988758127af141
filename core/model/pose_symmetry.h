// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mirror_plane.h"
#include "core/model/rig.h"

#include <cstddef>
#include <vector>

namespace marrow::model {

// A rig's left/right symmetry as flipped poses need it, found from the rest
// pose in the skeleton's rest world space (model space): the plane the L/R
// joint pairs mirror across and each joint's partner.
//  - Joints pair by name first: mirroredJointName (hand.L, LeftArm,
//    b_LeftHand), then mirroredJointNameGlued (UpperArmL) when both
//    exist and each names the other.
//  - The plane is the one the named pairs and the centre joints (bones
//    whose names carry no side) agree with best: of the least-squares fit
//    and each pair's own bisecting plane, the one with the least total gap
//    (each gap counted up to 5 % of the skeleton's size, so a limb resting
//    unlike its partner, an IK target or a prop placed by hand does not
//    tilt it), fitted again through those that agree. A rig without named
//    pairs tries the model-space axes and the axes of the first joints'
//    rest frames, through the bones' centre, keeps the plane that pairs the
//    bones best, and refits it through the pairs it found.
//  - A joint without a name partner pairs with the joint nearest its mirror
//    image (of the same kind, bone or plain node, and preferring the one
//    under its parent's partner), when that image lies within 5 % of the
//    skeleton's size and nearer to it than to the joint itself; any other
//    joint (on the plane, or a prop in one hand) is its own partner.
// Partners always come in pairs: partners[partners[j]] == j.
struct PoseSymmetry {
    mesh::MirrorPlane plane;                 // X = 0 when nothing better is found
    std::vector<anim::JointIndex> partners;  // one per joint
    std::size_t namedJoints = 0;             // joints paired by name (each side counted)
    std::size_t placedJoints = 0;            // joints paired by rest position (each side counted)
};

// rig.skeleton must be valid.
PoseSymmetry findPoseSymmetry(const Rig& rig);

} // namespace marrow::model
