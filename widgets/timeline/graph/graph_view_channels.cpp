// SPDX-License-Identifier: MIT
// GraphView's channel list, the left column below the ruler: the rows
// (graph::channelRows, bone-tree order), their painting with each curve's
// visibility swatch, clicks that show or hide a channel or one axis, the
// wheel that scrolls it, and the tooltip that names a row whole.
#include "widgets/timeline/graph/graph_view.h"

#include "core/document/document.h"
#include "widgets/common/name_elide.h"
#include "widgets/timeline/graph/graph_colors.h"
#include "widgets/timeline/timeline_style.h"

#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

using graph::ChannelRow;
using graph::componentColor;

constexpr int kTextX = 6;        // a bone's name
constexpr int kChannelX = 16;    // a channel's label
constexpr int kAxisX = 28;       // an axis row's swatch, its letter after it
constexpr int kSwatch = 7;
constexpr int kRowsPerNotch = 3;  // as item views scroll

QString channelLabel(doc::ChannelKind kind, bool quaternion)
{
    switch (kind) {
    case doc::ChannelKind::Translation: return GraphView::tr("Location");
    case doc::ChannelKind::Rotation: return quaternion ? GraphView::tr("Quaternion") : GraphView::tr("Rotation (°)");
    case doc::ChannelKind::Scale: return GraphView::tr("Scale");
    }
    return {};
}

QString axisLabel(int component)
{
    static const char* const kNames[] = {"X", "Y", "Z", "W"};
    return component >= 0 && component < 4 ? QString::fromLatin1(kNames[component]) : QString();
}

QFont boldOf(QFont font)
{
    font.setBold(true);
    return font;
}

} // namespace

std::vector<graph::ChannelRow> GraphView::channelRows() const
{
    const std::vector<model::JointIndex> joints = shownJoints();
    return graph::channelRows(joints, [this](model::JointIndex j) { return documentTrack(j); });
}

std::optional<std::size_t> GraphView::channelRowIndex(const graph::ChannelRow& row) const
{
    const auto rows = channelRows();
    const auto it = std::find(rows.begin(), rows.end(), row);
    return it == rows.end() ? std::nullopt : std::optional<std::size_t>(static_cast<std::size_t>(it - rows.begin()));
}

QRect GraphView::channelListRect() const
{
    return {0, m_rulerHeight, style::gutterWidth(), std::max(0, height() - m_rulerHeight)};
}

int GraphView::channelRowWidth() const
{
    // Less the divider line and, while shown, the scroll bar.
    return style::gutterWidth() - 1 - (m_channelScroll->isVisible() ? m_channelScroll->width() : 0);
}

QRect GraphView::channelRowRect(std::size_t row) const
{
    return row < channelRows().size() ? rowRect(row) : QRect();
}

QRect GraphView::rowRect(std::size_t row) const
{
    const int top = m_rulerHeight + static_cast<int>(row) * style::kRowHeight - m_channelScroll->value();
    return {0, top, channelRowWidth(), style::kRowHeight};
}

void GraphView::updateChannelScroll()
{
    const QRect list = channelListRect();
    const int content = static_cast<int>(channelRows().size()) * style::kRowHeight;
    const int overflow = std::max(0, content - list.height());
    m_channelScroll->setRange(0, overflow);
    m_channelScroll->setPageStep(std::max(1, list.height()));
    m_channelScroll->setSingleStep(style::kRowHeight);
    const int w = m_channelScroll->sizeHint().width();
    m_channelScroll->setGeometry(style::gutterWidth() - 1 - w, list.top(), w, list.height());
    m_channelScroll->setVisible(overflow > 0);
}

QString GraphView::channelRowText(std::size_t row) const
{
    const auto rows = channelRows();
    return row < rows.size() ? rowText(rows[row]) : QString();
}

QString GraphView::jointName(model::JointIndex joint) const
{
    if (!m_document || joint < 0 || static_cast<std::size_t>(joint) >= m_document->rig().skeleton.names.size())
        return {};
    return QString::fromStdString(m_document->rig().skeleton.names[static_cast<std::size_t>(joint)]);
}

QString GraphView::channelName(const graph::ChannelRow& row) const
{
    const anim::JointTrack* track = documentTrack(row.joint);
    const bool quaternion = row.kind == doc::ChannelKind::Rotation && track && !anim::isEuler(track->rotationMode);
    return channelLabel(row.kind, quaternion);
}

QString GraphView::rowText(const graph::ChannelRow& row) const
{
    switch (row.type) {
    case ChannelRow::Type::Joint:
        return elideName(QFontMetrics(boldOf(font())), jointName(row.joint), channelRowWidth() - kTextX - 4);
    case ChannelRow::Type::Channel: return channelName(row);
    case ChannelRow::Type::Axis: return axisLabel(row.component);
    }
    return {};
}

void GraphView::paintChannelList(QPainter& painter) const
{
    const QPalette& pal = palette();
    painter.fillRect(QRect(0, 0, style::gutterWidth(), m_rulerHeight), pal.color(QPalette::Button));
    painter.setPen(pal.color(QPalette::WindowText));
    if (m_rulerHeight > 0)
        painter.drawText(QRect(6, 0, style::gutterWidth() - 12, m_rulerHeight), Qt::AlignVCenter, tr("Channels"));
    painter.save();
    painter.setClipRect(channelListRect());
    const auto rows = channelRows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const QRect box = rowRect(i);
        if (box.bottom() < m_rulerHeight || box.top() > height())
            continue;
        const ChannelRow& row = rows[i];
        const QString text = rowText(row);
        if (row.type == ChannelRow::Type::Joint) {
            painter.setFont(boldOf(font()));
            painter.setPen(pal.color(QPalette::WindowText));
            painter.drawText(box.adjusted(kTextX, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
            painter.setFont(font());
            continue;
        }
        const bool channelShown = isChannelShown(row.joint, row.kind);
        const bool shown = channelShown && (row.type == ChannelRow::Type::Channel ||
                                            isAxisShown(row.joint, row.kind, row.component));
        QColor ink = pal.color(QPalette::WindowText);
        ink.setAlpha(shown ? 220 : 90);
        const auto swatch = [&](int x, int component, bool filled) {
            painter.setPen(componentColor(component));
            painter.setBrush(filled ? componentColor(component) : QColor(Qt::transparent));
            painter.drawRect(QRect(x, box.center().y() - 3, kSwatch, kSwatch));
        };
        if (row.type == ChannelRow::Type::Channel) {
            painter.setPen(ink);
            painter.drawText(box.adjusted(kChannelX, 0, -50, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
            // Its axes' swatches, filled while that curve is drawn.
            const anim::JointTrack* track = documentTrack(row.joint);
            if (!track)
                continue;
            const std::span<const int> axes = graph::channelAxes(*track, row.kind);
            int x = box.right() - 4 - 10 * static_cast<int>(axes.size());
            for (const int component : axes) {
                swatch(x, component, channelShown && isAxisShown(row.joint, row.kind, component));
                x += 10;
            }
        } else {
            // The axis's visibility toggle: its colour, filled while drawn.
            swatch(kAxisX, row.component, shown);
            painter.setPen(ink);
            painter.drawText(box.adjusted(kAxisX + kSwatch + 6, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
    painter.restore();
}

void GraphView::pressChannelList(QPointF pos)
{
    const auto rows = channelRows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!rowRect(i).contains(pos.toPoint()))
            continue;
        const ChannelRow& r = rows[i];
        if (r.type == ChannelRow::Type::Channel)
            setChannelShown(r.joint, r.kind, !isChannelShown(r.joint, r.kind));
        else if (r.type == ChannelRow::Type::Axis)
            setAxisShown(r.joint, r.kind, r.component, !isAxisShown(r.joint, r.kind, r.component));
        return;
    }
}

bool GraphView::wheelChannelList(QWheelEvent* event)
{
    if (!channelListRect().contains(event->position().toPoint()))
        return false;
    const int notches = event->angleDelta().y();
    m_channelScroll->setValue(m_channelScroll->value() - notches * kRowsPerNotch * style::kRowHeight / 120);
    event->accept();
    return true;
}

void GraphView::showChannelToolTip(const QHelpEvent& event)
{
    // Bone names are elided in the list: the tooltip gives the row whole.
    const auto rows = channelRows();
    for (std::size_t i = 0; i < rows.size() && channelListRect().contains(event.pos()); ++i) {
        const QRect box = rowRect(i);
        if (!box.contains(event.pos()))
            continue;
        const ChannelRow& r = rows[i];
        QString tip = jointName(r.joint);
        if (r.type == ChannelRow::Type::Channel)
            tip += QStringLiteral(": ") + channelName(r);
        else if (r.type == ChannelRow::Type::Axis)
            tip += QStringLiteral(": ") + axisLabel(r.component) + QLatin1Char(' ') + channelName(r);
        QToolTip::showText(event.globalPos(), tip, this, box);
        return;
    }
    QToolTip::hideText();
}

} // namespace marrow::ui
