// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::ui::graph {

// Rotation tangents as the graph draws them. A rotation key stores its
// cubic tangents as quaternion slopes per second; its curves show Euler XYZ
// degrees. Near a key q with (unwrapped) angles e, the angles move with the
// quaternion as dq = J(e) de, J the 4x3 derivative of math::
// eulerXyzDegreesToQuat at e (signed to q's hemisphere). Both maps below use
// it, in double; they are exact inverses away from gimbal lock (|y| = 90,
// where J loses rank and the slopes come back as zero). Pure; no Qt.

// The slopes (degrees per second) the drawn Euler curves have at the key for
// a quaternion tangent `m`: J+ applied to m's part tangent to the unit
// sphere (the part normalisation keeps; playback normalises).
glm::dvec3 eulerSlopes(const glm::quat& q, const glm::dvec3& eulerDegrees, const glm::quat& m);

// The quaternion tangent that gives the Euler slopes `slopes` (degrees per
// second) at the key: J(e) slopes.
glm::quat quatTangent(const glm::quat& q, const glm::dvec3& eulerDegrees, const glm::dvec3& slopes);

} // namespace marrow::ui::graph
