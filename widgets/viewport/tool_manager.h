// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/tool_context.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <vector>

class QAction;
class QActionGroup;
class QCursor;
class QKeyEvent;
class QMouseEvent;
class QPointF;

namespace marrow::ui {

class ViewportTool;

// Owns the viewport's tools, one checkable QAction per tool in an exclusive
// QActionGroup (for the Tools menu and the toolbar; the shortcut shows in
// the tooltip), the gesture tracker and the ToolContext they all get. It
// routes the viewport's input to the active tool in lifecycle order (see
// ViewportTool) and reports modifier changes.
//
// Switching tools (an action, setActiveTool or Ctrl+Tab) ends any interaction
// in flight: the old tool gets deactivate() instead of its release, the
// gesture's InteractionId ends (so the next drag is a new undo entry) and the
// rest of that drag reaches no tool. Ctrl+Tab toggles between the mode tool
// (Weight Paint, Blender's mode switch) and the tool active before it.
//
// Invariants: the active tool is one of ours and enabled whenever any tool
// is; a disabled tool's action is disabled; a release ends the gesture.
class ToolManager : public QObject {
    Q_OBJECT
public:
    explicit ToolManager(doc::Document* document, QObject* parent = nullptr);
    ~ToolManager() override;

    // Takes the tool; the first enabled tool added becomes active.
    ViewportTool* addTool(std::unique_ptr<ViewportTool> tool);
    ViewportTool* activeTool() const { return m_active; }
    // False (and nothing changes) for a disabled tool or one that is not ours.
    bool setActiveTool(ViewportTool* tool);
    std::vector<ViewportTool*> tools() const;

    QActionGroup* actionGroup() const { return m_group; }
    QAction* actionFor(const ViewportTool* tool) const;
    // Ctrl+Tab: toggles the mode tool; add it to the window that should own the shortcut.
    QAction* toggleModeAction() const { return m_toggleMode; }
    void setModeTool(ViewportTool* tool);
    ViewportTool* modeTool() const { return m_modeTool; }
    void toggleMode();

    ToolContext& context() { return m_context; }
    cmd::InteractionTracker& interaction() { return *m_tracker; }
    // Whether a press has gone to the active tool and its release has not.
    bool isDragging() const { return m_dragging; }

    // Input from the viewport (presses navigation did not claim).
    void enter();
    void leave();
    void mousePress(QMouseEvent& event);
    void mouseMove(QMouseEvent& event);
    void mouseRelease(QMouseEvent& event);
    // The camera moved (a zoom, a pan, a frame) with the cursor at `cursor`.
    void viewChanged(const QPointF& cursor);
    // Return whether the tool used the key.
    bool keyPress(QKeyEvent& event);
    bool keyRelease(QKeyEvent& event);

signals:
    void activeToolChanged(marrow::ui::ViewportTool* tool);
    // The active tool's cursor, status hint or hover wish (also on a switch).
    void cursorChanged(const QCursor& cursor);
    void statusHintChanged(const QString& hint);
    void hoverWantedChanged(bool wanted);

private:
    void syncModifiers(Qt::KeyboardModifiers modifiers);
    void onEnabledChanged(ViewportTool* tool, bool enabled);
    void announce();

    struct Entry {
        std::unique_ptr<ViewportTool> tool;
        QAction* action = nullptr;
    };
    std::vector<Entry> m_tools;
    QActionGroup* m_group;
    QAction* m_toggleMode;
    cmd::InteractionTracker* m_tracker;  // child
    ToolContext m_context;
    ViewportTool* m_active = nullptr;
    QPointer<ViewportTool> m_modeTool;
    QPointer<ViewportTool> m_beforeMode;  // where Ctrl+Tab goes back to
    Qt::KeyboardModifiers m_modifiers = Qt::NoModifier;
    bool m_dragging = false, m_inside = false;
};

} // namespace marrow::ui
