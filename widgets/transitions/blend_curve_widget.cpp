// SPDX-License-Identifier: MIT
#include "widgets/transitions/blend_curve_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {
constexpr double kHandleRadius = 5.0;
}

BlendCurveWidget::BlendCurveWidget(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // Tall enough to drag its handles, short enough that the whole dock
    // fits at 1600x1000.
    setMinimumHeight(72);
    setMouseTracking(true);
    setToolTip(tr("The blend's weight (up) over its duration (right). Drag a handle to shape a custom Bézier."));
}

void BlendCurveWidget::setCurve(const anim::BlendCurve& curve)
{
    if (curve == m_curve)
        return;
    m_curve = curve;
    update();
}

QRectF BlendCurveWidget::plotRect() const
{
    // Room above and below for Bézier handles that overshoot, as CSS allows.
    const double side = std::min(width() - 16.0, height() * 0.7);
    return {(width() - side) / 2.0, height() * 0.15, side, height() * 0.7};
}

QPointF BlendCurveWidget::toWidget(double x, double y) const
{
    const QRectF r = plotRect();
    return {r.left() + x * r.width(), r.bottom() - y * r.height()};
}

QPointF BlendCurveWidget::handlePosition(int handle) const
{
    return handle == 0 ? toWidget(m_curve.x1, m_curve.y1) : toWidget(m_curve.x2, m_curve.y2);
}

int BlendCurveWidget::handleAt(const QPointF& p) const
{
    if (m_curve.kind != anim::BlendCurveKind::Bezier)
        return -1;
    for (int h : {1, 0})  // the end handle is drawn last, so it wins a tie
        if (QLineF(p, handlePosition(h)).length() <= kHandleRadius + 3.0)
            return h;
    return -1;
}

void BlendCurveWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = plotRect();
    const QPalette& pal = palette();
    p.fillRect(r, pal.color(QPalette::Base));
    p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
    for (double q : {0.25, 0.5, 0.75}) {
        p.drawLine(toWidget(q, 0), toWidget(q, 1));
        p.drawLine(toWidget(0, q), toWidget(1, q));
    }
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.drawRect(r);
    QPainterPath path(toWidget(0, 0));
    constexpr int kSteps = 64;
    for (int i = 1; i <= kSteps; ++i) {
        const double x = static_cast<double>(i) / kSteps;
        path.lineTo(toWidget(x, m_curve(static_cast<float>(x))));
    }
    p.setPen(QPen(pal.color(QPalette::Highlight), 2));
    p.drawPath(path);
    if (m_curve.kind == anim::BlendCurveKind::Bezier) {
        p.setPen(QPen(pal.color(QPalette::Text), 1));
        p.drawLine(toWidget(0, 0), handlePosition(0));
        p.drawLine(toWidget(1, 1), handlePosition(1));
        for (int h : {0, 1}) {
            p.setBrush(h == m_dragging ? pal.color(QPalette::Highlight) : pal.color(QPalette::Button));
            p.drawEllipse(handlePosition(h), kHandleRadius, kHandleRadius);
        }
    }
}

void BlendCurveWidget::mousePressEvent(QMouseEvent* event)
{
    m_dragging = event->button() == Qt::LeftButton ? handleAt(event->position()) : -1;
    if (m_dragging >= 0) {
        emit dragStarted();
        update();
    }
}

void BlendCurveWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging < 0) {
        setCursor(handleAt(event->position()) >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        return;
    }
    const QRectF r = plotRect();
    const double x = std::clamp((event->position().x() - r.left()) / r.width(), 0.0, 1.0);
    const double y = std::clamp((r.bottom() - event->position().y()) / r.height(), -0.5, 1.5);
    anim::BlendCurve c = m_curve;
    (m_dragging == 0 ? c.x1 : c.x2) = static_cast<float>(std::round(x * 100.0) / 100.0);
    (m_dragging == 0 ? c.y1 : c.y2) = static_cast<float>(std::round(y * 100.0) / 100.0);
    if (c == m_curve)
        return;
    m_curve = c;
    update();
    emit curveDragged(m_curve);
}

void BlendCurveWidget::mouseReleaseEvent(QMouseEvent*)
{
    if (m_dragging < 0)
        return;
    m_dragging = -1;
    update();
    emit dragFinished();
}

} // namespace marrow::ui
