// SPDX-License-Identifier: MIT
#include "widgets/transitions/cost_curve_plot.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

CostCurvePlot::CostCurvePlot(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("Blue: the pose cost at each exit time (the lowest over offsets into B), low where A's pose and "
                  "motion meet B's. Green: the least foot slide in the blend at that exit, on its own scale. The "
                  "dashed line marks the exit Find Best chose, the dot the transition's exit."));
}

QColor CostCurvePlot::costColour()
{
    return {92, 160, 255};
}

QColor CostCurvePlot::slideColour()
{
    return {96, 204, 120};
}

QSize CostCurvePlot::sizeHint() const
{
    return {240, 100};
}

QSize CostCurvePlot::minimumSizeHint() const
{
    return {120, 100};
}

void CostCurvePlot::setCurve(std::vector<double> exits, std::vector<double> costs, double found,
                             std::vector<double> slides)
{
    m_exits = std::move(exits);
    m_costs = std::move(costs);
    m_slides = std::move(slides);
    m_found = found;
    update();
}

void CostCurvePlot::clear()
{
    m_exits.clear();
    m_costs.clear();
    m_slides.clear();
    update();
}

void CostCurvePlot::setCurrentExit(std::optional<double> exit)
{
    m_current = exit;
    update();
}

void CostCurvePlot::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QFontMetrics fm = fontMetrics();
    const QRect plot = rect().adjusted(fm.horizontalAdvance(QStringLiteral("0.00")) + 6, 4, -6, -2 * fm.height() - 6);
    QColor text = pal.color(QPalette::Text);
    p.setPen(text);
    if (m_exits.size() < 2 || m_costs.size() != m_exits.size()) {
        p.drawText(rect(), Qt::AlignCenter, tr("Find Best draws the cost over exit times here"));
        return;
    }
    const double t0 = m_exits.front(), t1 = m_exits.back();
    const double top = std::max(1e-12, *std::max_element(m_costs.begin(), m_costs.end()));
    const auto xOf = [&](double t) { return plot.left() + (t - t0) / std::max(1e-12, t1 - t0) * plot.width(); };
    const auto yOf = [&](double c) { return plot.bottom() - c / top * plot.height(); };
    // Axes with units: exit seconds along the bottom, cost up the left.
    QColor guide = text;
    guide.setAlpha(90);
    p.setPen(guide);
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    p.setPen(text);
    const int baseline = plot.bottom() + fm.ascent() + 2;
    p.drawText(plot.left(), baseline, QString::number(t0, 'f', 2) + QStringLiteral(" s"));
    const QString right = QString::number(t1, 'f', 2) + QStringLiteral(" s");
    p.drawText(plot.right() - fm.horizontalAdvance(right), baseline, right);
    const QString axis = tr("exit time");
    p.drawText(plot.center().x() - fm.horizontalAdvance(axis) / 2, baseline, axis);
    p.drawText(QRect(0, plot.top() - 2, plot.left() - 4, fm.height()), Qt::AlignRight, QString::number(top, 'g', 2));
    p.drawText(QRect(0, plot.bottom() - fm.height() + 2, plot.left() - 4, fm.height()), Qt::AlignRight,
               QStringLiteral("0"));

    p.setRenderHint(QPainter::Antialiasing, true);
    // The feet's slide first (behind), on its own scale; gaps where not measured.
    if (m_slides.size() == m_exits.size()) {
        double high = 0.0;
        for (double s : m_slides)
            high = std::isfinite(s) ? std::max(high, s) : high;
        QPainterPath slide;
        bool drawing = false;
        for (std::size_t k = 0; k < m_exits.size(); ++k) {
            if (!std::isfinite(m_slides[k])) {
                drawing = false;
                continue;
            }
            const QPointF point(xOf(m_exits[k]), plot.bottom() - (high > 0.0 ? m_slides[k] / high : 0.0) * plot.height());
            drawing ? slide.lineTo(point) : slide.moveTo(point);
            drawing = true;
        }
        p.setPen(QPen(slideColour(), 2.0));
        p.drawPath(slide);
    }
    QPainterPath curve;
    for (std::size_t k = 0; k < m_exits.size(); ++k) {
        const QPointF point(xOf(m_exits[k]), yOf(m_costs[k]));
        if (k == 0)
            curve.moveTo(point);
        else
            curve.lineTo(point);
    }
    p.setPen(QPen(costColour(), 2.0));
    p.drawPath(curve);
    // The legend under the axis labels: a short line of each colour.
    const int legendY = baseline + fm.height();
    int x = plot.left();
    const auto legend = [&](const QColor& colour, const QString& label) {
        p.setPen(QPen(colour, 2.0));
        p.drawLine(x, legendY - fm.ascent() / 2 + 1, x + 14, legendY - fm.ascent() / 2 + 1);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(x + 18, legendY, label);
        x += 18 + fm.horizontalAdvance(label) + 12;
    };
    legend(costColour(), tr("pose cost"));
    if (m_slides.size() == m_exits.size())
        legend(slideColour(), tr("foot slide (own scale)"));
    // The found exit: a vertical line in the playhead's amber.
    const QColor amber(255, 176, 46);
    p.setPen(QPen(amber, 1.2, Qt::DashLine));
    p.drawLine(QPointF(xOf(m_found), plot.top()), QPointF(xOf(m_found), plot.bottom()));
    if (m_current && *m_current >= t0 - 1e-9 && *m_current <= t1 + 1e-9) {
        // The curve's value at the current exit, between grid points.
        const auto it = std::lower_bound(m_exits.begin(), m_exits.end(), *m_current);
        const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(it - m_exits.begin()), m_exits.size() - 1);
        double c = m_costs[k];
        if (k > 0 && m_exits[k] > m_exits[k - 1]) {
            const double f = std::clamp((*m_current - m_exits[k - 1]) / (m_exits[k] - m_exits[k - 1]), 0.0, 1.0);
            c = m_costs[k - 1] + f * (m_costs[k] - m_costs[k - 1]);
        }
        p.setPen(Qt::NoPen);
        p.setBrush(amber);
        p.drawEllipse(QPointF(xOf(*m_current), yOf(c)), 3.5, 3.5);
    }
}

} // namespace marrow::ui
