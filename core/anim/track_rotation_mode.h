// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"

namespace marrow::anim {

// Converts a track's rotation keys to another mode (a bone switched between
// Quaternion and an Euler order), keeping the pose at every key exactly (to
// float rounding): each key's rotation is re-expressed, the Euler angles of
// consecutive keys chosen nearest each other (quatToEulerNear) so curves do
// not jump by a turn, quaternion keys kept in one hemisphere. Key times,
// interpolations and tangent modes are kept; cubic tangents are recomputed
// from their modes, and hand-set (Free, Aligned) tangents become AutoClamped, since a
// slope in one form has no exact counterpart in the other. Between keys the
// motion differs as the two interpolations differ (Euler angles move
// independently; quaternions slerp). Sets track.rotationMode.
void convertRotationMode(JointTrack& track, RotationMode mode);

} // namespace marrow::anim
