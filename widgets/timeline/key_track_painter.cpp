// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_track_painter.h"

#include "widgets/common/name_elide.h"
#include "widgets/timeline/key_drag_controller.h"
#include "widgets/timeline/key_ghosts.h"
#include "widgets/timeline/key_track_model.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <array>
#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;
using Row = KeyTrackModel::Row;
using RowKind = KeyTrackModel::RowKind;

namespace {

constexpr int kBoneIndent = 18;     // bone names, right of their fold triangle
constexpr int kChannelIndent = 28;  // channel names, right of their colour swatch
constexpr int kSummaryIndent = 10;  // the summary's name
constexpr int kFoldCentreX = kFoldZoneWidth / 2 + 1;
constexpr int kGhostAlpha = 70;     // the keys a drag is moving, left behind

// Glyphs centred on a pixel's centre, so their edges land on whole pixels.
void drawDiamond(QPainter& painter, double cx, double cy, double r)
{
    const std::array<QPointF, 4> points{QPointF(cx, cy - r), QPointF(cx + r, cy), QPointF(cx, cy + r),
                                        QPointF(cx - r, cy)};
    painter.drawPolygon(points.data(), static_cast<int>(points.size()));
}

// A key's glyph: Constant a square, Linear a diamond, Cubic a circle (channel
// rows only; summary and bone rows are always diamonds).
void drawKey(QPainter& painter, int x, int y, int radius, RowKind kind, anim::Interpolation mode)
{
    const double cx = x + 0.5;
    const double cy = y + 0.5;
    if (kind != RowKind::Channel || mode == anim::Interpolation::Linear) {
        drawDiamond(painter, cx, cy, radius);
        return;
    }
    const double r = radius * 0.8;  // a square and a circle about as heavy as the diamond
    if (mode == anim::Interpolation::Step)
        painter.drawRect(QRectF(cx - r, cy - r, 2 * r, 2 * r));
    else
        painter.drawEllipse(QPointF(cx, cy), r + 0.4, r + 0.4);
}

// A bone row's fold triangle (Blender's group disclosure): right when its
// channels are folded away, down when they show.
void drawFoldTriangle(QPainter& painter, const QRect& row, bool collapsed, const QColor& color)
{
    const QPointF c(kFoldCentreX + 0.5, row.center().y() + 0.5);
    const double h = 3.5;
    const QPolygonF triangle = collapsed ? QPolygonF({c + QPointF(-h * 0.6, -h), c + QPointF(-h * 0.6, h), c + QPointF(h * 0.8, 0)})
                                         : QPolygonF({c + QPointF(-h, -h * 0.6), c + QPointF(h, -h * 0.6), c + QPointF(0, h * 0.8)});
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(triangle);
}

int radiusOf(RowKind kind)
{
    return kind == RowKind::Summary ? style::kSummaryRadius : style::kKeyRadius;
}

void paintGutterRow(QPainter& painter, const KeyTrackPaint& p, int index, const QRect& rect, int width)
{
    const Row& r = p.model.row(index);
    const QPalette& pal = p.palette;
    const QRect label(0, rect.top(), style::gutterWidth() - 1, rect.height());
    const QString& text = p.labels[static_cast<std::size_t>(index)];
    if (r.kind != RowKind::Channel) {
        // Summary and bone rows are bands across the whole width: a block starts here.
        const QRect band(0, rect.top(), width, rect.height());
        painter.fillRect(band, r.kind == RowKind::Summary ? pal.color(QPalette::Dark) : pal.color(QPalette::Button));
        painter.setPen(pal.color(QPalette::Shadow));
        painter.drawLine(0, rect.top(), width - 1, rect.top());
        if (r.kind == RowKind::Bone && r.joint == p.currentJoint)  // the inspector's bone: a bar at the edge
            painter.fillRect(QRect(0, rect.top() + 1, 3, rect.height() - 1), pal.color(QPalette::Highlight));
        const QString shown = gutterText(painter.font(), r.kind, text);
        QFont bold = painter.font();
        bold.setBold(true);
        painter.save();
        painter.setFont(bold);
        QColor color = pal.color(QPalette::WindowText);
        if (r.times.empty())
            color.setAlpha(120);  // a selected bone without keys recedes
        painter.setPen(color);
        painter.drawText(label.adjusted(r.kind == RowKind::Bone ? kBoneIndent : kSummaryIndent, 0, 0, 0),
                         Qt::AlignVCenter | Qt::AlignLeft, shown);
        if (r.kind == RowKind::Bone && r.channelCount > 0)
            drawFoldTriangle(painter, rect, r.collapsed, color);
        painter.restore();
        return;
    }
    // Faint separators between channel rows keep long rows readable.
    QColor separator = pal.color(QPalette::WindowText);
    separator.setAlpha(14);
    painter.setPen(separator);
    painter.drawLine(style::gutterWidth(), rect.bottom(), width - 1, rect.bottom());
    const QColor color = style::channelColor(r.channel);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(color.darker(150));
    painter.setBrush(color);
    drawDiamond(painter, kChannelIndent - 12 + 0.5, rect.center().y() + 0.5, 4);
    painter.restore();
    QColor textColor = pal.color(QPalette::WindowText);
    textColor.setAlpha(210);
    painter.setPen(textColor);
    painter.drawText(label.adjusted(kChannelIndent, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                     gutterText(painter.font(), r.kind, text));
}

void paintKeys(QPainter& painter, const KeyTrackPaint& p, int index, const QRect& timeArea)
{
    const Row& r = p.model.row(index);
    if (r.times.empty())
        return;
    const int radius = radiusOf(r.kind);
    const int y = static_cast<int>(p.model.rowCenterY(index));
    const bool dragging = p.drag.isActive();
    // Only keys whose glyphs reach into the visible range (ghosts may come from anywhere).
    const double margin = (radius + 1) / p.geometry.pixelsPerSecond();
    const double start = p.geometry.pixelToTime(timeArea.left() - style::gutterWidth()) - margin;
    const double end = p.geometry.pixelToTime(timeArea.right() + 1 - style::gutterWidth()) + margin;
    const auto first = dragging ? r.times.begin() : std::lower_bound(r.times.begin(), r.times.end(), start);
    const auto last = dragging ? r.times.end() : std::upper_bound(first, r.times.end(), end);
    const double halfFrame = 0.5 / p.geometry.fps();
    QColor outline(0, 0, 0, 170);
    for (auto it = first; it != last; ++it) {
        const auto k = static_cast<std::size_t>(it - r.times.begin());
        const bool selected = r.selected[k];
        QColor fill = selected ? selectedKeyColor() : keyColor();
        if (r.kind == RowKind::Summary && !selected)
            fill = fill.darker(115);
        if (selected && dragging) {
            // The ghost goes where the key would land; the original stays
            // faintly, or plainly when unselected keys remain under it.
            const bool inView = *it >= start && *it <= end;
            if (inView) {
                QColor left = r.allSelected[k] ? fill : keyColor();
                left.setAlpha(r.allSelected[k] ? kGhostAlpha : 255);
                painter.setPen(r.allSelected[k] ? QPen(Qt::NoPen) : QPen(outline, 1.0));
                painter.setBrush(left);
                drawKey(painter, style::timeToX(p.geometry, *it), y, radius, r.kind, r.interpolations[k]);
            }
            painter.setPen(QPen(outline, 1.0));
            painter.setBrush(fill);
            const std::span<const double> landed = p.ghosts ? p.ghosts->at(index, k) : std::span<const double>();
            if (landed.empty())
                drawKey(painter, style::timeToX(p.geometry, p.drag.map(*it)), y, radius, r.kind, r.interpolations[k]);
            for (const double t : landed)
                drawKey(painter, style::timeToX(p.geometry, t), y, radius, r.kind, r.interpolations[k]);
            continue;
        }
        if (dragging && (*it < start || *it > end))
            continue;
        // Keys on the playhead's frame get a light outline: "this frame is keyed".
        const bool onPlayhead = p.playhead >= 0.0 && std::abs(*it - p.playhead) < halfFrame;
        painter.setPen(onPlayhead ? QPen(QColor(250, 250, 250), 1.0) : QPen(outline, 1.0));
        painter.setBrush(fill);
        drawKey(painter, style::timeToX(p.geometry, *it), y, radius, r.kind, r.interpolations[k]);
    }
}

} // namespace

QString gutterText(const QFont& font, RowKind kind, const QString& label)
{
    const int column = style::gutterWidth() - 1;  // as paintGutterRow's label rect
    if (kind == RowKind::Channel)
        return elideName(QFontMetrics(font), label, column - kChannelIndent - 4);
    QFont bold = font;
    bold.setBold(true);
    // The summary row leaves room for its Only Selected button.
    const int room = kind == RowKind::Summary ? column - kSummaryIndent - 64 : column - kBoneIndent - 4;
    return elideName(QFontMetrics(bold), label, room);
}

QColor keyColor() { return {222, 222, 222}; }
QColor selectedKeyColor() { return {255, 176, 48}; }

void paintKeyTracks(QPainter& painter, const KeyTrackPaint& p, QSize size, const QRect& dirty)
{
    const QPalette& pal = p.palette;
    const QRect gutter(0, 0, style::gutterWidth(), size.height());
    const QRect timeArea(style::gutterWidth(), 0, std::max(0, size.width() - style::gutterWidth()), size.height());
    painter.fillRect(gutter, pal.color(QPalette::Window));
    painter.fillRect(timeArea, pal.color(QPalette::Base));

    // Only the rows the paint event touches: a long list of bones stays cheap.
    const int h = p.model.rowHeight();
    const int first = std::max(0, dirty.top() / h);
    const int last = std::min(p.model.rowCount() - 1, dirty.bottom() / h);
    for (int i = first; i <= last; ++i)
        paintGutterRow(painter, p, i, QRect(0, p.model.rowTop(i), size.width(), h), size.width());

    style::paintOutsideRange(painter, p.geometry, timeArea, p.duration, p.rangeStart);
    style::paintGrid(painter, p.geometry, timeArea, pal);

    painter.save();
    painter.setClipRect(timeArea);
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (int i = first; i <= last; ++i)
        paintKeys(painter, p, i, timeArea);
    painter.restore();

    if (p.playhead >= 0.0)
        style::paintPlayheadLine(painter, p.geometry, timeArea, p.playhead);
    if (!p.emptyHint.isEmpty()) {
        QColor text = pal.color(QPalette::WindowText);
        text.setAlpha(120);
        painter.setPen(text);
        const int top = p.model.rowCount() * h;
        painter.drawText(QRect(timeArea.left(), top, timeArea.width(), 3 * h), Qt::AlignCenter, p.emptyHint);
    }
    if (p.box) {
        QColor fill = pal.color(QPalette::Highlight);
        fill.setAlpha(40);
        painter.setPen(QPen(pal.color(QPalette::Highlight), 1.0, Qt::DashLine));
        painter.setBrush(fill);
        painter.drawRect(p.box->normalized().adjusted(0, 0, -1, -1));
    }
    painter.setPen(pal.color(QPalette::Shadow));
    painter.drawLine(gutter.right(), 0, gutter.right(), size.height() - 1);
}

} // namespace marrow::ui
