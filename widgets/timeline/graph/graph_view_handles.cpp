// SPDX-License-Identifier: MIT
// GraphView's tangent handles: a handle drag (as the key's handle type
// says, cmd::setKeyHandleSlope) and V's Handle Type menu for the selected
// keys, through cmd::setKeysTangentMode as the dope sheet's menu.
#include "widgets/timeline/graph/graph_view.h"

#include "core/commands/animation_edit.h"
#include "core/commands/key_edit.h"
#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/graph/channel_curve.h"

#include <QMenu>
#include <QUndoCommand>

#include <utility>

namespace marrow::ui {

void GraphView::dragHandle(QPointF pos)
{
    if (!m_document || !m_selection || m_handle.curve >= curves().size())
        return;
    const graph::GraphCurve& c = curves()[m_handle.curve];
    const QPointF key = keyPosition(m_handle.curve, m_handle.key);
    const double slope = graph::slopeFromHandle({pos.x() - key.x(), pos.y() - key.y()}, m_handle.side, handleScales());
    const anim::JointTrack* track = documentTrack(c.joint);
    if (!track)
        return;
    // Each move sets the slope from the document's key, so the drag is one
    // merged entry whatever path the mouse took.
    const float stored = static_cast<float>(slope / graph::displayScale(*track, c.kind));
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    cmd::setKeyHandleSlope(edit, c.keyId(c.keys[m_handle.key]), c.component, m_handle.side, stored);
    if (auto command = edit.command(m_document, tr("Edit Tangent"), m_interaction))
        m_document->undoStack()->push(command.release());
}

bool GraphView::setHandleType(anim::TangentMode mode)
{
    if (!m_document || !m_selection || !m_keys || m_keys->isEmpty())
        return false;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    cmd::setKeysTangentMode(edit, m_keys->keys(), mode);
    auto command = edit.command(m_document, tr("Set Handle Type"));
    if (!command)
        return false;
    m_document->undoStack()->push(command.release());
    return true;
}

QMenu* GraphView::popupHandleTypeMenu(QPoint globalPos)
{
    auto* menu = new QMenu(tr("Handle Type"), this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addSection(tr("Handle Type"));
    // Blender's list; its Automatic is our auto-clamped.
    const std::pair<QString, anim::TangentMode> types[] = {{tr("Free"), anim::TangentMode::Free},
                                                           {tr("Aligned"), anim::TangentMode::Aligned},
                                                           {tr("Vector"), anim::TangentMode::Vector},
                                                           {tr("Automatic"), anim::TangentMode::AutoClamped}};
    for (const auto& [name, mode] : types)
        connect(menu->addAction(name), &QAction::triggered, this, [this, m = mode] { setHandleType(m); });
    menu->popup(globalPos);
    return menu;
}

} // namespace marrow::ui
