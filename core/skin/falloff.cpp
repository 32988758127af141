// SPDX-License-Identifier: MIT
#include "core/skin/falloff.h"

#include <algorithm>
#include <cmath>

namespace marrow::skin {

float falloff(FalloffPreset preset, float d)
{
    // !(d <= 1) also catches NaN: a vertex we cannot place is not painted.
    if (!(d <= 1.f))
        return 0.f;
    d = std::max(d, 0.f);
    const float t = 1.f - d;
    switch (preset) {
    case FalloffPreset::Smooth:
        return t * t * (3.f - 2.f * t);
    case FalloffPreset::Sphere:
        // 1 - d^2 >= 0 on [0, 1]; max() keeps rounding from feeding sqrt a -0 or less.
        return std::sqrt(std::max(0.f, 1.f - d * d));
    case FalloffPreset::Root:
        return std::sqrt(t);
    case FalloffPreset::Sharp:
        return t * t;
    case FalloffPreset::Linear:
        return t;
    case FalloffPreset::Constant:
        return 1.f;
    }
    return 0.f;
}

} // namespace marrow::skin
