// SPDX-License-Identifier: MIT
#include "widgets/inspector/key_button.h"

#include <QPainter>
#include <QPainterPath>

namespace marrow::ui {

KeyButton::KeyButton(QWidget* parent)
    : QToolButton(parent)
{
    setAutoRaise(true);
    setCursor(Qt::PointingHandCursor);
    setState(State::None);
}

void KeyButton::setState(State state)
{
    m_state = state;
    setToolTip(state == State::Keyed      ? tr("Keyed at this frame: click to delete the key")
               : state == State::Animated ? tr("Animated, not keyed at this frame: click to insert a key")
                                          : tr("Not animated: click to insert a key"));
    update();
}

QSize KeyButton::sizeHint() const
{
    const int side = fontMetrics().height() + 4;
    return {side, side};
}

void KeyButton::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(rect()).adjusted(4, 4, -4, -4);
    const double s = std::min(r.width(), r.height()) / 2.0;
    const QPointF c = r.center();
    QPainterPath diamond;
    diamond.moveTo(c.x(), c.y() - s);
    diamond.lineTo(c.x() + s, c.y());
    diamond.lineTo(c.x(), c.y() + s);
    diamond.lineTo(c.x() - s, c.y());
    diamond.closeSubpath();
    // Blender's keyframe yellow, dimmed when only animated elsewhere.
    const QColor key(236, 196, 76);
    const bool hot = underMouse();
    switch (m_state) {
    case State::Keyed:
        p.setPen(QPen(key.darker(hot ? 100 : 130), 1.2));
        p.setBrush(hot ? key.lighter(115) : key);
        break;
    case State::Animated:
        p.setPen(QPen(hot ? key.lighter(115) : key, 1.4));
        p.setBrush(Qt::NoBrush);
        break;
    case State::None: {
        QColor faint = palette().color(QPalette::PlaceholderText);
        p.setPen(QPen(hot ? palette().color(QPalette::Text) : faint, 1.2));
        p.setBrush(Qt::NoBrush);
        break;
    }
    }
    p.drawPath(diamond);
}

} // namespace marrow::ui
