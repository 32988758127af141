// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"

namespace marrow::anim {

// The part [start, end] of `clip` as a clip of its own that starts at 0:
// every key strictly inside copied and moved back by `start`, and every
// animated channel (translation, rotation as quaternion or Euler, scale,
// morph weights) keyed at 0 and at end - start with the values the clip
// has there, so the cut plays exactly as that part of the clip did (a cut
// through a cubic segment keys the curve's own slope there; a channel's
// hold before its first key or after its last stays a hold). Keys exactly
// at start or end are copied as they are (a jump there included). The
// user's sync markers in [start, end) come along moved back; none there
// leaves the cut's markers to the feet (nullopt). The name is the
// clip's; the cut follows its keys (no manual range). Needs 0 <= start < end,
// both finite.
Clip cutClip(const Clip& clip, double start, double end);

} // namespace marrow::anim
