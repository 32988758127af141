// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <cstdint>

namespace marrow::anim {

// How a bone's rotation keys are stored and edited, as Blender's pose-bone
// rotation mode: one quaternion channel (glTF's own form; the graph shows
// its W, X, Y and Z curves), or three independent angle curves applied in a
// named order. "XYZ" means X is applied first, then Y, then Z: the rotation
// matrix is Rz * Ry * Rx for column vectors, as Blender's "XYZ Euler".
enum class RotationMode : std::uint8_t { Quaternion, EulerXYZ, EulerXZY, EulerYXZ, EulerYZX, EulerZXY, EulerZYX };
inline constexpr RotationMode kLastRotationMode = RotationMode::EulerZYX;

inline bool isEuler(RotationMode mode) { return mode != RotationMode::Quaternion; }
// "Quaternion (WXYZ)", "XYZ Euler", ... as Blender lists them.
const char* rotationModeName(RotationMode mode);

// Euler angles are radians, stored per axis whatever the order: angles.x
// turns about X, angles.y about Y, angles.z about Z. A Quaternion mode reads
// as XYZ. Both conversions work in double and never return NaN (non-finite
// input reads as no rotation).
glm::quat eulerToQuat(const glm::vec3& angles, RotationMode order);
// The canonical angles: the middle axis's angle in [-pi/2, pi/2], the others
// in [-pi, pi]; at gimbal lock the last axis's angle is 0.
glm::vec3 quatToEuler(const glm::quat& q, RotationMode order);
// Of the angle triples that give q, the one nearest `reference` (each angle
// moved by whole turns towards it, and the flipped triple tried too), so a
// curve of converted keys never jumps by a turn: Blender's "compatible Euler".
glm::vec3 quatToEulerNear(const glm::quat& q, RotationMode order, const glm::vec3& reference);

} // namespace marrow::anim
