// SPDX-License-Identifier: MIT
#include "widgets/viewport/select_tool.h"

#include "core/workspace/selection.h"
#include "widgets/viewport/viewport_widget.h"

#include <QMouseEvent>

namespace marrow::ui {

namespace {

// A press that moves less than this is a click, not a drag.
constexpr int kClickSlopPx = 4;

} // namespace

QString SelectTool::name() const
{
    return QObject::tr("Select");
}

void SelectTool::press(ViewportWidget&, QMouseEvent& event)
{
    m_pressed = event.button() == Qt::LeftButton;
    m_pressPosition = event.position().toPoint();
}

void SelectTool::move(ViewportWidget&, QMouseEvent&) {}

void SelectTool::release(ViewportWidget& viewport, QMouseEvent& event)
{
    if (!m_pressed || event.button() != Qt::LeftButton)
        return;
    m_pressed = false;
    if ((event.position().toPoint() - m_pressPosition).manhattanLength() > kClickSlopPx)
        return;
    ws::Selection& selection = viewport.jointSelection();
    const std::optional<anim::JointIndex> hit = viewport.pickBone(event.position());
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

} // namespace marrow::ui
