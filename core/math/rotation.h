// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::math {

// Spherical interpolation on the shortest arc: q and -q are the same rotation,
// so b is negated when the two point into opposite hemispheres. Nearly
// parallel quaternions use a normalised lerp (within 5e-8 of slerp there),
// close ones a truncated series for sin(ta)/sin(a) (within 5e-9), far ones
// acos and sin. The result is unit length.
glm::quat slerpShortest(const glm::quat& a, const glm::quat& b, float t);

// Normalised quaternion; the identity when q has no usable length.
glm::quat safeNormalize(const glm::quat& q);

// q with a non-negative w, so equal rotations compare equal component-wise.
glm::quat canonical(const glm::quat& q);

} // namespace marrow::math
