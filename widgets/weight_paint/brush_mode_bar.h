// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/brush_settings.h"

#include <QWidget>

class QAbstractButton;
class QButtonGroup;

namespace marrow::ui {

// One exclusive tool button per brush mode (Mix, Add, Subtract, Multiply,
// Smooth, Sample) with its icon (:/icons/brush_<mode>.svg) and a tooltip
// that names the Ctrl and Shift variants. modeChosen is the user's click
// only; setMode() is silent.
class BrushModeBar : public QWidget {
    Q_OBJECT
public:
    explicit BrushModeBar(QWidget* parent = nullptr);

    void setMode(skin::BrushMode mode);
    skin::BrushMode mode() const;
    QAbstractButton* button(skin::BrushMode mode) const;

signals:
    void modeChosen(skin::BrushMode mode);

private:
    QButtonGroup* m_group;
};

} // namespace marrow::ui
