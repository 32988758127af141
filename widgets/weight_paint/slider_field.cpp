// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/slider_field.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

SliderField::SliderField(double minimum, double maximum, int decimals, double sliderMaximum, QWidget* parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new QDoubleSpinBox(this))
    , m_minimum(minimum)
    , m_sliderMaximum(sliderMaximum)
{
    m_slider->setRange(0, kSteps);
    m_spin->setRange(minimum, maximum);
    m_spin->setDecimals(decimals);
    m_spin->setSingleStep(decimals == 0 ? 1.0 : 0.05);
    m_spin->setKeyboardTracking(false);
    m_spin->setMinimumWidth(64);
    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const double v = m_minimum + (m_sliderMaximum - m_minimum) * position / kSteps;
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v);
        emit valueEdited(m_spin->value());  // rounded to the field's decimals
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(sliderPosition(v));
        emit valueEdited(v);
    });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
}

double SliderField::value() const
{
    return m_spin->value();
}

void SliderField::setValue(double value)
{
    const QSignalBlocker blockSpin(m_spin);
    const QSignalBlocker blockSlider(m_slider);
    m_spin->setValue(value);
    m_slider->setValue(sliderPosition(m_spin->value()));
}

void SliderField::setSuffix(const QString& suffix)
{
    m_spin->setSuffix(suffix);
}

int SliderField::sliderPosition(double value) const
{
    const double t = (value - m_minimum) / (m_sliderMaximum - m_minimum);
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSteps));
}

} // namespace marrow::ui
