// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/key_stamps.h"

#include <QPainter>

#include <cmath>

namespace marrow::ui::graph {

void KeyStamps::prepare(const Style& style)
{
    if (m_ready && style == m_style)
        return;
    m_style = style;
    m_ready = true;
    for (std::size_t c = 0; c < m_keys.size(); ++c)
        m_keys[c] = make(style.outline, style.fills[c], style.radius, style.dpr);
    m_selected = make(style.selectedOutline, style.selectedFill, style.selectedRadius, style.dpr);
}

QImage KeyStamps::make(const QColor& pen, const QColor& fill, double radius, qreal dpr)
{
    // Half a pen width outside the radius, and a pixel to spare.
    const int half = static_cast<int>(std::ceil((radius + 1.0) * dpr));
    QImage image(2 * half, 2 * half, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.scale(dpr, dpr);
    painter.setPen(QPen(pen, 1.0));
    painter.setBrush(fill);
    const double centre = half / dpr;
    painter.drawEllipse(QPointF(centre, centre), radius, radius);
    return image;
}

} // namespace marrow::ui::graph
