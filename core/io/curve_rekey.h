// SPDX-License-Identifier: MIT
#pragma once
// Re-keying a joint from curves Assimp flattened (COLLADA's Bézier and
// Hermite samplers, FBX's cubic AnimationCurves): given the joint's exact
// local transform at any time, the track gets a cubic key at every curve
// key and on every frame of the file's rate between them, each with its
// exact value and its one-sided slopes (second order) as in and out
// tangents, so a corner stays a corner and the keys between follow the
// curve. Resampled rather than one cubic key per file key: the curves are
// per component (Euler angles, a COLLADA stack of rotate elements) and
// mix into one rotation, which is no cubic in time.
#include "core/anim/clip.h"
#include "core/math/transform.h"

#include <functional>
#include <vector>

namespace marrow::io {

// The joint's exact local transform at a clip time.
using LocalAt = std::function<math::Transform(double seconds)>;

// Whether the track, as Assimp read it, poses as `local` at every one of
// `keys` (where Assimp's keys are exact): the sign that the curves and the
// joint are one, with no conversion between them.
bool matchesAtKeys(const LocalAt& local, const std::vector<double>& keys, const anim::JointTrack& track,
                   const math::Transform& rest);

// Whether the track, as Assimp read it, leaves `local` between two of the
// `keys` (at a quarter, half and three quarters of each gap): a linear
// Euler curve turning about several axes, or by more than half a turn, is
// no slerp between its keys.
bool differsBetweenKeys(const LocalAt& local, const std::vector<double>& keys, const anim::JointTrack& track,
                        const math::Transform& rest);

// The key times: every one of `keys`, every frame of `fps` between them,
// and `extra` (inside the keys' span).
std::vector<double> rekeyTimes(const std::vector<double>& keys, double fps, const std::vector<double>& extra = {});

// Whether the curves hold their values between two sample times and then jump.
using StepsAt = std::function<bool(double from, double to)>;

// Replaces the track's channels by cubic keys at `times`: those it has, and
// those `local` moves away from `rest`. A key whose gap `steps` is a step key.
void rekeyTrack(const LocalAt& local, const std::vector<double>& times, const math::Transform& rest,
                anim::JointTrack& track, const StepsAt& steps = {});

} // namespace marrow::io
