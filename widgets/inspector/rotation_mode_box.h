// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QComboBox>
#include <QPointer>

namespace marrow::ui {

// The inspector's rotation Mode, as Blender's Transform panel has it:
// Quaternion (WXYZ) or one of the six Euler orders, for the shown joint.
// Picking one pushes a SetRotationModeCommand (its keys in every clip
// converted, one undo entry); undo, redo and other edits of the mode show
// here. Disabled with no joint.
class RotationModeBox : public QComboBox {
    Q_OBJECT
public:
    explicit RotationModeBox(QWidget* parent = nullptr);

    void setDocument(doc::Document* document);
    void setJoint(model::JointIndex joint);
    anim::RotationMode mode() const;

private:
    void sync();
    void onPicked(int index);

    QPointer<doc::Document> m_document;
    model::JointIndex m_joint = -1;
    bool m_syncing = false;
};

} // namespace marrow::ui
