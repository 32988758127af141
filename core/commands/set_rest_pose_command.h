// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/rig_edit_command.h"
#include "core/document/document.h"

#include <vector>

namespace marrow::cmd {

// Edit Skeleton's move, rotate and scale of joints: every rest local
// transform and every skin's inverse binds before and after
// (Document::setRestPose), so undo is exact and the views refresh without
// a rebuild. `after` is the rig an edit such as model::setRestTransforms
// made; only its rest pose and inverse binds are taken. The pushes of one
// interaction (a drag) merge into one undo entry.
class SetRestPoseCommand : public RigEditCommand {
public:
    SetRestPoseCommand(doc::Document* document, const model::Rig& after, const QString& text,
                       model::InteractionId interaction = {}, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

protected:
    bool absorb(const RigEditCommand& newer) override;

private:
    struct RestPose {
        std::vector<math::Transform> rest;
        std::vector<std::vector<glm::mat4>> inverseBinds;
    };
    static RestPose restPoseOf(const model::Rig& rig);

    doc::Document* m_document;
    RestPose m_before, m_after;
};

} // namespace marrow::cmd
