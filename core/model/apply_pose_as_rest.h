// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <optional>
#include <span>
#include <string>

namespace marrow::model {

// Apply Pose as Rest Pose (Blender's Ctrl+A in Pose mode): `locals` (one
// per joint, a pose) become the rest pose, and the character looks the
// same in it. Each skinned mesh's positions and normals become the posed
// ones (linear blend skinning with its current weights, as the viewport
// draws), its morph targets' displacements are carried through the same
// blended matrices, and every skin's inverse binds become the inverses of
// the new rest worlds, so the mesh is bound in that pose. Rigid meshes ride
// on their nodes, so they too stay where the pose put them. Clips keep
// their keys (local values). The A-pose to T-pose change: pose the arms
// up, then apply. nullopt, or why nothing changed.
std::optional<std::string> applyPoseAsRest(Rig& rig, std::span<const math::Transform> locals);

} // namespace marrow::model
