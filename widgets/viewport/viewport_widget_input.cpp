// SPDX-License-Identifier: MIT
// ViewportWidget's input: navigation drags and the wheel move the camera;
// every other press, move, key and enter/leave goes to the ToolManager.
#include "widgets/viewport/viewport_widget.h"

#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_tool.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>

namespace marrow::ui {

bool ViewportWidget::event(QEvent* event)
{
    // A key the active tool claims reaches keyPressEvent instead of a shortcut.
    if (event->type() == QEvent::ShortcutOverride)
        if (ViewportTool* tool = m_tools->activeTool(); tool && tool->claimsKey(*static_cast<QKeyEvent*>(event))) {
            event->accept();
            return true;
        }
    return QOpenGLWidget::event(event);
}

void ViewportWidget::mousePressEvent(QMouseEvent* event)
{
    m_lastMouse = event->position().toPoint();
    m_cursor = event->position();
    m_drag = navigationActionFor(m_scheme, event->button(), event->modifiers());
    if (m_drag == NavigationAction::None) {
        syncToolContext();
        m_tools->mousePress(*event);
    }
    event->accept();
}

void ViewportWidget::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint p = event->position().toPoint();
    const QPoint d = p - m_lastMouse;
    m_lastMouse = p;
    m_cursor = event->position();
    switch (m_drag) {
    case NavigationAction::Orbit:
        m_camera.orbit(static_cast<float>(d.x()), static_cast<float>(d.y()));
        break;
    case NavigationAction::Pan:
        m_camera.pan(static_cast<float>(d.x()), static_cast<float>(d.y()), static_cast<float>(height()));
        break;
    case NavigationAction::Zoom:
        m_camera.zoomDrag(static_cast<float>(d.x()), static_cast<float>(d.y()));
        break;
    case NavigationAction::None:
        syncToolContext();
        m_tools->mouseMove(*event);
        return;
    }
    cameraMoved();
    emit viewMoved();
}

void ViewportWidget::mouseReleaseEvent(QMouseEvent* event)
{
    const bool wasNavigating = m_drag != NavigationAction::None;
    m_drag = NavigationAction::None;
    if (!wasNavigating) {
        syncToolContext();
        m_tools->mouseRelease(*event);
    }
}

void ViewportWidget::wheelEvent(QWheelEvent* event)
{
    // 120 units per notch; touchpads send smaller steps.
    m_camera.zoomSteps(static_cast<float>(event->angleDelta().y()) / 120.f);
    event->accept();
    m_cursor = event->position();
    cameraMoved();
    emit viewMoved();
}

void ViewportWidget::enterEvent(QEnterEvent* event)
{
    QOpenGLWidget::enterEvent(event);
    // Keys reach the view under the mouse when they are pressed (the
    // editor's AreaKeyRouter), not on entering, so a gesture elsewhere keeps
    // its keys while the pointer passes over.
    m_tools->enter();
}

void ViewportWidget::leaveEvent(QEvent* event)
{
    QOpenGLWidget::leaveEvent(event);
    m_cursor.reset();
    m_tools->leave();
}

void ViewportWidget::keyPressEvent(QKeyEvent* event)
{
    // Keys the tool claims come before the view's own (the brush's F over Frame Selected).
    if (ViewportTool* tool = m_tools->activeTool(); tool && tool->claimsKey(*event) && m_tools->keyPress(*event))
        return;
    if (isFrameAllKey(m_scheme, event->key(), event->modifiers())) {
        frameAll();
        return;
    }
    if (isFrameSelectedKey(m_scheme, event->key(), event->modifiers())) {
        frameSelected();
        return;
    }
    // The View menu's Viewpoint actions usually take these first, as shortcuts.
    if (const auto view = viewCommandFor(event->key(), event->modifiers())) {
        runViewCommand(*view);
        return;
    }
    if (m_tools->keyPress(*event))
        return;
    QOpenGLWidget::keyPressEvent(event);
}

void ViewportWidget::keyReleaseEvent(QKeyEvent* event)
{
    if (m_tools->keyRelease(*event))
        return;
    QOpenGLWidget::keyReleaseEvent(event);
}

} // namespace marrow::ui
