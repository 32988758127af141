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

void paintViewTitle(QPainter& painter, const QString& title)
{
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * .9);
    painter.setFont(font);
    // A dark shadow keeps it legible over a light mesh.
    const QPointF at(10., 8. + painter.fontMetrics().ascent());
    painter.setPen(QColor(0, 0, 0, 160));
    painter.drawText(at + QPointF(1., 1.), title);
    painter.setPen(QColor(200, 200, 200));
    painter.drawText(at, title);
}

} // namespace marrow::ui
