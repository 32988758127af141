// SPDX-License-Identifier: MIT
// GraphView's painting: the legend, the ruler strip, the grids with their
// labels, the curves, keys and tangent handles, the playhead.
#include "widgets/timeline/graph/graph_view.h"

#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/timeline_style.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

// X red, Y green, Z blue: bright enough for thin lines on the dark plot.
QColor componentColor(int component)
{
    switch (component) {
    case 0: return QColor(232, 86, 82);
    case 1: return QColor(120, 204, 92);
    default: return QColor(86, 146, 240);
    }
}

const char* channelLabel(doc::ChannelKind kind)
{
    switch (kind) {
    case doc::ChannelKind::Translation: return "Location";
    case doc::ChannelKind::Rotation: return "Rotation (°)";
    case doc::ChannelKind::Scale: return "Scale";
    }
    return "";
}

// Far-off values map to huge pixels; keep them where QPainter stays exact.
double clampPx(double v) { return std::clamp(v, -1.0e6, 1.0e6); }

QString valueLabel(double value, double step)
{
    const int decimals = std::clamp(static_cast<int>(-std::floor(std::log10(step) + 1e-9)), 0, 6);
    if (std::abs(value) < step * 1e-6)
        value = 0.0;  // no "-0.00"
    return QString::number(value, 'f', decimals);
}

constexpr double kKeyRadius = 3.5;
constexpr double kSelectedKeyRadius = 4.5;

} // namespace

std::vector<GraphView::LegendRow> GraphView::legendRows() const
{
    std::vector<LegendRow> rows;
    if (!m_selection)
        return rows;
    for (const model::JointIndex j : m_selection->joints()) {
        const anim::JointTrack* t = documentTrack(j);
        if (!t || t->mask() == 0)
            continue;
        rows.push_back({j, doc::ChannelKind::Translation, true});
        for (const doc::ChannelKind kind :
             {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale})
            if (t->mask() & doc::channelBit(kind))
                rows.push_back({j, kind, false});
    }
    return rows;
}

void GraphView::paintEvent(QPaintEvent*)
{
    rebuild();
    if (m_fitPending) {
        if (const auto extent = graph::curvesExtent(m_curves)) {
            m_values.fit(extent->v0, extent->v1, 0.08);
            if (m_ownGeometry) {
                const double pad = std::max(extent->t1 - extent->t0, 1.0) * 0.05;
                m_geometry->setVisibleRange(extent->t0 - pad, extent->t1 + pad);
                rebuild();
            }
            m_fitPending = false;
        }
    }
    QPainter painter(this);
    const QPalette& pal = palette();
    const QRect plot = plotRect();
    painter.fillRect(rect(), pal.color(QPalette::Window));
    painter.fillRect(plot, pal.color(QPalette::Base));
    style::paintOutsideRange(painter, *m_geometry, plot, m_playback ? m_playback->duration() : 0.0);

    painter.save();
    painter.setClipRect(plot);
    style::paintGrid(painter, *m_geometry, plot, pal);
    paintValueGrid(painter);
    painter.setRenderHint(QPainter::Antialiasing, true);
    paintCurves(painter);
    paintHandles(painter);
    painter.setRenderHint(QPainter::Antialiasing, false);
    if (m_playback)
        style::paintPlayheadLine(painter, *m_geometry, plot, m_playback->time());
    if (m_drag == Drag::Box && m_dragStarted) {
        QColor fill = pal.color(QPalette::Highlight);
        fill.setAlpha(40);
        painter.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DashLine));
        painter.setBrush(fill);
        painter.drawRect(QRectF(m_pressPos, m_lastPos).normalized());
    }
    if (m_curves.empty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(plot, Qt::AlignCenter, tr("Select bones with keys in this clip to see their curves"));
    }
    painter.restore();

    if (m_rulerHeight > 0)
        paintRuler(painter);
    paintLegend(painter);
    painter.setPen(pal.color(QPalette::Shadow));
    painter.drawLine(style::kGutterWidth - 1, 0, style::kGutterWidth - 1, height() - 1);
}

void GraphView::paintRuler(QPainter& painter) const
{
    const QPalette& pal = palette();
    const QRect ruler = rulerRect();
    painter.fillRect(ruler, pal.color(QPalette::Button));
    painter.save();
    painter.setClipRect(ruler);
    const TickStep major = style::majorStep(*m_geometry);
    const double viewStart = m_geometry->pixelToTime(0.0);
    const double viewEnd = m_geometry->pixelToTime(m_geometry->width());
    QColor tick = pal.color(QPalette::WindowText);
    tick.setAlpha(140);
    QColor text = pal.color(QPalette::WindowText);
    text.setAlpha(210);
    const int baseline = 3 + painter.fontMetrics().ascent();
    for (double i = std::floor(viewStart / major.seconds) - 1.0; i * major.seconds <= viewEnd; i += 1.0) {
        const double t = i * major.seconds;
        const int x = style::timeToX(*m_geometry, t);
        painter.setPen(tick);
        painter.drawLine(x, ruler.bottom() - 6, x, ruler.bottom());
        painter.setPen(text);
        painter.drawText(x + 3, baseline, QString::number(m_geometry->frameAt(t)));
    }
    if (m_playback) {
        // The current frame in an amber tab on the playhead, as the dope sheet's ruler shows it.
        const int x = style::timeToX(*m_geometry, m_playback->time());
        const QString label = QString::number(m_geometry->frameAt(m_playback->time()));
        const int w = painter.fontMetrics().horizontalAdvance(label) + 8;
        const QRect tab(x - w / 2, ruler.bottom() - 16, w, 15);
        painter.fillRect(tab, style::playheadColor());
        painter.setPen(QColor(20, 20, 22));
        painter.drawText(tab, Qt::AlignCenter, label);
    }
    painter.restore();
    painter.setPen(pal.color(QPalette::Shadow));
    painter.drawLine(ruler.left(), ruler.bottom(), ruler.right(), ruler.bottom());
}

void GraphView::paintValueGrid(QPainter& painter) const
{
    const QPalette& pal = palette();
    const QRect plot = plotRect();
    const double step = m_values.tickStep(36.0);
    QColor line = pal.color(QPalette::WindowText);
    line.setAlpha(22);
    QColor zero = pal.color(QPalette::WindowText);
    zero.setAlpha(60);
    QColor text = pal.color(QPalette::WindowText);
    text.setAlpha(170);
    const double first = std::ceil(m_values.bottom() / step);
    const double last = std::floor(m_values.top() / step);
    for (double i = first; i <= last; i += 1.0) {
        const double v = i * step;
        const int y = static_cast<int>(std::lround(yOf(v)));
        painter.setPen(i == 0.0 ? zero : line);
        painter.drawLine(plot.left(), y, plot.right(), y);
        // The label sits above its line; one that would run under the ruler is left out.
        if (y - 3 - painter.fontMetrics().ascent() < plot.top())
            continue;
        painter.setPen(text);
        painter.drawText(plot.left() + 4, y - 3, valueLabel(v, step));
    }
}

void GraphView::paintCurves(QPainter& painter) const
{
    const QRect plot = plotRect();
    const QColor outline = palette().color(QPalette::Shadow);
    const QColor selectedFill = palette().color(QPalette::Highlight);
    for (std::size_t c = 0; c < m_curves.size(); ++c) {
        const graph::GraphCurve& curve = m_curves[c];
        if (curve.times.empty())
            continue;
        // Before the first key and after the last the channel holds its value.
        QPolygonF line;
        line.reserve(static_cast<int>(curve.times.size()) + 2);
        line << QPointF(plot.left() - 2, clampPx(yOf(curve.values.front())));
        for (std::size_t i = 0; i < curve.times.size(); ++i)
            line << QPointF(clampPx(xOf(curve.times[i])), clampPx(yOf(curve.values[i])));
        line << QPointF(plot.right() + 2, clampPx(yOf(curve.values.back())));
        painter.setPen(QPen(componentColor(curve.component), 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(line);

        for (std::size_t k = 0; k < curve.keys.size(); ++k) {
            const bool selected = keySelected(curve, curve.keys[k]);
            const QPointF at = keyPosition(c, k);
            painter.setPen(QPen(selected ? QColor(255, 255, 255) : outline, 1.0));
            painter.setBrush(selected ? selectedFill : componentColor(curve.component).darker(170));
            const double r = selected ? kSelectedKeyRadius : kKeyRadius;
            painter.drawEllipse(at, r, r);
        }
    }
}

void GraphView::paintHandles(QPainter& painter) const
{
    const QColor lineColor(200, 200, 205, 200);
    for (std::size_t c = 0; c < m_curves.size(); ++c)
        for (std::size_t k = 0; k < m_curves[c].keys.size(); ++k)
            for (const graph::HandleSide side : {graph::HandleSide::In, graph::HandleSide::Out})
                if (const auto end = handlePosition(c, k, side)) {
                    const QPointF key = keyPosition(c, k);
                    painter.setPen(QPen(lineColor, 1.0));
                    painter.drawLine(key, *end);
                    painter.setPen(QPen(QColor(20, 20, 22), 1.0));
                    painter.setBrush(componentColor(m_curves[c].component).lighter(130));
                    painter.drawEllipse(*end, 3.5, 3.5);
                }
}

void GraphView::paintLegend(QPainter& painter) const
{
    const QPalette& pal = palette();
    painter.fillRect(QRect(0, 0, style::kGutterWidth, m_rulerHeight), pal.color(QPalette::Button));
    painter.setPen(pal.color(QPalette::WindowText));
    if (m_rulerHeight > 0)
        painter.drawText(QRect(6, 0, style::kGutterWidth - 12, m_rulerHeight), Qt::AlignVCenter, tr("Channels"));
    const auto rows = legendRows();
    const int textX = 8;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const LegendRow& row = rows[r];
        const QRect box(0, m_rulerHeight + static_cast<int>(r) * style::kRowHeight, style::kGutterWidth,
                        style::kRowHeight);
        if (box.top() > height())
            break;
        if (row.jointHeader) {
            const auto& names = m_document->rig().skeleton.names;
            const QString name = static_cast<std::size_t>(row.joint) < names.size()
                                     ? QString::fromStdString(names[static_cast<std::size_t>(row.joint)])
                                     : QString();
            QFont bold = painter.font();
            bold.setBold(true);
            painter.save();
            painter.setFont(bold);
            painter.setPen(pal.color(QPalette::WindowText));
            painter.drawText(box.adjusted(textX - 2, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                             painter.fontMetrics().elidedText(name, Qt::ElideRight, box.width() - textX - 4));
            painter.restore();
            continue;
        }
        const bool shown = isChannelShown(row.joint, row.kind);
        QColor text = pal.color(QPalette::WindowText);
        text.setAlpha(shown ? 220 : 90);
        painter.setPen(text);
        painter.drawText(box.adjusted(textX + 10, 0, -40, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         tr(channelLabel(row.kind)));
        // x y z swatches: filled while shown, hollow when hidden.
        for (int i = 0; i < 3; ++i) {
            const QRect swatch(box.right() - 34 + i * 10, box.center().y() - 3, 7, 7);
            painter.setPen(componentColor(i));
            painter.setBrush(shown ? componentColor(i) : QColor(Qt::transparent));
            painter.drawRect(swatch);
        }
    }
}

} // namespace marrow::ui
