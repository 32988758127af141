// SPDX-License-Identifier: MIT
#include "widgets/inspector/rotation_mode_box.h"

#include "core/commands/set_rotation_mode_command.h"

namespace marrow::ui {

RotationModeBox::RotationModeBox(QWidget* parent)
    : QComboBox(parent)
{
    for (int m = 0; m <= static_cast<int>(anim::kLastRotationMode); ++m)
        addItem(QString::fromUtf8(anim::rotationModeName(static_cast<anim::RotationMode>(m))), m);
    setToolTip(tr("How this bone's rotation keys are stored and edited: a quaternion, or three angle curves "
                  "in an order. Switching converts its keys in every clip and keeps its pose at each key."));
    setAccessibleName(tr("Rotation mode"));
    setFocusPolicy(Qt::StrongFocus);  // the wheel scrolls the dock unless the box has focus
    connect(this, &QComboBox::activated, this, &RotationModeBox::onPicked);
    sync();
}

void RotationModeBox::setDocument(doc::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &doc::Document::rotationModeChanged, this, [this](model::JointIndex j) {
            if (j == m_joint)
                sync();
        });
        connect(m_document, &doc::Document::rigReplaced, this, &RotationModeBox::sync);
    }
    sync();
}

void RotationModeBox::setJoint(model::JointIndex joint)
{
    m_joint = joint;
    sync();
}

anim::RotationMode RotationModeBox::mode() const
{
    return m_document ? m_document->rig().rotationModeOf(m_joint) : anim::RotationMode::Quaternion;
}

void RotationModeBox::sync()
{
    m_syncing = true;
    const bool valid = m_document && m_joint >= 0 && static_cast<std::size_t>(m_joint) < m_document->rig().skeleton.size();
    setEnabled(valid);
    setCurrentIndex(findData(static_cast<int>(valid ? mode() : anim::RotationMode::Quaternion)));
    m_syncing = false;
}

void RotationModeBox::onPicked(int index)
{
    if (m_syncing || !m_document || m_joint < 0)
        return;
    const auto picked = static_cast<anim::RotationMode>(itemData(index).toInt());
    if (picked != mode())
        m_document->undoStack()->push(new cmd::SetRotationModeCommand(m_document, m_joint, picked));
    sync();  // an obsolete command changed nothing: show what holds
}

} // namespace marrow::ui
