// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/overlay_vertex.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include <vector>

namespace marrow::ui {

class OrbitCamera;

// The weight brush's circle and the screen/world scale it needs. Plain
// functions of the camera; no state.
namespace brush_circle {

// World units per screen pixel at a point, for the camera's perspective
// (a pixel-sized brush covers more world far away; orthographic: the same
// everywhere). 0 when the point is behind a perspective camera or the
// height is not positive.
float worldPerPixel(const OrbitCamera& camera, const glm::vec3& point, float viewportHeight);

// Appends line pairs for a circle of `radius` around `center`, lying in the
// plane with unit normal `normal` (so it hugs the surface), lifted a hair
// towards the camera so the mesh does not hide it. `segments` >= 8.
void appendCircle(std::vector<gl::OverlayVertex>& lines, const glm::vec3& center, const glm::vec3& normal,
                  float radius, const glm::vec4& colour, int segments = 48);

} // namespace brush_circle
} // namespace marrow::ui
