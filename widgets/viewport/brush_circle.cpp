// SPDX-License-Identifier: MIT
#include "widgets/viewport/brush_circle.h"

#include "widgets/viewport/orbit_camera.h"

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::ui::brush_circle {

float worldPerPixel(const OrbitCamera& camera, const glm::vec3& point, float viewportHeight)
{
    return camera.worldPerPixel(point, viewportHeight);
}

void appendCircle(std::vector<gl::OverlayVertex>& lines, const glm::vec3& center, const glm::vec3& normal,
                  float radius, const glm::vec4& colour, int segments)
{
    segments = std::max(segments, 8);
    const float len = glm::length(normal);
    const glm::vec3 n = len > 0.f ? normal / len : glm::vec3(0.f, 0.f, 1.f);
    // Any unit vector not parallel to n spans the plane with it.
    const glm::vec3 helper = std::abs(n.y) < .9f ? glm::vec3(0.f, 1.f, 0.f) : glm::vec3(1.f, 0.f, 0.f);
    const glm::vec3 u = glm::normalize(glm::cross(n, helper));
    const glm::vec3 v = glm::cross(n, u);
    const glm::vec3 lifted = center + n * (radius * .02f);
    auto at = [&](int i) {
        const float a = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(segments);
        return lifted + radius * (std::cos(a) * u + std::sin(a) * v);
    };
    for (int i = 0; i < segments; ++i) {
        lines.push_back({at(i), colour});
        lines.push_back({at(i + 1), colour});
    }
}

} // namespace marrow::ui::brush_circle
