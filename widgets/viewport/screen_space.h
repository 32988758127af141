// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/triangle_bvh.h"
#include "widgets/viewport/renderer/overlay_vertex.h"
#include "widgets/viewport/tool_context.h"

#include <QPointF>

#include <glm/vec2.hpp>

#include <vector>

namespace marrow::ui::screen_space {

// Between window pixels (y down, as Qt) and the world, for the tools. Plain
// functions of the ToolContext's camera and view size.

// The ray through a window point (a default ray without a camera).
mesh::Ray rayAt(const ToolContext& ctx, const QPointF& point);
// A world point's window pixel; NaN when it is behind a perspective eye.
glm::vec2 toWindow(const ToolContext& ctx, const glm::mat4& viewProjection, const glm::vec3& point);
// The world point under a window point on the plane through the camera's
// target facing the view: lines drawn there (without depth test) land on
// screen exactly where the pixels are.
glm::vec3 onTargetPlane(const ToolContext& ctx, const QPointF& point);
// Appends the line pair a -> b, window pixels, at the target plane.
void appendLine(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines, const QPointF& a, const QPointF& b,
                const glm::vec4& colour);
// A world point moved a hair towards the camera, so a dot drawn there is not
// lost in the surface it sits on.
glm::vec3 liftedTowardsCamera(const ToolContext& ctx, const glm::vec3& point);

} // namespace marrow::ui::screen_space
