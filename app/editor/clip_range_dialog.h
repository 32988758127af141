// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QLabel;
class QSpinBox;

namespace marrow::app {

// Clip › Set Range… (Blender's action "Manual Frame Range"): the clip's
// start and end in frames at the document's rate, or "Follow the keys"
// (no range: the clip is as long as its last key). Opens on the clip's
// range, or unticked-to-be on 0 to its last frame; says where the keys end.
class ClipRangeDialog : public QDialog {
    Q_OBJECT
public:
    ClipRangeDialog(const anim::Clip& clip, double fps, QWidget* parent = nullptr);

    // The range chosen, in seconds (frame / fps); nullopt with "Follow the keys".
    std::optional<anim::ClipRange> range() const;

    QSpinBox* startBox() const { return m_start; }
    QSpinBox* endBox() const { return m_end; }
    QCheckBox* followKeysBox() const { return m_follow; }

private:
    void sync();

    double m_fps;
    QSpinBox* m_start = nullptr;
    QSpinBox* m_end = nullptr;
    QCheckBox* m_follow = nullptr;
    QLabel* m_seconds = nullptr;
};

} // namespace marrow::app
