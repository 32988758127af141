// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"
#include "core/anim/rotation_mode.h"

namespace marrow::anim {

// An Euler channel as a quaternion channel (what glTF stores): a key at
// every Euler key time, exact there, plus keys inside segments wherever
// slerping between the keys would turn away from the Euler curve by more
// than `toleranceRadians` (found by halving the segment until three probes
// agree). A rotation off by angle a moves a point at distance r by at most
// a * r, so 1e-5 radians keeps every vertex within 1e-5 of the
// bounding-box diagonal of where the Euler keys pose it. Step segments stay
// holds, jumps (two keys at one time) stay jumps; the result is Linear or
// Step per key, quaternions in one hemisphere from key to key.
QuatChannel quaternionChannelOf(const Vec3Channel& euler, RotationMode order, double toleranceRadians = 1e-5);

} // namespace marrow::anim
