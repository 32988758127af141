// SPDX-License-Identifier: MIT
#pragma once
#include <QWidget>

class QDoubleSpinBox;
class QSlider;

namespace marrow::ui {

// A slider beside a spin box editing one number. The slider may cover less
// than the spin box (radius: slider to 500 px, field to 2000). valueEdited is
// emitted for the user's edits only; setValue() is silent, so a value that
// comes back from the bound state never loops.
class SliderField : public QWidget {
    Q_OBJECT
public:
    SliderField(double minimum, double maximum, int decimals, double sliderMaximum, QWidget* parent = nullptr);

    double value() const;
    void setValue(double value);
    void setSuffix(const QString& suffix);
    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }

signals:
    void valueEdited(double value);

private:
    int sliderPosition(double value) const;

    QSlider* m_slider;
    QDoubleSpinBox* m_spin;
    double m_minimum, m_sliderMaximum;
    static constexpr int kSteps = 1000;
};

} // namespace marrow::ui
