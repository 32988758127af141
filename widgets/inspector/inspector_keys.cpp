// SPDX-License-Identifier: MIT
// InspectorPanel's key decorators: one per channel, showing whether the
// channel is keyed at the current time and keying or un-keying it on a click.
#include "core/workspace/pose_editor.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/inspector/key_button.h"

namespace marrow::ui {

namespace {

constexpr anim::ChannelMask kBits[3] = {anim::kTranslationBit, anim::kRotationBit, anim::kScaleBit};

} // namespace

void InspectorPanel::setPoseEditor(ws::PoseEditor* editor)
{
    m_poseEditor = editor;
    for (KeyButton* b : m_keyButtons)
        b->setVisible(editor != nullptr);
    refreshKeyButtons();
}

KeyButton* InspectorPanel::keyButton(int channel) const
{
    return channel >= 0 && channel < 3 ? m_keyButtons[static_cast<std::size_t>(channel)] : nullptr;
}

void InspectorPanel::refreshKeyButtons()
{
    for (std::size_t c = 0; c < 3; ++c) {
        KeyButton* b = m_keyButtons[c];
        if (!m_poseEditor || m_joint < 0) {
            b->setState(KeyButton::State::None);
            continue;
        }
        switch (m_poseEditor->keyState(m_joint, kBits[c])) {
        case ws::PoseEditor::KeyState::Keyed: b->setState(KeyButton::State::Keyed); break;
        case ws::PoseEditor::KeyState::Animated: b->setState(KeyButton::State::Animated); break;
        case ws::PoseEditor::KeyState::None: b->setState(KeyButton::State::None); break;
        }
    }
}

void InspectorPanel::onKeyButton(int channel)
{
    if (!m_poseEditor || m_joint < 0 || channel < 0 || channel > 2)
        return;
    endGesture();
    const anim::ChannelMask bit = kBits[channel];
    if (m_poseEditor->keyState(m_joint, bit) == ws::PoseEditor::KeyState::Keyed)
        m_poseEditor->deleteKeysAtCurrentTime({m_joint}, bit);
    else
        m_poseEditor->insertKeys({m_joint}, bit);
    refreshKeyButtons();
}

} // namespace marrow::ui
