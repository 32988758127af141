// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

#include <optional>
#include <vector>

namespace marrow::cmd {

// "Rotation Mode <joint>: XYZ Euler": switches a bone between Quaternion and
// an Euler order, converting its rotation keys in every clip so its pose at
// each key stays (anim::convertRotationMode). Undo puts the tracks back bit
// for bit. Obsolete when the bone already has the mode.
class SetRotationModeCommand : public QUndoCommand {
public:
    SetRotationModeCommand(doc::Document* document, model::JointIndex joint, anim::RotationMode mode,
                           QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::JointIndex m_joint;
    anim::RotationMode m_before = anim::RotationMode::Quaternion;
    anim::RotationMode m_after = anim::RotationMode::Quaternion;
    std::vector<std::optional<anim::JointTrack>> m_tracksBefore, m_tracksAfter;  // one per clip
};

} // namespace marrow::cmd
