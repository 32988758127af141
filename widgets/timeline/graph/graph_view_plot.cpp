// SPDX-License-Identifier: MIT
// GraphView's plot image: the background, both grids with their labels, the
// curves and keys (straight into the image, PlotRaster), the tangent
// handles. Drawn again only when what it shows changed (plotState).
#include "widgets/timeline/graph/graph_view.h"

#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "widgets/timeline/graph/graph_colors.h"
#include "widgets/timeline/graph/plot_raster.h"
#include "widgets/timeline/timeline_style.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

using graph::componentColor;

constexpr double kCurveWidth = 1.5;
constexpr double kKeyRadius = 3.5;
constexpr double kSelectedKeyRadius = 4.5;

QString valueLabel(double value, double step)
{
    const int decimals = std::clamp(static_cast<int>(-std::floor(std::log10(step) + 1e-9)), 0, 6);
    if (std::abs(value) < step * 1e-6)
        value = 0.0;  // no "-0.00"
    return QString::number(value, 'f', decimals);
}

// The indices [first, last) of the sorted `times` a view of [t0, t1] needs:
// those inside and one neighbour each side, so lines reach the edges.
template <class Times, class TimeOf>
std::pair<std::size_t, std::size_t> visibleRange(const Times& times, double t0, double t1, TimeOf timeOf)
{
    const auto lo = std::lower_bound(times.begin(), times.end(), t0,
                                     [&](const auto& e, double t) { return timeOf(e) < t; });
    const auto hi = std::upper_bound(times.begin(), times.end(), t1,
                                     [&](double t, const auto& e) { return t < timeOf(e); });
    const auto first = static_cast<std::size_t>(lo - times.begin());
    const auto last = static_cast<std::size_t>(hi - times.begin());
    return {first > 0 ? first - 1 : 0, std::min(times.size(), last + 1)};
}

} // namespace

GraphView::PlotState GraphView::plotState(qreal dpr) const
{
    PlotState s;
    s.curves = m_curvesGeneration;
    s.keySelection = m_keySelectionGeneration;
    s.pixelsPerSecond = m_geometry->pixelsPerSecond();
    s.start = m_geometry->visibleStart();
    s.fps = m_geometry->fps();
    s.duration = m_playback ? m_playback->duration() : 0.0;
    s.rangeStart = m_playback ? m_playback->start() : 0.0;
    s.valueBottom = m_values.bottom();
    s.valueTop = m_values.top();
    s.size = plotRect().size();
    s.dpr = dpr;
    s.palette = palette().cacheKey();
    s.font = font().key();
    s.drag = m_drag == Drag::MoveKeys ? (m_dragStarted ? 2 : 1) : 0;
    return s;
}

void GraphView::renderPlot(qreal dpr) const
{
    const PlotState state = plotState(dpr);
    if (m_plotState && *m_plotState == state)
        return;
    m_plotState = state;
    ++m_plotRenders;
    const QRect plot = plotRect();
    const QSize device(static_cast<int>(std::ceil(plot.width() * dpr)), static_cast<int>(std::ceil(plot.height() * dpr)));
    if (device.isEmpty()) {
        m_plot = QImage();  // nothing to paint on (a widget not laid out yet)
        return;
    }
    // RGB32: opaque, so the widget copies it instead of blending.
    if (m_plot.size() != device)
        m_plot = QImage(device, QImage::Format_RGB32);
    m_plot.setDevicePixelRatio(dpr);
    const QPalette& pal = palette();
    // The dense layers straight into the image (PlotRaster), then the text and the handles with QPainter.
    graph::PlotRaster raster(m_plot);
    rasterBackground(raster, dpr, state);
    rasterCurves(raster, dpr);
    QPainter painter(&m_plot);
    painter.translate(-plot.topLeft());  // widget coordinates, as xOf and yOf give
    painter.setFont(font());
    paintValueLabels(painter);
    painter.setRenderHint(QPainter::Antialiasing, true);
    paintHandles(painter);
    if (m_curves.empty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(plot, Qt::AlignCenter, tr("Select bones with keys in this clip to see their curves"));
    }
}

QRect GraphView::plotDeviceRect(const QRect& r, qreal dpr) const
{
    const QPoint origin = plotRect().topLeft();
    const auto device = [&](int v, int o) { return static_cast<int>(std::lround((v - o) * dpr)); };
    const int x0 = device(r.left(), origin.x()), x1 = device(r.left() + r.width(), origin.x());
    const int y0 = device(r.top(), origin.y()), y1 = device(r.top() + r.height(), origin.y());
    return QRect(x0, y0, x1 - x0, y1 - y0);
}

void GraphView::rasterBackground(graph::PlotRaster& raster, qreal dpr, const PlotState& state) const
{
    const QPalette& pal = palette();
    const QRect plot = plotRect();
    raster.fillRect(plotDeviceRect(plot, dpr), pal.color(QPalette::Base).rgba() | 0xff000000u);
    const QRgb shade = qPremultiply(style::outsideRangeShade().rgba());
    for (const QRect& r : style::outsideRangeRects(*m_geometry, plot, state.duration, state.rangeStart))
        raster.fillRect(plotDeviceRect(r, dpr), shade);
    const QRgb grid = qPremultiply(style::gridLineColor(pal).rgba());
    for (const int x : style::gridLineXs(*m_geometry, plot))
        raster.fillRect(plotDeviceRect(QRect(x, plot.top(), 1, plot.height()), dpr), grid);
    rasterValueGrid(raster, dpr);
}

void GraphView::rasterCurves(graph::PlotRaster& raster, qreal dpr) const
{
    const QPalette& pal = palette();
    m_stamps.prepare({pal.color(QPalette::Shadow),
                      {componentColor(0).darker(170), componentColor(1).darker(170), componentColor(2).darker(170),
                       componentColor(3).darker(170)},
                      QColor(255, 255, 255), pal.color(QPalette::Highlight), kKeyRadius, kSelectedKeyRadius, dpr});
    const double pps = m_geometry->pixelsPerSecond();
    const double deviceWidth = m_plot.width();
    // Curve samples a few pixels past the edges; keys as far as a stamp reaches.
    const double t0 = m_geometry->pixelToTime(-2.0), t1 = m_geometry->pixelToTime(m_geometry->width() + 2.0);
    const double keyMargin = (kSelectedKeyRadius + 2.0) / pps;
    std::vector<double> xs, ys;
    for (const graph::GraphCurve& curve : m_curves) {
        if (curve.times.empty())
            continue;
        const auto x = [&](double t) { return m_geometry->timeToPixel(t) * dpr; };
        const auto y = [&](double v) { return m_values.valueToPixel(v) * dpr; };
        const auto [first, last] = visibleRange(curve.times, t0, t1, [](double t) { return t; });
        xs.clear();
        ys.clear();
        // Before the first key and after the last the channel holds its value.
        if (first == 0) {
            xs.push_back(std::min(-2.0 * dpr, x(curve.times.front())));
            ys.push_back(y(curve.values.front()));
        }
        for (std::size_t i = first; i < last; ++i) {
            xs.push_back(x(curve.times[i]));
            ys.push_back(y(curve.values[i]));
        }
        if (last == curve.times.size()) {
            xs.push_back(std::max(deviceWidth + 2.0 * dpr, x(curve.times.back())));
            ys.push_back(y(curve.values.back()));
        }
        raster.polyline(xs, ys, componentColor(curve.component).rgb(), kCurveWidth * dpr);

        const auto [k0, k1] = visibleRange(curve.keys, t0 - keyMargin, t1 + keyMargin,
                                           [](const graph::KeyPoint& k) { return k.time; });
        int lastX = 0, lastY = 0;
        bool lastSelected = false, any = false;
        for (std::size_t k = k0; k < k1; ++k) {
            const graph::KeyPoint& key = curve.keys[k];
            const bool selected = keySelected(curve, key);
            const double py = y(key.value);
            if (py < -1.0e6 || py > 1.0e6)
                continue;
            const int px = static_cast<int>(std::floor(x(key.time) + 0.5));
            const int iy = static_cast<int>(std::floor(py + 0.5));
            // A key on the pixel of the one before, drawn alike, would not show.
            if (any && px == lastX && iy == lastY && selected == lastSelected)
                continue;
            raster.stamp(m_stamps.key(curve.component, selected), px, iy);
            lastX = px;
            lastY = iy;
            lastSelected = selected;
            any = true;
        }
    }
}

void GraphView::rasterValueGrid(graph::PlotRaster& raster, qreal dpr) const
{
    const QRect plot = plotRect();
    const double step = m_values.tickStep(36.0);
    QColor zero = palette().color(QPalette::WindowText);
    zero.setAlpha(60);
    const QRgb line = qPremultiply(style::gridLineColor(palette()).rgba()), zeroLine = qPremultiply(zero.rgba());
    for (double i = std::ceil(m_values.bottom() / step); i <= std::floor(m_values.top() / step); i += 1.0) {
        const int y = static_cast<int>(std::lround(yOf(i * step)));
        raster.fillRect(plotDeviceRect(QRect(plot.left(), y, plot.width(), 1), dpr), i == 0.0 ? zeroLine : line);
    }
}

void GraphView::paintValueLabels(QPainter& painter) const
{
    const QRect plot = plotRect();
    const double step = m_values.tickStep(36.0);
    QColor text = palette().color(QPalette::WindowText);
    text.setAlpha(170);
    painter.setPen(text);
    for (double i = std::ceil(m_values.bottom() / step); i <= std::floor(m_values.top() / step); i += 1.0) {
        const double v = i * step;
        const int y = static_cast<int>(std::lround(yOf(v)));
        // The label sits above its line; one that would run under the ruler is left out.
        if (y - 3 - painter.fontMetrics().ascent() < plot.top())
            continue;
        painter.drawText(plot.left() + 4, y - 3, valueLabel(v, step));
    }
}

void GraphView::paintHandles(QPainter& painter) const
{
    // Handles show on selected keys only, and hide while keys are dragged.
    if (!m_keys || m_keys->isEmpty() || m_drag == Drag::MoveKeys)
        return;
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

} // namespace marrow::ui
