// SPDX-License-Identifier: MIT
// GraphView's painting: the legend, the ruler strip, the plot image (see
// graph_view_plot.cpp) with the playhead and a box selection over it.
#include "widgets/timeline/graph/graph_view.h"

#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/graph/graph_colors.h"
#include "widgets/timeline/timeline_style.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <span>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

using graph::componentColor;

const char* channelLabel(doc::ChannelKind kind, bool quaternion)
{
    switch (kind) {
    case doc::ChannelKind::Translation: return "Location";
    case doc::ChannelKind::Rotation: return quaternion ? "Quaternion" : "Rotation (°)";
    case doc::ChannelKind::Scale: return "Scale";
    }
    return "";
}

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
        const anim::JointTrack* track = documentTrack(row.joint);
        const bool quaternion =
            row.kind == doc::ChannelKind::Rotation && track && !anim::isEuler(track->rotationMode);
        QColor text = pal.color(QPalette::WindowText);
        text.setAlpha(shown ? 220 : 90);
        painter.setPen(text);
        painter.drawText(box.adjusted(textX + 10, 0, -50, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         tr(channelLabel(row.kind, quaternion)));
        // x y z (w x y z) swatches, filled while shown, hollow when hidden.
        static constexpr int kXyz[] = {0, 1, 2}, kWxyz[] = {3, 0, 1, 2};
        const std::span<const int> order = quaternion ? std::span<const int>(kWxyz) : kXyz;
        int x = box.right() - 4 - 10 * static_cast<int>(order.size());
        for (const int component : order) {
            const QRect swatch(x, box.center().y() - 3, 7, 7);
            x += 10;
            painter.setPen(componentColor(component));
            painter.setBrush(shown ? componentColor(component) : QColor(Qt::transparent));
            painter.drawRect(swatch);
        }
    }
}

} // namespace marrow::ui
