// SPDX-License-Identifier: MIT
#include "widgets/viewport/viewport_tool.h"

#include <QKeyEvent>

namespace marrow::ui {

ViewportTool::ViewportTool(const QString& name, const QKeySequence& shortcut, QObject* parent)
    : QObject(parent)
    , m_name(name)
    , m_shortcut(shortcut)
{
}

void ViewportTool::setEnabled(bool enabled)
{
    if (enabled == m_enabled)
        return;
    m_enabled = enabled;
    emit enabledChanged(enabled);
}

void ViewportTool::setCursor(const QCursor& cursor)
{
    m_cursor = cursor;
    emit cursorChanged(cursor);
}

void ViewportTool::setStatusHint(const QString& hint)
{
    if (hint == m_statusHint)
        return;
    m_statusHint = hint;
    emit statusHintChanged(hint);
}

void ViewportTool::setWantsHover(bool wanted)
{
    if (wanted == m_wantsHover)
        return;
    m_wantsHover = wanted;
    emit hoverWantedChanged(wanted);
}

// Every hook does nothing by default: a tool overrides only what it uses.
void ViewportTool::activate(ToolContext&) {}
void ViewportTool::deactivate(ToolContext&) {}
void ViewportTool::enter(ToolContext&) {}
void ViewportTool::leave(ToolContext&) {}
void ViewportTool::hover(ToolContext&, QMouseEvent&) {}
void ViewportTool::press(ToolContext&, QMouseEvent&) {}
void ViewportTool::move(ToolContext&, QMouseEvent&) {}
void ViewportTool::release(ToolContext&, QMouseEvent&) {}
void ViewportTool::modifiersChanged(ToolContext&, Qt::KeyboardModifiers) {}
void ViewportTool::viewChanged(ToolContext&, const QPointF&) {}
void ViewportTool::overlay(const ToolContext&, std::vector<gl::OverlayVertex>&) const {}

void ViewportTool::overlayPoints(const ToolContext&, std::vector<gl::OverlayVertex>&) const {}

// Unused keys go back to the viewport (frame keys, shortcuts).
void ViewportTool::keyPress(ToolContext&, QKeyEvent& event)
{
    event.ignore();
}

void ViewportTool::keyRelease(ToolContext&, QKeyEvent& event)
{
    event.ignore();
}

bool ViewportTool::claimsKey(const QKeyEvent&) const
{
    return false;
}

QList<KeyBinding> ViewportTool::keyHelp() const
{
    return {};
}

std::optional<ToolLabel> ViewportTool::label() const
{
    return std::nullopt;
}

} // namespace marrow::ui
