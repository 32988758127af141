// SPDX-License-Identifier: MIT
#include "widgets/viewport/paint_gradient_drag.h"

#include "core/workspace/brush_state.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_paint_session.h"
#include "widgets/viewport/screen_space.h"

#include <QCoreApplication>

#include <cmath>
#include <numbers>

namespace marrow::ui {

namespace {

const glm::vec4 kLineColour{1.f, 1.f, 1.f, .9f};
const glm::vec4 kEndColour{.45f, .7f, 1.f, .9f};  // where the weight reaches 0

QString trGradient(const char* text)
{
    return QCoreApplication::translate("marrow::ui::PaintGradientDrag", text);
}

bool radial(const ws::BrushState* brush)
{
    return brush && brush->tool() == ws::PaintTool::RadialGradient;
}

} // namespace

PaintGradientDrag::PaintGradientDrag(ws::WeightPaintSession* session, ws::BrushState* brush, Notify notify)
    : m_session(session)
    , m_brush(brush)
    , m_notify(std::move(notify))
{
}

void PaintGradientDrag::press(ToolContext& ctx, const QPointF& position)
{
    const model::MeshId mesh = ctx.selection ? ctx.selection->activeMesh() : -1;
    if (!m_session || !m_brush || !ctx.interaction)
        return;
    if (mesh < 0 || !m_session->beginStroke(mesh)) {
        if (m_notify)
            m_notify(mesh < 0 ? trGradient("Choose a skinned mesh to paint (Ctrl+click it)") : m_session->lastError());
        return;
    }
    // The pose is frozen for the stroke, and the camera does not move
    // during a drag: the vertices' window points are taken once.
    const glm::mat4 viewProjection = ctx.viewProjection();
    const auto positions = m_session->surface(mesh)->positions();
    m_projected.resize(positions.size());
    for (std::size_t v = 0; v < positions.size(); ++v)
        m_projected[v] = screen_space::toWindow(ctx, viewProjection, positions[v]);
    m_dragging = true;
    m_start = m_end = position;
    ctx.update();
}

void PaintGradientDrag::apply(ToolContext& ctx)
{
    if (!m_dragging || !m_session || !m_session->stroking() || !ctx.interaction)
        return;
    skin::GradientLine line;
    line.start = {static_cast<float>(m_start.x()), static_cast<float>(m_start.y())};
    line.end = {static_cast<float>(m_end.x()), static_cast<float>(m_end.y())};
    line.radial = radial(m_brush);
    m_session->gradient(line, m_projected, *ctx.interaction);
}

void PaintGradientDrag::move(ToolContext& ctx, const QPointF& position)
{
    if (!m_dragging)
        return;
    m_end = position;
    apply(ctx);
    ctx.update();
}

void PaintGradientDrag::release(ToolContext& ctx, const QPointF& position)
{
    if (!m_dragging)
        return;
    m_end = position;
    apply(ctx);
    cancel(ctx);
}

void PaintGradientDrag::cancel(ToolContext& ctx)
{
    if (m_session)
        m_session->endStroke();
    m_dragging = false;
    m_projected.clear();
    ctx.update();
}

void PaintGradientDrag::overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const
{
    if (!m_dragging)
        return;
    screen_space::appendLine(ctx, lines, m_start, m_end, kLineColour);
    const QPointF d = m_end - m_start;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1.)
        return;
    if (radial(m_brush)) {
        constexpr int kSegments = 64;
        for (int i = 0; i < kSegments; ++i) {
            const double a0 = 2. * std::numbers::pi * i / kSegments, a1 = 2. * std::numbers::pi * (i + 1) / kSegments;
            screen_space::appendLine(ctx, lines, m_start + length * QPointF(std::cos(a0), std::sin(a0)),
                                     m_start + length * QPointF(std::cos(a1), std::sin(a1)), kEndColour);
        }
        return;
    }
    // Linear: short bars across the line at both ends (full weight, and 0).
    const QPointF across = QPointF(-d.y(), d.x()) * (12. / length);
    screen_space::appendLine(ctx, lines, m_start - across, m_start + across, kLineColour);
    screen_space::appendLine(ctx, lines, m_end - across, m_end + across, kEndColour);
}

QString PaintGradientDrag::hint() const
{
    return radial(m_brush) ? trGradient("Drag out from a centre: the brush weight there, falling to 0 at the drag's length")
                           : trGradient("Drag a line: the brush weight at its start, falling to 0 at its end");
}

} // namespace marrow::ui
