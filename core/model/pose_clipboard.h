// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/pose_mirror.h"
#include "core/model/rig.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace marrow::model {

// Copy pose / paste pose / paste flipped (Blender's Ctrl+C, Ctrl+V,
// Ctrl+Shift+V in pose mode): the copied joints' local transforms by joint
// name, so a pose pastes onto another document with the same joint names.
// Pasting goes to every copied joint the skeleton has (as Blender's paste
// without "selected only"); flipped goes to each one's mirror partner,
// mirrored (see anim::PoseMirror).
struct PoseClipboard {
    std::vector<std::pair<std::string, math::Transform>> joints;
    bool empty() const { return joints.empty(); }
};

struct PastedJoint {
    anim::JointIndex joint = -1;
    math::Transform local;
    bool operator==(const PastedJoint&) const = default;
};

// The selected joints' locals (out-of-range joints skipped, repeats once).
PoseClipboard copyPose(const anim::Skeleton& skeleton, std::span<const math::Transform> locals,
                       std::span<const anim::JointIndex> joints);
// The copied joints this skeleton has, by name, in the clipboard's order.
std::vector<PastedJoint> pastePose(const anim::Skeleton& skeleton, const PoseClipboard& clipboard);
// The copied joints mirrored onto their partners.
std::vector<PastedJoint> pasteFlipped(const anim::Skeleton& skeleton, const anim::PoseMirror& mirror,
                                      const PoseClipboard& clipboard);

// The rig's symmetry for flipping poses (findPoseSymmetry: partners by
// name, else by rest position, and the plane they mirror across, in the
// skeleton's rest world space). The rig's skeleton must be valid.
anim::PoseMirror rigPoseMirror(const Rig& rig);

} // namespace marrow::model
