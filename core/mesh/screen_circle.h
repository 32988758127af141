// SPDX-License-Identifier: MIT
#pragma once
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include <optional>

namespace marrow::mesh {

// A circle on screen and the camera that projects world points onto it: the
// region of the "projected" brush. Pixels have their origin at the top-left
// of the viewport, x to the right and y down (Qt's widget coordinates).
// A point projects when it lies in front of the camera (clip w > 0); points
// behind it never fall inside. Depth is not clipped: a point past the far
// plane still counts. Plain data; owns nothing.
struct ScreenCircle {
    glm::mat4 viewProjection{1.f};  // world to clip space (OpenGL convention, NDC in [-1, 1])
    glm::vec2 viewport{1.f};        // width and height in pixels, both > 0
    glm::vec2 center{0.f};          // circle centre in pixels
    float radius = 0.f;             // in pixels, >= 0

    // The point's pixel position, or nullopt when it is not in front of the camera.
    std::optional<glm::vec2> project(const glm::vec3& p) const
    {
        const glm::vec4 c = viewProjection * glm::vec4(p, 1.f);
        if (!(c.w > 0.f))
            return std::nullopt;
        const float inv = 1.f / c.w;
        return glm::vec2((c.x * inv * .5f + .5f) * viewport.x, (.5f - c.y * inv * .5f) * viewport.y);
    }
};

} // namespace marrow::mesh
