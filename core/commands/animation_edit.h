// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/track_edit.h"

#include <QString>

#include <map>
#include <memory>

class QUndoCommand;

namespace marrow::doc {
class Document;
}

namespace marrow::cmd {

// Builds one undoable animation edit from the document's current state:
// take copies of the tracks and overrides you change, change them with the
// pure key operations (anim/key_ops.h), then make the command. Nothing
// touches the document until the command is pushed. The clip's duration
// afterwards follows its last key, morph weights included (a clip with a
// manual range, or without a key after 0, keeps its duration).
//
//   AnimationEdit edit(*doc, clip);
//   anim::insertKey(edit.track(joint).rotation, t, q, anim::Interpolation::CubicSpline);
//   edit.setPose(joint, std::nullopt);
//   if (auto c = edit.command(doc, QObject::tr("Insert Keys"))) doc->undoStack()->push(c.release());
class AnimationEdit {
public:
    AnimationEdit(const doc::Document& document, model::ClipId clip);

    model::ClipId clip() const { return m_clip; }
    // The joint's track to edit in place: a copy of the document's (an empty
    // track when the clip has none for the joint yet). nullptr when the clip
    // or joint is out of range.
    anim::JointTrack* track(model::JointIndex joint);
    // The track as this edit has it (the document's when untouched), or nullptr.
    const anim::JointTrack* peek(model::JointIndex joint) const;
    // Sets (nullopt: removes) the joint's pose override with the edit.
    void setPose(model::JointIndex joint, std::optional<math::Transform> pose);

    // The command ("Move Keys", ...), or nullptr when nothing changed. With a
    // valid interaction the command merges with the next one of the same
    // interaction (a drag is one undo entry).
    std::unique_ptr<QUndoCommand> command(doc::Document* document, const QString& text,
                                          model::InteractionId interaction = {}) const;
    // The before and after states the command would carry.
    doc::AnimationState before() const;
    doc::AnimationState after() const;

private:
    const doc::Document& m_document;
    model::ClipId m_clip;
    std::map<model::JointIndex, anim::JointTrack> m_tracks;  // edited copies
    std::map<model::JointIndex, std::optional<math::Transform>> m_poses;
};

} // namespace marrow::cmd
