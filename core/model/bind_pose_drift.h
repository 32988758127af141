// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <vector>

namespace marrow::model {

// How far a skin's bind pose (Rest Position: model::bindPoseLocals, where
// its palette is the identity) draws its meshes from where the skeleton's
// rest pose draws them. Documents bound by earlier builds with the mesh
// node's transform in the inverse binds differ; a bind made as displayed
// does not.
struct BindPoseDrift {
    int skin = -1;
    std::size_t mesh = 0;  // the skin's mesh that moves the most
    float relative = 0.f;  // its largest vertex distance over its rest bounding-box diagonal
};

// Beyond this fraction of the diagonal a skin's bind pose is reported and
// Weights › Rebind at Rest rebinds it.
inline constexpr float kBindPoseDriftTolerance = 1e-4f;

// One entry per skin some mesh uses (skin order), with its worst mesh; morph
// targets at their default weights in both poses. The rig must be valid.
std::vector<BindPoseDrift> bindPoseDrift(const Rig& rig);

} // namespace marrow::model
