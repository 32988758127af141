// SPDX-License-Identifier: MIT
// GraphView's painting: the ruler strip, the plot image (see
// graph_view_plot.cpp) with the playhead and a box selection over it; the
// channel list paints in graph_view_channels.cpp.
#include "widgets/timeline/graph/graph_view.h"

#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/timeline_style.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;

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
    renderPlot(painter.device()->devicePixelRatioF());
    painter.drawImage(plot.topLeft(), m_plot);

    // Over the cached plot: what moves without changing it.
    painter.save();
    painter.setClipRect(plot);
    if (m_playback)
        style::paintPlayheadLine(painter, *m_geometry, plot, m_playback->time());
    if (m_drag == Drag::Box && m_dragStarted) {
        QColor fill = pal.color(QPalette::Highlight);
        fill.setAlpha(40);
        painter.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DashLine));
        painter.setBrush(fill);
        painter.drawRect(QRectF(m_pressPos, m_lastPos).normalized());
    }
    painter.restore();

    if (m_rulerHeight > 0)
        paintRuler(painter);
    updateChannelScroll();
    paintChannelList(painter);
    painter.setPen(pal.color(QPalette::Shadow));
    painter.drawLine(style::gutterWidth() - 1, 0, style::gutterWidth() - 1, height() - 1);
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

} // namespace marrow::ui
