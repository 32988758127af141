// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/falloff.h"

#include <QWidget>

namespace marrow::ui {

// A small plot of a falloff preset: factor (up) over the distance from the
// dab centre (left) to the rim (right), as skin::falloff computes it.
class FalloffPreview : public QWidget {
    Q_OBJECT
public:
    explicit FalloffPreview(QWidget* parent = nullptr);

    void setPreset(skin::FalloffPreset preset);
    skin::FalloffPreset preset() const { return m_preset; }
    QSize sizeHint() const override { return {96, 40}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    skin::FalloffPreset m_preset = skin::FalloffPreset::Smooth;
};

} // namespace marrow::ui
