// SPDX-License-Identifier: MIT
#pragma once
#include "core/workspace/transition_preview.h"

#include <QGroupBox>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace marrow::ui {

// Foot slide of the previewed transition: how far the feet travel while
// planted, for A alone, B alone and the transition (a good transition
// slides about as much as its clips), per foot in the tooltip; the feet
// (joint names, comma separated) and the contact height are editable and
// live in the TransitionPreview. Measures only when visible.
class FootSlideBox : public QGroupBox {
    Q_OBJECT
public:
    FootSlideBox(ws::TransitionPreview* preview, const anim::Skeleton* skeleton, QWidget* parent = nullptr);

    void setSkeleton(const anim::Skeleton* skeleton);
    QLabel* figures() const { return m_figures; }
    QLineEdit* feetEdit() const { return m_feet; }
    QDoubleSpinBox* contactBox() const { return m_contact; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();
    void applyFeet();

    ws::TransitionPreview* m_preview;
    const anim::Skeleton* m_skeleton;
    QLabel* m_figures = nullptr;
    QLineEdit* m_feet = nullptr;
    QDoubleSpinBox* m_contact = nullptr;
    bool m_stale = true;
};

} // namespace marrow::ui
