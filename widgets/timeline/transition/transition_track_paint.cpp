// SPDX-License-Identifier: MIT
// TransitionTrackView's painting: bars, the blend and its weight curve,
// handles, the foot-slide plot and the playhead.
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/transition_preview.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"
#include "widgets/timeline/transition/transition_colors.h"
#include "widgets/timeline/transition/transition_track_view.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

using namespace timeline_style;

namespace {

void paintBar(QPainter& p, const QRect& bar, const QColor& colour, const QString& label)
{
    if (bar.width() <= 0)
        return;
    p.setPen(colour.lighter(130));
    p.setBrush(colour.darker(160));
    p.drawRoundedRect(bar.adjusted(0, 0, -1, -1), 3, 3);
    p.setPen(Qt::white);
    p.drawText(bar.adjusted(6, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
}

} // namespace

void TransitionTrackView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRect timeArea(gutterWidth(), 0, width() - gutterWidth(), height());
    p.fillRect(QRect(0, 0, gutterWidth(), height()), pal.color(QPalette::Window));
    const model::Transition* t = m_preview ? m_preview->transition() : nullptr;
    if (!t) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(timeArea, Qt::AlignCenter, tr("Choose a transition in the Transitions dock"));
        return;
    }
    const TransitionSpans s = transitionSpans(*t, m_document->rig());
    paintOutsideRange(p, *m_geometry, timeArea, s.length);
    paintGrid(p, *m_geometry, timeArea, pal);
    p.save();
    p.setClipRect(timeArea);
    paintBars(p, *t, s);
    p.restore();
    paintPlot(p);
    p.setPen(pal.color(QPalette::Text));
    const auto& clips = m_document->rig().clips;
    p.drawText(QRect(6, kRowATop, gutterWidth() - 8, kRowHeight), Qt::AlignVCenter,
               tr("A  %1").arg(QString::fromStdString(clips[static_cast<std::size_t>(t->clipA)].name)));
    p.drawText(QRect(6, kRowBTop, gutterWidth() - 8, kRowHeight), Qt::AlignVCenter,
               tr("B  %1").arg(QString::fromStdString(clips[static_cast<std::size_t>(t->clipB)].name)));
    paintPlayheadLine(p, *m_geometry, timeArea, m_playback ? m_playback->time() : 0.0);
}

void TransitionTrackView::paintBars(QPainter& p, const model::Transition& t, const TransitionSpans& s)
{
    auto x = [this](double seconds) { return timeToX(*m_geometry, seconds); };
    const QRect rowA(x(0.0), kRowATop, x(s.aEnd) - x(0.0), kRowHeight);
    const QRect rowB(x(s.bStart), kRowBTop, x(s.length) - x(s.bStart), kRowHeight);
    paintBar(p, rowA, transition_colors::sideA(), t.cycleA ? tr("cycles") : QString());
    paintBar(p, rowB, transition_colors::sideB(), tr("from %1 s").arg(t.offset, 0, 'f', 2));
    // Past a clip's own end it holds its last pose (or loops): hatch it.
    p.setPen(Qt::NoPen);
    p.setBrush(QBrush(QColor(0, 0, 0, 90), Qt::BDiagPattern));
    if (s.aClipEnd < s.aEnd)
        p.drawRect(QRect(x(s.aClipEnd), kRowATop, x(s.aEnd) - x(s.aClipEnd), kRowHeight));
    if (s.bClipEnd < s.length)
        p.drawRect(QRect(x(s.bClipEnd), kRowBTop, x(s.length) - x(s.bClipEnd), kRowHeight));
    // The blend, shaded over both rows, with its weight curve rising from
    // B's row (weight 0 at the bottom) to A's (1 at the top).
    const int top = kRowATop, bottom = kRowBTop + kRowHeight;
    const QRect blend(x(s.bStart), top, std::max(1, x(s.blendEnd) - x(s.bStart)), bottom - top);
    p.setBrush(QColor(255, 255, 255, 28));
    p.drawRect(blend);
    QPainterPath curve;
    constexpr int kSteps = 48;
    for (int i = 0; i <= kSteps; ++i) {
        const double u = static_cast<double>(i) / kSteps;
        const QPointF pt(blend.left() + u * blend.width(), bottom - t.curve(static_cast<float>(u)) * (bottom - top));
        if (i == 0)
            curve.moveTo(pt);
        else
            curve.lineTo(pt);
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(250, 250, 250), 2));
    p.drawPath(curve);
    // A slowed blend profile: a dashed line where its slowest joint finishes.
    if (std::abs(s.slowestEnd - s.blendEnd) > 1e-6) {
        QColor ink = palette().color(QPalette::Text);  // reads on the light timeline and over the bars
        ink.setAlpha(190);
        p.setPen(QPen(ink, 1.5, Qt::DashLine));
        p.drawLine(x(s.slowestEnd), top, x(s.slowestEnd), bottom);
        p.drawText(QRect(x(s.slowestEnd) + 3, top, 160, kRowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("slowest joint"));
    }
    // Handles: the blend's start (exit) and end (duration).
    for (TransitionHandle h : {TransitionHandle::Exit, TransitionHandle::Duration}) {
        const int hx = handleX(h);
        const bool active = m_drag == h;
        p.setPen(QPen(active ? playheadColor() : QColor(235, 235, 235), active ? 3 : 2));
        p.drawLine(hx, top - 2, hx, bottom + 2);
        p.setBrush(active ? playheadColor() : QColor(235, 235, 235));
        p.drawRect(QRectF(hx - 3.5, bottom - 6, 7, 10));
    }
}

void TransitionTrackView::paintPlot(QPainter& p)
{
    const QRect plot(gutterWidth(), kPlotTop + 4, width() - gutterWidth(), height() - kPlotTop - 8);
    p.setPen(QColor(255, 255, 255, 40));
    p.drawLine(0, kPlotTop, width(), kPlotTop);
    if (plot.height() < 12)
        return;
    const ws::TransitionPreview::FootSlide& slide = m_preview->footSlide();
    const anim::GaitReport* reports[] = {&slide.alongA, &slide.alongB, &slide.blended};
    const QColor colours[] = {transition_colors::sideA(), transition_colors::sideB(), transition_colors::blended()};
    // A fixed scale, so transitions compare by eye: the top is a foot sliding
    // its contact height in one frame (more is clipped to the top); an
    // all-zero transition is a flat line on the bottom.
    const double axisTop = slide.contactHeight > 0.f ? static_cast<double>(slide.contactHeight) : 1.0;
    const auto yOf = [&](double v) { return plot.bottom() - std::clamp(v / axisTop, 0.0, 1.0) * plot.height(); };
    QColor label = palette().color(QPalette::Text);
    label.setAlpha(60);
    p.setPen(QPen(label, 1, Qt::DotLine));
    p.drawLine(plot.left(), plot.top(), plot.right(), plot.top());
    p.drawLine(plot.left(), plot.bottom(), plot.right(), plot.bottom());
    QFont axisFont = font();
    axisFont.setPointSizeF(axisFont.pointSizeF() * 0.8);
    p.setFont(axisFont);
    label.setAlpha(150);
    p.setPen(label);
    // Labels at the axis's start, where the preview begins (the area past T is shaded over).
    const int labelX = std::max(plot.left(), timeToX(*m_geometry, 0.0)) + 4;
    p.drawText(QRect(labelX, plot.top() - 2, 260, 14), Qt::AlignLeft | Qt::AlignTop,
               tr("top: %1 per frame (file units)").arg(axisTop, 0, 'g', 3));
    p.setFont(font());
    p.save();
    p.setClipRect(plot.adjusted(0, -2, 0, 2));
    // The blend first and wide, A and B thin on top: where the blend is one
    // side's pose, that side's line runs inside the blend's.
    for (int i : {2, 0, 1}) {
        const std::vector<double>& steps = reports[i]->steps;
        QPainterPath path;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const QPointF pt(timeToX(*m_geometry, static_cast<double>(k) / slide.fps),
                             yOf(steps[k]));
            if (k == 0)
                path.moveTo(pt);
            else
                path.lineTo(pt);
        }
        p.setPen(QPen(colours[i], i == 2 ? 3.0 : 1.2));
        p.drawPath(path);
    }
    p.restore();
    // The legend in the gutter, coloured like the lines: the dock's figures,
    // cm per metre of leg (A and B over a cycle of their own, the blend over it).
    const double figures[] = {100.0 * slide.a.perLegLength, 100.0 * slide.b.perLegLength,
                              100.0 * slide.blendPerLegLength};
    const QString names[] = {tr("A"), tr("B"), tr("blend")};
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    // Two lines fit a short track: the title with the blend's total, then A and B.
    const int lineHeight = std::max(11, (height() - kPlotTop - 4) / 2);
    const int third = (gutterWidth() - 8) / 3;
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(6, kPlotTop + 2, third + 12, lineHeight), Qt::AlignVCenter, tr("Slide"));
    const QRect places[] = {QRect(6, kPlotTop + 2 + lineHeight, third + 12, lineHeight),
                            QRect(6 + third + 12, kPlotTop + 2 + lineHeight, 2 * third - 12, lineHeight),
                            QRect(6 + third + 12, kPlotTop + 2, 2 * third - 12, lineHeight)};
    for (int i = 0; i < 3; ++i) {
        // The blend's light line colour would vanish on the gutter: its total in the text colour.
        p.setPen(i == 2 ? palette().color(QPalette::Text) : colours[i]);
        p.drawText(places[i], Qt::AlignVCenter,
                   QStringLiteral("%1 %2").arg(names[i]).arg(figures[i], 0, 'f', 1));
    }
}

} // namespace marrow::ui
