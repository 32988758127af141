// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::math {

// Spherical interpolation on the shortest arc: q and -q are the same rotation,
// so b is negated when the two point into opposite hemispheres. Falls back to
// a normalised lerp when the quaternions are nearly parallel, where slerp's
// division by sin(angle) loses precision. The result is unit length.
glm::quat slerpShortest(const glm::quat& a, const glm::quat& b, float t);

// Normalised quaternion; the identity when q has no usable length.
glm::quat safeNormalize(const glm::quat& q);

// q with a non-negative w, so equal rotations compare equal component-wise.
glm::quat canonical(const glm::quat& q);

} // namespace marrow::math
