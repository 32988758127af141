// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::math {

// A quaternion key dragged by one of its component curves: `component`
// (glm's order: 0 x, 1 y, 2 z, 3 w) set to `value`, clamped to [-1, 1], and
// the other three scaled together so the key stays a unit quaternion. The
// grabbed component lands exactly where it was dropped and the rotation's
// axis direction in the others is kept. When the others are all zero they
// have no direction to grow along, and q is only normalised.
glm::quat withComponent(const glm::quat& q, int component, double value);

} // namespace marrow::math
