// SPDX-License-Identifier: MIT
#include "widgets/viewport/screen_space.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <limits>

namespace marrow::ui::screen_space {

mesh::Ray rayAt(const ToolContext& ctx, const QPointF& p)
{
    if (!ctx.camera)
        return {};
    const Ray r = ctx.camera->rayThrough(static_cast<float>(p.x()), static_cast<float>(p.y()),
                                         static_cast<float>(ctx.viewportSize.width()),
                                         static_cast<float>(ctx.viewportSize.height()));
    return {r.origin, r.direction};
}

glm::vec2 toWindow(const ToolContext& ctx, const glm::mat4& viewProjection, const glm::vec3& point)
{
    const glm::vec4 clip = viewProjection * glm::vec4(point, 1.f);
    if (!(clip.w > 0.f))
        return glm::vec2(std::numeric_limits<float>::quiet_NaN());
    const glm::vec2 ndc(clip.x / clip.w, clip.y / clip.w);
    return {(ndc.x * .5f + .5f) * static_cast<float>(ctx.viewportSize.width()),
            (.5f - ndc.y * .5f) * static_cast<float>(ctx.viewportSize.height())};
}

glm::vec3 onTargetPlane(const ToolContext& ctx, const QPointF& point)
{
    const mesh::Ray ray = rayAt(ctx, point);
    if (!ctx.camera)
        return ray.origin;
    const glm::vec3 forward = ctx.camera->forward();
    const float along = glm::dot(ray.direction, forward);
    if (!(std::abs(along) > 1e-6f))
        return ray.origin;
    return ray.origin + ray.direction * (glm::dot(ctx.camera->target() - ray.origin, forward) / along);
}

void appendLine(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines, const QPointF& a, const QPointF& b,
                const glm::vec4& colour)
{
    lines.push_back({onTargetPlane(ctx, a), colour});
    lines.push_back({onTargetPlane(ctx, b), colour});
}

glm::vec3 liftedTowardsCamera(const ToolContext& ctx, const glm::vec3& point)
{
    if (!ctx.camera)
        return point;
    const float distance = glm::length(ctx.camera->eye() - ctx.camera->target());
    const glm::vec3 towards = ctx.camera->orthographic() ? -ctx.camera->forward()
                                                         : glm::normalize(ctx.camera->eye() - point);
    return point + towards * (4e-3f * distance);
}

} // namespace marrow::ui::screen_space
