// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>

namespace marrow::skin {

// The brush falloff presets, as Blender's brush curve presets. Each maps the
// normalised distance d from the dab centre (0 at the centre, 1 at the rim)
// to a factor in [0, 1]; with t = 1 - d:
//   Smooth    3t^2 - 2t^3          (smoothstep: flat at the centre and at the rim)
//   Sphere    sqrt(1 - d^2)        (= sqrt(2t - t^2): a hemisphere's height)
//   Root      sqrt(t)              (steep at the rim, broad at the centre)
//   Sharp     t^2                  (a spike at the centre)
//   Linear    t
//   Constant  1                    (a hard disc, full strength up to the rim)
enum class FalloffPreset : std::uint8_t { Smooth, Sphere, Root, Sharp, Linear, Constant };

// The factor of `preset` at normalised distance d. Every preset gives 1 at
// d = 0, is non-increasing in d, and gives 0 at d = 1 except Constant (1 up to
// and including the rim). Outside the brush (d > 1) or for NaN it is 0;
// d < 0 counts as 0.
float falloff(FalloffPreset preset, float d);

} // namespace marrow::skin
