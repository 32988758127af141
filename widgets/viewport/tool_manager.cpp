// SPDX-License-Identifier: MIT
#include "widgets/viewport/tool_manager.h"

#include "core/commands/interaction_tracker.h"
#include "widgets/viewport/viewport_tool.h"

#include <QAction>
#include <QActionGroup>
#include <QKeyEvent>
#include <QMouseEvent>

namespace marrow::ui {

namespace {

// "Select (Q)": the shortcut in the tooltip, as EditorActions does it.
QString tipFor(const ViewportTool& tool)
{
    const QString keys = tool.shortcut().toString(QKeySequence::NativeText);
    const QString tip = tool.isEnabled() ? tool.name() : QObject::tr("%1 (coming)").arg(tool.name());
    return keys.isEmpty() ? tip : QStringLiteral("%1 (%2)").arg(tip, keys);
}

} // namespace

ToolManager::ToolManager(doc::Document* document, QObject* parent)
    : QObject(parent)
    , m_group(new QActionGroup(this))
    , m_toggleMode(new QAction(tr("Toggle Weight Paint Mode"), this))
    , m_tracker(new cmd::InteractionTracker(document, this))
{
    m_context.document = document;
    m_context.interaction = m_tracker;
    m_group->setExclusive(true);
    m_toggleMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab));
    m_toggleMode->setEnabled(false);  // until there is an enabled mode tool
    connect(m_toggleMode, &QAction::triggered, this, &ToolManager::toggleMode);
}

ToolManager::~ToolManager()
{
    // The tools die before the actions (QObject children): cut them off first.
    for (Entry& e : m_tools)
        disconnect(e.tool.get(), nullptr, this, nullptr);
}

ViewportTool* ToolManager::addTool(std::unique_ptr<ViewportTool> owned)
{
    ViewportTool* tool = owned.get();
    auto* action = new QAction(tool->name(), m_group);
    action->setCheckable(true);
    action->setShortcut(tool->shortcut());
    action->setEnabled(tool->isEnabled());
    action->setToolTip(tipFor(*tool));
    connect(action, &QAction::triggered, this, [this, tool] { setActiveTool(tool); });
    connect(tool, &ViewportTool::enabledChanged, this, [this, tool](bool on) { onEnabledChanged(tool, on); });
    connect(tool, &ViewportTool::cursorChanged, this, [this, tool](const QCursor& c) {
        if (tool == m_active)
            emit cursorChanged(c);
    });
    connect(tool, &ViewportTool::statusHintChanged, this, [this, tool](const QString& hint) {
        if (tool == m_active)
            emit statusHintChanged(hint);
    });
    connect(tool, &ViewportTool::hoverWantedChanged, this, [this, tool](bool wanted) {
        if (tool == m_active)
            emit hoverWantedChanged(wanted);
    });
    m_tools.push_back({std::move(owned), action});
    if (!m_active && tool->isEnabled())
        setActiveTool(tool);
    return tool;
}

std::vector<ViewportTool*> ToolManager::tools() const
{
    std::vector<ViewportTool*> out;
    for (const Entry& e : m_tools)
        out.push_back(e.tool.get());
    return out;
}

QAction* ToolManager::actionFor(const ViewportTool* tool) const
{
    for (const Entry& e : m_tools)
        if (e.tool.get() == tool)
            return e.action;
    return nullptr;
}

bool ToolManager::setActiveTool(ViewportTool* tool)
{
    QAction* action = actionFor(tool);
    if (!action || !tool->isEnabled())
        return false;
    if (tool == m_active)
        return true;
    if (m_active) {
        // The drag in flight (if any) belongs to the old tool: it gets
        // deactivate() instead of a release, the gesture ends, and the rest
        // of the drag reaches nobody.
        if (m_inside)
            m_active->leave(m_context);
        m_active->deactivate(m_context);
    }
    m_dragging = false;
    m_tracker->end();
    if (tool != m_modeTool)
        m_beforeMode = tool;
    m_active = tool;
    action->setChecked(true);
    m_active->activate(m_context);
    if (m_inside)
        m_active->enter(m_context);
    if (m_modifiers != Qt::NoModifier)
        m_active->modifiersChanged(m_context, m_modifiers);
    announce();
    m_context.update();
    return true;
}

void ToolManager::announce()
{
    emit activeToolChanged(m_active);
    emit cursorChanged(m_active ? m_active->cursor() : QCursor());
    emit statusHintChanged(m_active ? m_active->statusHint() : QString());
    emit hoverWantedChanged(m_active && m_active->wantsHover());
}

void ToolManager::setModeTool(ViewportTool* tool)
{
    m_modeTool = actionFor(tool) ? tool : nullptr;
    m_toggleMode->setEnabled(m_modeTool && m_modeTool->isEnabled());
}

void ToolManager::toggleMode()
{
    if (!m_modeTool)
        return;
    if (m_active != m_modeTool) {
        setActiveTool(m_modeTool);
        return;
    }
    // Back to the tool used before the mode; the first enabled one if it is gone.
    if (m_beforeMode && setActiveTool(m_beforeMode))
        return;
    for (const Entry& e : m_tools)
        if (e.tool.get() != m_modeTool && setActiveTool(e.tool.get()))
            return;
}

void ToolManager::onEnabledChanged(ViewportTool* tool, bool enabled)
{
    if (QAction* action = actionFor(tool)) {
        action->setEnabled(enabled);
        action->setToolTip(tipFor(*tool));
    }
    if (tool == m_modeTool)
        m_toggleMode->setEnabled(enabled);
    if (enabled || tool != m_active)
        return;
    // The active tool may not stay active while disabled: fall back to another.
    for (const Entry& e : m_tools)
        if (e.tool.get() != tool && setActiveTool(e.tool.get()))
            return;
}

void ToolManager::syncModifiers(Qt::KeyboardModifiers modifiers)
{
    if (modifiers == m_modifiers)
        return;
    m_modifiers = modifiers;
    if (m_active)
        m_active->modifiersChanged(m_context, modifiers);
}

// Enter and leave alternate for the tool even when the window system
// repeats one (an enter for a pointer already inside).
void ToolManager::enter()
{
    if (m_inside)
        return;
    m_inside = true;
    if (m_active)
        m_active->enter(m_context);
}

void ToolManager::leave()
{
    if (!m_inside)
        return;
    m_inside = false;
    if (m_active)
        m_active->leave(m_context);
}

void ToolManager::mousePress(QMouseEvent& event)
{
    syncModifiers(event.modifiers());
    if (!m_active || m_dragging)
        return;  // a second button during a drag belongs to that drag
    m_dragging = true;
    m_active->press(m_context, event);
}

void ToolManager::mouseMove(QMouseEvent& event)
{
    syncModifiers(event.modifiers());
    if (!m_active)
        return;
    if (m_dragging)
        m_active->move(m_context, event);
    else if (event.buttons() == Qt::NoButton)
        m_active->hover(m_context, event);
    // A move with buttons but no drag: the rest of a drag cut by a tool switch.
}

void ToolManager::mouseRelease(QMouseEvent& event)
{
    syncModifiers(event.modifiers());
    // The drag ends when its last button goes up (another button's press went nowhere).
    if (!m_active || !m_dragging || event.buttons() != Qt::NoButton)
        return;
    m_dragging = false;
    m_active->release(m_context, event);
    // Press to release is one gesture: the next drag is a new undo entry.
    m_tracker->end();
}

void ToolManager::viewChanged(const QPointF& cursor)
{
    if (m_active)
        m_active->viewChanged(m_context, cursor);
}

bool ToolManager::keyPress(QKeyEvent& event)
{
    syncModifiers(event.modifiers());
    if (!m_active)
        return false;
    event.accept();
    m_active->keyPress(m_context, event);
    return event.isAccepted();
}

bool ToolManager::keyRelease(QKeyEvent& event)
{
    syncModifiers(event.modifiers());
    if (!m_active)
        return false;
    event.accept();
    m_active->keyRelease(m_context, event);
    return event.isAccepted();
}

} // namespace marrow::ui
