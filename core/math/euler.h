// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::math {

// Euler angles in degrees for display and entry (the inspector), in Blender's
// default "XYZ Euler" order: X is applied first, then Y, then Z, so the
// rotation matrix is R = Rz(z) * Ry(y) * Rx(x) for column vectors. Rotations
// are stored as quaternions everywhere else; these functions only translate
// at the edge. Both work in double internally and never return NaN.

// Unit quaternion for the angles (x, y, z) in degrees. Any finite angles are
// accepted (beyond ±180 they wrap); the result is normalised.
glm::quat eulerXyzDegreesToQuat(const glm::vec3& degrees);

// The canonical angles for q: y in [-90, 90], x and z in [-180, 180]. q is
// normalised first (a zero or non-finite q reads as the identity). At gimbal
// lock (|y| within about 1e-5 degrees of 90, where only x - z or x + z is
// defined) z is set to 0 and x carries the whole twist, so the result is
// finite and still gives back q.
glm::vec3 quatToEulerXyzDegrees(const glm::quat& q);

// The angles for q closest to `referenceDegrees` (the angles a view shows
// now): of the two equivalent triples (x, y, z) and (x+180, 180-y, z+180),
// each angle wrapped by whole turns to lie within 180 degrees of the
// reference, the one nearer to it. At gimbal lock z keeps the reference's
// value and x takes the rest. So a display that re-derives its angles after
// every edit does not jump from (0, 100, 0) to (180, 80, 180) or from 190 to
// -170, as Blender's compatible-Euler conversion avoids the same jumps.
glm::vec3 quatToEulerXyzDegreesNear(const glm::quat& q, const glm::vec3& referenceDegrees);

} // namespace marrow::math
