// SPDX-License-Identifier: MIT
#include "widgets/bone_tree/lock_icon.h"

#include <QColor>
#include <QPainter>
#include <QPen>
#include <QPixmap>

namespace marrow::ui {

// A padlock: closed and bright when locked, open and faint when not, so an
// unlocked rig reads as quiet rows (Blender's vertex-group lock).
QIcon lockIcon(bool locked)
{
    static QIcon cache[2];
    QIcon& icon = cache[locked ? 1 : 0];
    if (!icon.isNull())
        return icon;
    for (const int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        const qreal u = size / 16.0;
        const QColor colour = locked ? QColor(235, 235, 240) : QColor(150, 152, 160, 110);
        painter.setPen(QPen(colour, 1.6 * u));
        painter.setBrush(Qt::NoBrush);
        // The shackle: closed over the body, or lifted and open on the right.
        const QRectF shackle(4.5 * u, (locked ? 2.0 : 0.5) * u, 7.0 * u, 8.0 * u);
        painter.drawArc(shackle, 0, (locked ? 180 : 160) * 16);
        painter.drawLine(QPointF(4.5 * u, shackle.center().y()), QPointF(4.5 * u, 8.0 * u));
        if (locked)
            painter.drawLine(QPointF(11.5 * u, shackle.center().y()), QPointF(11.5 * u, 8.0 * u));
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawRoundedRect(QRectF(3.0 * u, 7.5 * u, 10.0 * u, 7.0 * u), 1.5 * u, 1.5 * u);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace marrow::ui
