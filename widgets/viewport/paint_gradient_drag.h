// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/overlay_vertex.h"
#include "widgets/viewport/tool_context.h"

#include <QPointF>
#include <QPointer>
#include <QString>

#include <functional>
#include <vector>

namespace marrow::ws {
class BrushState;
class WeightPaintSession;
}

namespace marrow::ui {

// Blender's weight gradient in Weight Paint mode (the Linear and Radial
// Gradient tools): a left drag from a start to an end point, anywhere over
// the view, sets the selected bone's weight on the active mesh from the
// brush weight at the start to 0 at the end with the brush's falloff and
// strength (radial: by distance from the start), live while dragging, the
// masked vertices only and mirrored with X-mirror; one undo entry per drag.
// The work is WeightPaintSession::gradient's. Part of WeightBrushTool.
class PaintGradientDrag {
public:
    using Notify = std::function<void(const QString&)>;
    PaintGradientDrag(ws::WeightPaintSession* session, ws::BrushState* brush, Notify notify);

    bool dragging() const { return m_dragging; }
    void press(ToolContext& ctx, const QPointF& position);
    void move(ToolContext& ctx, const QPointF& position);
    void release(ToolContext& ctx, const QPointF& position);
    // Ends the drag where it is (a tool switch, or Ctrl+Z under it).
    void cancel(ToolContext& ctx);

    void overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const;
    QString hint() const;

private:
    void apply(ToolContext& ctx);

    QPointer<ws::WeightPaintSession> m_session;
    QPointer<ws::BrushState> m_brush;
    Notify m_notify;
    bool m_dragging = false;
    QPointF m_start, m_end;
    std::vector<glm::vec2> m_projected;  // the stroke mesh's vertices in window pixels, at the press
};

} // namespace marrow::ui
