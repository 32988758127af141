// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "widgets/viewport/renderer/overlay_vertex.h"
#include "widgets/viewport/tool_context.h"
#include "widgets/viewport/viewport_keymap.h"

#include <QList>
#include <QPointF>
#include <QPointer>
#include <QString>

#include <functional>
#include <vector>

class QKeyEvent;

namespace marrow::ws {
class BrushState;
class PaintSelection;
class WeightPaintSession;
}

namespace marrow::ui {

// Weight Paint's vertex selection gestures, as Blender's weight-paint
// vertex selection: with the Select tool a click selects the vertex under
// the cursor (Shift+click toggles it) and a drag draws a box (Shift adds,
// Ctrl removes, else it replaces); B arms one box drag in any Weight Paint
// tool (adding; Ctrl removes). L selects the shell under the cursor, Shift+L
// deselects it; A selects all, Alt+A none, Ctrl+I inverts (Weight Paint's
// own, as in Blender: bones are picked with Ctrl+click there); V toggles
// masking. Only the active mesh's vertices are selected, the ones
// nothing hides; a vertex is selected with all its copies at one position.
// The vertices are drawn as dots while masking is on or the tool is Select,
// and the selected ones whenever there are any.
// Part of WeightBrushTool, which forwards the events.
class PaintVertexSelect {
public:
    using Notify = std::function<void(const QString&)>;
    PaintVertexSelect(ws::WeightPaintSession* session, ws::BrushState* brush, Notify notify);

    // Whether a left press starts a selection gesture (B armed, or the Select tool).
    bool wantsPress() const;
    bool dragging() const { return m_pressed; }
    void press(ToolContext& ctx, const QPointF& position, Qt::KeyboardModifiers modifiers);
    void move(ToolContext& ctx, const QPointF& position);
    void release(ToolContext& ctx, const QPointF& position, Qt::KeyboardModifiers modifiers);
    // Ends a gesture without selecting (a tool switch, Esc); disarms B.
    void cancel(ToolContext& ctx);

    bool claimsKey(const QKeyEvent& event) const;
    // Returns whether it used the key; `cursor` is where the mouse is.
    bool keyPress(ToolContext& ctx, const QKeyEvent& event, const QPointF& cursor);

    void overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const;
    void overlayPoints(const ToolContext& ctx, std::vector<gl::OverlayVertex>& points) const;
    // The status hint while the Select tool is chosen or B is armed, else empty.
    QString hint() const;
    QList<KeyBinding> keyHelp() const;

private:
    bool showsDots() const;
    ws::PaintSelection* paintSelection() const;
    void boxSelect(ToolContext& ctx, const QPointF& a, const QPointF& b, bool add, bool remove);
    void clickSelect(ToolContext& ctx, const QPointF& position, bool toggle);
    void selectLinked(ToolContext& ctx, const QPointF& cursor, bool deselect);
    void store(model::MeshId mesh, std::vector<std::uint8_t> selection, const QString& what);

    QPointer<ws::WeightPaintSession> m_session;
    QPointer<ws::BrushState> m_brush;
    Notify m_notify;
    bool m_boxArmed = false;  // B: the next left drag boxes
    bool m_pressed = false;
    bool m_fromB = false;     // the gesture in flight began with B
    QPointF m_pressPosition, m_cursor;
};

} // namespace marrow::ui
