// SPDX-License-Identifier: MIT
#include "widgets/viewport/tool_label_painter.h"

#include <QPainter>

#include <algorithm>

namespace marrow::ui {

void paintToolLabel(QPainter& painter, const QSize& viewSize, const ToolLabel& label)
{
    painter.setRenderHint(QPainter::Antialiasing);
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * .9);
    painter.setFont(font);
    const QRect text = painter.fontMetrics().boundingRect(QRect(0, 0, 420, 200), Qt::TextWordWrap, label.text);
    QRectF box(label.at, QSizeF(text.width() + 12, text.height() + 8));
    box.moveRight(std::min(box.right(), static_cast<qreal>(viewSize.width() - 4)));
    box.moveBottom(std::min(box.bottom(), static_cast<qreal>(viewSize.height() - 4)));
    painter.setPen(QColor(255, 255, 255, 40));
    painter.setBrush(QColor(20, 22, 26, 215));
    painter.drawRoundedRect(box, 4, 4);
    painter.setPen(QColor(235, 235, 235));
    painter.drawText(box.adjusted(6, 4, -6, -4), Qt::TextWordWrap, label.text);
}

} // namespace marrow::ui
