// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"

namespace marrow::anim {

// The clip sampled at `fps` into LINEAR keys (File › Export's "Resample",
// Blender's glTF "Sampling Rate"): each channel gets a key at every frame
// k / fps inside its own key range and at both ends of that range, with the
// value playback gives there, so engines that ignore tangents play the
// curves as the editor does to within one frame's interpolation.
// Rotations stay in one hemisphere from key to key. Morph-weight tracks are
// sampled the same way. Sync markers and the name are kept. fps must be > 0.
Clip resampleClip(const Clip& clip, double fps);

} // namespace marrow::anim
