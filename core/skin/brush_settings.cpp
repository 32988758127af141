// SPDX-License-Identifier: MIT
#include "core/skin/brush_settings.h"

namespace marrow::skin {

std::optional<std::string> BrushSettings::validate() const
{
    // Written as !(in range) so NaN fails too.
    if (!(weight >= 0.f && weight <= 1.f))
        return "weight must be in [0, 1]";
    if (!(radius > 0.f))
        return "radius must be positive";
    if (!(strength >= 0.f && strength <= 1.f))
        return "strength must be in [0, 1]";
    if (!(spacing > 0.f && spacing <= 1.f))
        return "spacing must be in (0, 1]";
    if (static_cast<unsigned>(mode) > static_cast<unsigned>(BrushMode::Sample))
        return "unknown brush mode";
    if (static_cast<unsigned>(falloff) > static_cast<unsigned>(FalloffPreset::Constant))
        return "unknown falloff preset";
    if (static_cast<unsigned>(falloffShape) > static_cast<unsigned>(FalloffShape::Projected))
        return "unknown falloff shape";
    return std::nullopt;
}

} // namespace marrow::skin
