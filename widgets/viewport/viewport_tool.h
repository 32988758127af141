// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/overlay_vertex.h"
#include "widgets/viewport/tool_context.h"
#include "widgets/viewport/viewport_keymap.h"

#include <QCursor>
#include <QKeySequence>
#include <QObject>
#include <QPointF>
#include <QString>

#include <optional>
#include <vector>

class QKeyEvent;
class QMouseEvent;

namespace marrow::ui {

// Text the viewport draws beside the cursor for the active tool (the
// brush's vertex readout): where, in widget pixels, and what.
struct ToolLabel {
    QPointF at;
    QString text;
};

// What the left mouse button and the keys do in the viewport when it is not
// navigating: select bones now; paint weights and pose bones later. The
// lifecycle follows Tiled's AbstractTool, driven by the ToolManager:
//   activate → (enter → hover* → press → move* → release → leave)* → deactivate
// with keyPress/keyRelease while active, modifiersChanged whenever the
// held modifiers differ from the last event's, and viewChanged when the
// camera moves under the cursor. A press always gets its
// release unless the tool is switched mid-drag: then deactivate() comes
// instead, and the ToolManager ends the gesture's InteractionId.
//
// Owns its view state (cursor, status hint, enabled, hover wish); edits go
// through commands on ctx.document, continuous ones carrying
// ctx.interaction->current(). Key handlers leave the event accepted when they
// used it (the default ignores it, so the viewport's own keys still work).
class ViewportTool : public QObject {
    Q_OBJECT
public:
    ViewportTool(const QString& name, const QKeySequence& shortcut = {}, QObject* parent = nullptr);

    QString name() const { return m_name; }
    QKeySequence shortcut() const { return m_shortcut; }
    QCursor cursor() const { return m_cursor; }
    // One line for the status bar: what the mouse does now.
    QString statusHint() const { return m_statusHint; }
    bool isEnabled() const { return m_enabled; }
    // Whether the tool wants moves without a button (the viewport turns mouse tracking on).
    bool wantsHover() const { return m_wantsHover; }
    void setEnabled(bool enabled);

    virtual void activate(ToolContext& ctx);
    virtual void deactivate(ToolContext& ctx);
    virtual void enter(ToolContext& ctx);
    virtual void leave(ToolContext& ctx);
    virtual void hover(ToolContext& ctx, QMouseEvent& event);
    virtual void press(ToolContext& ctx, QMouseEvent& event);
    virtual void move(ToolContext& ctx, QMouseEvent& event);
    virtual void release(ToolContext& ctx, QMouseEvent& event);
    virtual void keyPress(ToolContext& ctx, QKeyEvent& event);
    virtual void keyRelease(ToolContext& ctx, QKeyEvent& event);
    virtual void modifiersChanged(ToolContext& ctx, Qt::KeyboardModifiers modifiers);
    // The camera moved under the cursor (a wheel zoom, a navigation drag,
    // Frame All) and `cursor` is where the mouse now is over the view: what
    // the tool draws under it (a brush circle, a readout) is stale. Comes
    // during a drag of the tool's too. Default: nothing.
    virtual void viewChanged(ToolContext& ctx, const QPointF& cursor);
    // World-space line pairs drawn over everything this frame (a brush
    // circle); appends to `lines`. Call ctx.update() when they change.
    virtual void overlay(const ToolContext& ctx, std::vector<gl::OverlayVertex>& lines) const;
    // World-space dots drawn over the meshes where they are not hidden
    // (Weight Paint's vertices); appends to `points`. Default: none.
    virtual void overlayPoints(const ToolContext& ctx, std::vector<gl::OverlayVertex>& points) const;
    // Whether the tool takes this key before the window's shortcuts do (the
    // brush's F, which is Frame Selected elsewhere). Default: none.
    virtual bool claimsKey(const QKeyEvent& event) const;
    // The keys and mouse gestures the tool handles itself, as it handles them
    // now, for Help › Keyboard Shortcuts. Default: none.
    virtual QList<KeyBinding> keyHelp() const;
    // A label to draw this frame, if any (call ctx.update() when it changes).
    virtual std::optional<ToolLabel> label() const;

signals:
    void cursorChanged(const QCursor& cursor);
    void statusHintChanged(const QString& hint);
    void enabledChanged(bool enabled);
    void hoverWantedChanged(bool wanted);

protected:
    void setCursor(const QCursor& cursor);
    void setStatusHint(const QString& hint);
    void setWantsHover(bool wanted);

private:
    QString m_name;
    QKeySequence m_shortcut;
    QCursor m_cursor;
    QString m_statusHint;
    bool m_enabled = true;
    bool m_wantsHover = false;
};

} // namespace marrow::ui
