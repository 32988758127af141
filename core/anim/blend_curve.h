// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace marrow::anim {

// How a transition's weight rises from 0 to 1 over x in [0, 1].
enum class BlendCurveKind : std::uint8_t {
    Linear,        // x
    Smoothstep,    // 3x^2 - 2x^3
    Smootherstep,  // 6x^5 - 15x^4 + 10x^3
    EaseIn,        // x^2
    EaseOut,       // 1 - (1 - x)^2
    Bezier,        // CSS cubic-bezier(x1, y1, x2, y2) through (0,0) and (1,1)
};

// A blend curve: the kind and, for Bezier, the two inner control points
// (x1, x2 in [0, 1]; y free, so a curve may overshoot as CSS allows). The
// value at x is clamped to x in [0, 1] first; Bezier solves x(s) = x to 1e-7.
struct BlendCurve {
    BlendCurveKind kind = BlendCurveKind::Linear;
    float x1 = 0.25f, y1 = 0.1f, x2 = 0.25f, y2 = 1.f;  // CSS "ease" until set

    float operator()(float x) const;
    // False for a Bezier with x1 or x2 outside [0, 1] or a non-finite number.
    bool valid() const;
    bool operator==(const BlendCurve&) const = default;
};

// "linear", "smoothstep", "smootherstep", "ease-in", "ease-out" or
// "bezier:x1,y1,x2,y2"; nullopt for anything else or an invalid Bezier.
std::optional<BlendCurve> parseBlendCurve(std::string_view spec);
// The spec parseBlendCurve reads back ("bezier:0.25,0.1,0.25,1").
std::string blendCurveSpec(const BlendCurve& curve);

} // namespace marrow::anim
