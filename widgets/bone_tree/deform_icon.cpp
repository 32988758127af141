// SPDX-License-Identifier: MIT
#include "widgets/bone_tree/deform_icon.h"

#include <QColor>
#include <QPainter>
#include <QPen>
#include <QPixmap>

namespace marrow::ui {

QIcon deformIcon(bool deforms)
{
    static QIcon cache[2];
    QIcon& icon = cache[deforms ? 1 : 0];
    if (!icon.isNull())
        return icon;
    for (const int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        const qreal u = size / 16.0;
        const QColor colour = deforms ? QColor(235, 200, 120) : QColor(150, 152, 160, 90);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        // A bone on the diagonal: two knuckles and a shaft.
        painter.drawEllipse(QPointF(4.0 * u, 12.0 * u), 2.4 * u, 2.4 * u);
        painter.drawEllipse(QPointF(12.0 * u, 4.0 * u), 2.4 * u, 2.4 * u);
        painter.setPen(QPen(colour, 2.4 * u, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(QPointF(4.0 * u, 12.0 * u), QPointF(12.0 * u, 4.0 * u));
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace marrow::ui
