// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/blend_curve.h"

#include <QWidget>

namespace marrow::ui {

// A small square plot of a blend curve over [0, 1]: weight up, blend time
// right. For a custom Bézier the two inner control points are handles: a
// drag moves one (x clamped to [0, 1], as CSS requires), emitting
// dragStarted once, curveDragged on every move and dragFinished on release,
// so the owner can make the drag one undo entry.
class BlendCurveWidget : public QWidget {
    Q_OBJECT
public:
    explicit BlendCurveWidget(QWidget* parent = nullptr);

    void setCurve(const anim::BlendCurve& curve);
    const anim::BlendCurve& curve() const { return m_curve; }
    QSize sizeHint() const override { return {150, 84}; }
    QSize minimumSizeHint() const override { return {90, 70}; }

    // The plot's square in widget pixels, and a handle's centre (0 or 1).
    QRectF plotRect() const;
    QPointF handlePosition(int handle) const;

signals:
    void dragStarted();
    void curveDragged(const marrow::anim::BlendCurve& curve);
    void dragFinished();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    QPointF toWidget(double x, double y) const;
    int handleAt(const QPointF& p) const;

    anim::BlendCurve m_curve;
    int m_dragging = -1;
};

} // namespace marrow::ui
