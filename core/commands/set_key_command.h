// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/channel_key.h"
#include "core/document/document.h"

#include <QUndoCommand>

#include <optional>

namespace marrow::cmd {

// "Set Key": inserts a key in one channel of one joint in one clip, or
// overwrites the key already at that time. redo() keeps the KeyEdit the
// document returns: the replaced key with its tangents, the channel's
// previous interpolation (and tangent arrays, if that changed), the clip's
// previous duration and whether the track was created. undo() hands it back
// to Document::revertKeyEdit, which restores the channel bit for bit.
class SetKeyCommand : public QUndoCommand {
public:
    SetKeyCommand(doc::Document* document, model::ClipId clip, model::JointIndex joint, doc::ChannelKind kind,
                  doc::ChannelKey key, anim::Interpolation interpolation, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    // What the last redo() replaced (for tests and the status bar).
    const std::optional<doc::KeyEdit>& edit() const { return m_edit; }

private:
    doc::Document* m_document;
    model::ClipId m_clip;
    model::JointIndex m_joint;
    doc::ChannelKind m_kind;
    doc::ChannelKey m_key;
    anim::Interpolation m_interpolation;
    std::optional<doc::KeyEdit> m_edit;  // set by redo(), consumed by undo()
};

} // namespace marrow::cmd
