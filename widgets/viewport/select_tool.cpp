// SPDX-License-Identifier: MIT
#include "widgets/viewport/select_tool.h"

#include "core/workspace/selection.h"
#include "widgets/viewport/bone_layout.h"

#include <QMouseEvent>

namespace marrow::ui {

namespace {

std::optional<anim::JointIndex> pickBone(const ToolContext& ctx, const QPointF& position)
{
    if (!ctx.bones || ctx.viewportSize.isEmpty())
        return std::nullopt;
    return ctx.bones->pick(ctx.viewProjection(), static_cast<float>(ctx.viewportSize.width()),
                           static_cast<float>(ctx.viewportSize.height()), static_cast<float>(position.x()),
                           static_cast<float>(position.y()));
}

} // namespace

SelectTool::SelectTool(QObject* parent)
    : ViewportTool(tr("Select"), QKeySequence(Qt::Key_Q), parent)
{
    setCursor(Qt::ArrowCursor);
    setStatusHint(tr("Click a bone to select it; Ctrl or Shift+click toggles it"));
}

void SelectTool::press(ToolContext&, QMouseEvent& event)
{
    m_pressed = event.button() == Qt::LeftButton;
    m_pressPosition = event.position().toPoint();
}

void SelectTool::release(ToolContext& ctx, QMouseEvent& event)
{
    if (!m_pressed || event.button() != Qt::LeftButton)
        return;
    m_pressed = false;
    if ((event.position().toPoint() - m_pressPosition).manhattanLength() > kClickSlopPx || !ctx.selection)
        return;
    ws::Selection& selection = *ctx.selection;
    const std::optional<anim::JointIndex> hit = pickBone(ctx, event.position());
    const bool toggle = event.modifiers() & (Qt::ControlModifier | Qt::ShiftModifier);
    if (!hit) {
        if (!toggle)
            selection.clearJoints();
        return;
    }
    if (toggle)
        selection.toggleJoint(*hit);
    else
        selection.selectJoint(*hit);
}

QList<KeyBinding> SelectTool::keyHelp() const
{
    return {{tr("Click"), tr("Select the bone under the cursor; on empty space, none")},
            {tr("Ctrl+click, Shift+click"), tr("Add or remove the bone under the cursor")}};
}

void SelectTool::deactivate(ToolContext&)
{
    m_pressed = false;  // a click cut by a tool switch selects nothing later
}

} // namespace marrow::ui
