// SPDX-License-Identifier: MIT
// WeightBrushTool's F and Shift+F: dragging the brush radius or strength.
#include "core/workspace/brush_state.h"
#include "widgets/viewport/screen_space.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace marrow::ui {

namespace {

constexpr float kStrengthSpanPx = 200.f;  // Shift+F: this many pixels from the centre is strength 1

} // namespace

void WeightBrushTool::startAdjust(ToolContext& ctx, Adjust what)
{
    m_adjust = what;
    const skin::BrushSettings& s = m_brush->settings();
    m_adjustBefore = what == Adjust::Radius ? s.radius : s.strength;
    // Place the centre so the cursor sits on the current value's rim, and
    // draw the circle there, facing the camera at the surface's depth.
    const qreal span = what == Adjust::Radius ? s.radius : s.strength * kStrengthSpanPx;
    m_adjustAnchor = m_cursor - QPointF(span, 0.);
    m_adjustHit.reset();
    if (ctx.camera) {
        const glm::vec3 forward = ctx.camera->forward();
        const glm::vec3 depthPoint = m_hover ? m_hover->point : ctx.camera->target();
        const mesh::Ray ray = screen_space::rayAt(ctx, m_adjustAnchor);
        const float along = glm::dot(ray.direction, forward);
        if (along > 0.f) {
            ws::WeightPaintSession::Hit centre;
            // From the ray's own origin: an orthographic ray starts on the near plane, not at the eye.
            centre.point = ray.origin + ray.direction * (glm::dot(depthPoint - ray.origin, forward) / along);
            centre.normal = -forward;
            m_adjustHit = centre;
        }
    }
    setStatusHint(what == Adjust::Radius ? tr("Move to size the brush · click or Enter keeps · Esc or right-click restores")
                                         : tr("Move to set the strength · click or Enter keeps · Esc or right-click restores"));
    ctx.update();
}

void WeightBrushTool::updateAdjust(const QPointF& position)
{
    m_cursor = position;
    const QPointF d = position - m_adjustAnchor;
    const float distance = static_cast<float>(std::hypot(d.x(), d.y()));
    if (m_adjust == Adjust::Radius)
        m_brush->setRadius(distance);
    else
        m_brush->setStrength(distance / kStrengthSpanPx);
}

void WeightBrushTool::finishAdjust(ToolContext& ctx, bool keep)
{
    if (!keep && m_brush) {
        if (m_adjust == Adjust::Radius)
            m_brush->setRadius(m_adjustBefore);
        else
            m_brush->setStrength(m_adjustBefore);
    }
    m_adjust = Adjust::None;
    m_adjustHit.reset();
    refreshHint();
    ctx.update();
}

} // namespace marrow::ui
