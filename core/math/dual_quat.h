// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::math {

// A unit dual quaternion for rigid transforms: real part is the rotation,
// dual part is 0.5 * (0, t) * real. Used for dual-quaternion skinning
// (Kavan et al. 2007).
struct DualQuat {
    glm::quat real{1.f, 0.f, 0.f, 0.f};
    glm::quat dual{0.f, 0.f, 0.f, 0.f};
};

// Rotation of an affine matrix's 3x3 part by polar decomposition (so uniform
// scale and small numerical shear are removed), plus its translation.
DualQuat dualQuatFromMatrix(const glm::mat4& m);

// The closest rotation to a 3x3 matrix (polar decomposition, Higham's iteration).
glm::mat3 polarRotation(const glm::mat3& m);

// Transforms a point by a blended (not yet normalised) dual quaternion:
// divides by the real part's norm first.
glm::vec3 transformPoint(const DualQuat& dq, const glm::vec3& p);

} // namespace marrow::math
