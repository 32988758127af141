// SPDX-License-Identifier: MIT
#include "widgets/viewport/grid_geometry.h"

#include <cmath>

namespace marrow::ui {

float buildGrid(float modelSize, std::vector<gl::OverlayVertex>& lines)
{
    lines.clear();
    if (!(modelSize > 0.f) || !std::isfinite(modelSize))
        modelSize = 1.f;
    const float spacing = std::pow(10.f, std::round(std::log10(modelSize / 10.f)));
    // Enough lines to reach well past the model in every direction.
    const int half = static_cast<int>(std::ceil(1.5f * modelSize / spacing));
    const float extent = static_cast<float>(half) * spacing;
    const glm::vec4 minor(0.42f, 0.44f, 0.48f, 0.35f);
    const glm::vec4 major(0.52f, 0.54f, 0.58f, 0.6f);
    const glm::vec4 xAxis(0.86f, 0.32f, 0.32f, 0.85f);
    const glm::vec4 zAxis(0.32f, 0.5f, 0.9f, 0.85f);
    for (int i = -half; i <= half; ++i) {
        const float c = static_cast<float>(i) * spacing;
        const glm::vec4 line = (i % 10 == 0) ? major : minor;
        // Lines along X (constant z) and along Z (constant x).
        lines.push_back({{-extent, 0.f, c}, i == 0 ? xAxis : line});
        lines.push_back({{extent, 0.f, c}, i == 0 ? xAxis : line});
        lines.push_back({{c, 0.f, -extent}, i == 0 ? zAxis : line});
        lines.push_back({{c, 0.f, extent}, i == 0 ? zAxis : line});
    }
    return spacing;
}

} // namespace marrow::ui
