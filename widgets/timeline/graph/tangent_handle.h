// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/key_ops.h"
#include "widgets/timeline/graph/graph_hit.h"

namespace marrow::ui::graph {

// Which tangent of a key a handle shows: the incoming one (drawn left of the
// key) or the outgoing one (right); the key edits take the same enum.
using HandleSide = anim::HandleSide;

// The plot's scales, for turning slopes (value per second) into screen
// directions and back: the handle is a segment of fixed screen length along
// the tangent, so it stays grabbable at any zoom.
struct HandleScales {
    double pixelsPerSecond = 100.0;  // > 0
    double pixelsPerUnit = 100.0;    // > 0, values grow upwards (screen y down)
    double lengthPx = 48.0;          // > 0
};

// A dragged handle never crosses its key's time: at least this many pixels on its side.
inline constexpr double kMinHandleDx = 2.0;

// Where the handle of a key with tangent `slope` ends, relative to the key
// (screen pixels, y down): lengthPx along the tangent's screen direction,
// to the right for Out, to the left for In.
ScreenPoint handleOffset(double slope, HandleSide side, const HandleScales& scales);

// The slope (value per second) a handle dragged to `offset` from its key
// sets: -(dy / pixelsPerUnit) / (dx / pixelsPerSecond), with dx first kept at
// least kMinHandleDx on the handle's own side. handleOffset's inverse for
// every finite slope.
double slopeFromHandle(ScreenPoint offset, HandleSide side, const HandleScales& scales);

} // namespace marrow::ui::graph
