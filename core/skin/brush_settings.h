// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/falloff.h"

#include <cstdint>
#include <optional>
#include <string>

namespace marrow::skin {

// What a dab does to the painted bone's weight w, with brush weight b and
// factor f = strength x falloff (see weight_ops.h for the exact formulas).
enum class BrushMode : std::uint8_t {
    Mix,       // w moves towards b by f (Ctrl: towards 0)
    Add,       // w + b f (Ctrl: Subtract)
    Subtract,  // w - b f (Ctrl: Add)
    Multiply,  // w moves towards w b by f
    Smooth,    // w moves towards the edge neighbours' average by f (Shift, held, in any mode)
    Sample,    // eyedropper: the click reads the weight under the cursor into `weight`; changes nothing
};

// Where the falloff distance is measured.
enum class FalloffShape : std::uint8_t {
    Sphere,     // 3D distance from the picked surface point, over the radius unprojected there
    Projected,  // screen distance from the cursor, over the radius in pixels (paints through thin parts)
};

// The weight brush's settings (the influence limit is the painted mesh's
// row stride, 4 or 8: a document setting, see SetMaxInfluencesCommand): plain values the panel edits and the tool
// reads per dab. Owns nothing. Out-of-range values are reported by
// validate(); the weight ops clamp weight and strength themselves.
struct BrushSettings {
    BrushMode mode = BrushMode::Mix;
    float weight = 1.f;                          // [0, 1]; Mix target, Add/Subtract amount, Multiply factor
    float radius = 50.f;                         // screen pixels, > 0
    float strength = 1.f;                        // [0, 1]; scales the falloff; 0 paints nothing
    FalloffPreset falloff = FalloffPreset::Smooth;
    FalloffShape falloffShape = FalloffShape::Sphere;
    bool frontFacesOnly = true;                  // skip vertices facing away from the camera
    float spacing = 0.1f;                        // (0, 1]; dab distance along the stroke as a fraction of radius
    bool accumulate = false;                     // off: a stroke never passes one full-strength pass (weight_ops.h)
    bool autoNormalize = true;                   // after each dab every touched row sums to 1 around locked bones
    bool xMirror = false;                        // also paint the X-mirrored vertex with the L/R-swapped bone

    // nullopt when every field is in range, otherwise the first one that is not.
    std::optional<std::string> validate() const;
    bool operator==(const BrushSettings&) const = default;
};

} // namespace marrow::skin
