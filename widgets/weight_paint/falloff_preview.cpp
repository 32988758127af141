// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/falloff_preview.h"

#include <QPainter>
#include <QPainterPath>

namespace marrow::ui {

FalloffPreview::FalloffPreview(QWidget* parent)
    : QWidget(parent)
{
    setMinimumSize(72, 32);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(tr("Falloff: the brush's strength from its centre (left) to its rim (right)"));
}

void FalloffPreview::setPreset(skin::FalloffPreset preset)
{
    if (preset == m_preset)
        return;
    m_preset = preset;
    update();
}

void FalloffPreview::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF frame = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(palette().color(QPalette::Mid));
    painter.setBrush(palette().color(QPalette::Base));
    painter.drawRoundedRect(frame, 3, 3);
    const QRectF plot = frame.adjusted(4, 4, -4, -4);
    // Samples to the rim and one just past it, so Constant drops as a wall.
    QPainterPath curve;
    constexpr int kSamples = 48;
    for (int i = 0; i <= kSamples; ++i) {
        const float d = static_cast<float>(i) / kSamples;
        const QPointF p(plot.left() + plot.width() * d, plot.bottom() - plot.height() * skin::falloff(m_preset, d));
        if (i == 0)
            curve.moveTo(p);
        else
            curve.lineTo(p);
    }
    curve.lineTo(plot.bottomRight());
    QPainterPath fill = curve;
    fill.lineTo(plot.bottomLeft());
    fill.closeSubpath();
    QColor accent = palette().color(QPalette::Highlight);
    accent.setAlpha(60);
    painter.setPen(Qt::NoPen);
    painter.setBrush(accent);
    painter.drawPath(fill);
    accent.setAlpha(255);
    painter.setPen(QPen(accent, 1.6));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(curve);
}

} // namespace marrow::ui
