// SPDX-License-Identifier: MIT
#include "core/commands/pose_clean_keeper.h"
#include "core/commands/command_ids.h"
#include "core/commands/edit_animation_command.h"
#include "core/document/document.h"

#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>

namespace marrow::cmd {

namespace {

bool isPoseOnly(const QUndoCommand* command)
{
    if (command->childCount() == 0) {
        // An animation edit without tracks only moves pose overrides (an
        // unkeyed gizmo or inspector edit).
        if (command->id() == kEditAnimationId) {
            const auto* edit = static_cast<const EditAnimationCommand*>(command);
            return edit->before().tracks.empty() && edit->after().tracks.empty();
        }
        return isPoseOnlyCommandId(command->id());
    }
    for (int i = 0; i < command->childCount(); ++i)
        if (!isPoseOnly(command->child(i)))
            return false;
    return true;  // a macro of pose edits (Reset Pose)
}

} // namespace

PoseCleanKeeper::PoseCleanKeeper(doc::Document* document, QObject* parent)
    : QObject(parent)
    , m_document(document)
{
    if (!m_document)
        return;
    m_savedPose = m_document->poseOverrides();
    QUndoStack* stack = m_document->undoStack();
    connect(stack, &QUndoStack::cleanChanged, this, [this](bool clean) {
        if (clean)
            m_savedPose = m_document->poseOverrides();
    });
    connect(m_document, &doc::Document::rigReplaced, this, [this] {
        if (!m_document->restructuring())
            m_savedPose = m_document->poseOverrides();
    });
    connect(stack, &QUndoStack::indexChanged, this, &PoseCleanKeeper::onIndexChanged);
}

bool PoseCleanKeeper::onlyPoseEditsBetween(int a, int b) const
{
    const QUndoStack* stack = m_document->undoStack();
    for (int i = std::min(a, b); i < std::max(a, b); ++i)
        if (!isPoseOnly(stack->command(i)))
            return false;
    return true;
}

void PoseCleanKeeper::onIndexChanged(int index)
{
    QUndoStack* stack = m_document->undoStack();
    const int clean = stack->cleanIndex();
    // -1: the saved state is gone (a recovered document, say): stay modified.
    if (clean < 0 || stack->isClean() || m_document->poseOverrides() != m_savedPose)
        return;
    if (onlyPoseEditsBetween(clean, index))
        stack->setClean();
}

} // namespace marrow::cmd
