// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/dual_quat.h"

namespace marrow::math {

// One joint's skinning matrix M = world * inverseBind in the form that
// dual-quaternion skinning blends: M = rigid * scale, where `scale` is an
// affine map holding the joint's scale and shear (about the joint's bind
// position) and `rigid` is a unit dual quaternion. Skinning applies the
// weighted sum of the `scale` maps first and the blended `rigid` motion second
// (Kavan et al. 2008, section on non-rigid joints; Blender's Preserve Volume).
//
// The split is exact by construction: the rotation R is found first (polar
// decomposition of M's 3x3, identity when that is singular or not finite)
// and stored as a unit quaternion; the 3x3 of `scale` is then R^T * M's 3x3,
// with R rebuilt from that quaternion, so rigid * scale reproduces M to float
// error whatever R is. Hence, with one influence (or influences that all share
// one matrix) DQS gives exactly what LBS gives, positions and normals.
// - Scale about the bind position rather than the model origin: a blend of a
//   scaled and an unscaled joint then moves a vertex by its distance from the
//   scaled joint, not by its distance from the origin, so the result does not
//   depend on where the model stands.
// - Mirrored joints (det < 0): R is the polar rotation of -M and `scale` takes
//   the point reflection (its 3x3 is negative definite). Exact; but a vertex
//   blended between mirrored and unmirrored joints folds, as it does in LBS.
// - Zero scale: R is identity and `scale` is the whole 3x3 (LBS's behaviour).
// - A rigid joint (scale within float noise of 1) gets `scale` exactly the
//   identity, so a rig without scale skins as plain DQS, and faster.
struct ScaledDualQuat {
    DualQuat rigid;
    glm::mat4 scale{1.f};  // affine: bottom row 0 0 0 1; identity for a rigid joint
};

// Splits a skinning matrix; `pivot` is the point the scale is about (the
// joint's bind position, from bindPivot). Any pivot gives an exact split.
ScaledDualQuat splitSkinningMatrix(const glm::mat4& skinning, const glm::vec3& pivot = glm::vec3(0.f));

// The joint's position in the bind pose: the point its inverse bind matrix
// maps to the origin. The origin when the inverse bind is singular.
glm::vec3 bindPivot(const glm::mat4& inverseBind);

} // namespace marrow::math
