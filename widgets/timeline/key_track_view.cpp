// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_track_view.h"

#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

constexpr std::array<doc::ChannelKind, 3> kChannels{doc::ChannelKind::Translation, doc::ChannelKind::Rotation,
                                                     doc::ChannelKind::Scale};
constexpr int kHeaderIndent = 10;   // joint names
constexpr int kChannelIndent = 28;  // channel names, right of their colour swatch

QString channelName(doc::ChannelKind kind)
{
    switch (kind) {
    case doc::ChannelKind::Translation: return KeyTrackView::tr("Translation");
    case doc::ChannelKind::Rotation: return KeyTrackView::tr("Rotation");
    case doc::ChannelKind::Scale: return KeyTrackView::tr("Scale");
    }
    return {};
}

template <class Channel>
std::vector<double> keyTimes(const Channel& channel)
{
    return {channel.times.begin(), channel.times.end()};
}

std::vector<double> channelTimes(const anim::JointTrack* track, doc::ChannelKind kind)
{
    if (!track)
        return {};
    switch (kind) {
    case doc::ChannelKind::Translation: return keyTimes(track->translation);
    case doc::ChannelKind::Rotation: return keyTimes(track->rotation);
    case doc::ChannelKind::Scale: return keyTimes(track->scale);
    }
    return {};
}

// A diamond centred on a pixel's centre, so its tips land on whole pixels.
void drawDiamond(QPainter& painter, int x, int y, int radius)
{
    const double cx = x + 0.5;
    const double cy = y + 0.5;
    const double r = radius;
    const std::array<QPointF, 4> points{QPointF(cx, cy - r), QPointF(cx + r, cy), QPointF(cx, cy + r),
                                        QPointF(cx - r, cy)};
    painter.drawPolygon(points.data(), static_cast<int>(points.size()));
}

} // namespace

KeyTrackView::KeyTrackView(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                           TimelineGeometry* geometry, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_playback(playback)
    , m_geometry(geometry)
    , m_input(geometry, playback)
{
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    if (m_document) {
        connect(m_document, &doc::Document::keysChanged, this, [this](int clip, model::JointIndex joint) {
            // Only the active clip's keys of a shown joint are on screen.
            if (m_selection && clip == m_selection->activeClip() && m_selection->isSelected(joint))
                rebuild();
        });
        connect(m_document, &doc::Document::clipsChanged, this, &KeyTrackView::rebuild);
        connect(m_document, &doc::Document::rigReplaced, this, &KeyTrackView::rebuild);
        connect(m_document, &doc::Document::jointRenamed, this, &KeyTrackView::rebuild);
    }
    if (m_selection) {
        connect(m_selection, &ws::Selection::jointsChanged, this, &KeyTrackView::rebuild);
        connect(m_selection, &ws::Selection::activeClipChanged, this, &KeyTrackView::rebuild);
    }
    if (m_playback) {
        m_lastTime = m_playback->time();
        connect(m_playback, &ws::Playback::timeChanged, this, &KeyTrackView::onTimeChanged);
        connect(m_playback, &ws::Playback::durationChanged, this, qOverload<>(&QWidget::update));
        connect(m_playback, &ws::Playback::fpsChanged, this, qOverload<>(&QWidget::update));
    }
    rebuild();
}

void KeyTrackView::rebuild()
{
    m_rows.clear();
    if (m_document && m_selection) {
        const model::Rig& rig = m_document->rig();
        const model::ClipId clipId = m_selection->activeClip();
        const anim::Clip* clip =
            clipId >= 0 && static_cast<std::size_t>(clipId) < rig.clips.size() ? &rig.clips[clipId] : nullptr;
        for (const model::JointIndex joint : m_selection->joints()) {
            // The selection may still name the old rig's joints while the
            // signals of a rig replacement go round.
            if (joint < 0 || static_cast<std::size_t>(joint) >= rig.skeleton.size())
                continue;
            const anim::JointTrack* track = clip ? clip->findTrack(joint) : nullptr;
            const std::size_t header = m_rows.size();
            m_rows.push_back({{RowKind::JointHeader, joint}, QString::fromStdString(rig.skeleton.names[joint]), {}});
            std::vector<double> summary;
            for (const doc::ChannelKind kind : kChannels) {
                Row row{{RowKind::Channel, joint, kind}, channelName(kind), channelTimes(track, kind)};
                row.info.keyCount = row.times.size();
                summary.insert(summary.end(), row.times.begin(), row.times.end());
                m_rows.push_back(std::move(row));
            }
            std::sort(summary.begin(), summary.end());
            summary.erase(std::unique(summary.begin(), summary.end()), summary.end());
            m_rows[header].info.keyCount = summary.size();
            m_rows[header].times = std::move(summary);
        }
    }
    setMinimumHeight(rowCount() * style::kRowHeight);
    updateGeometry();
    update();
}

void KeyTrackView::onTimeChanged(double seconds)
{
    // Playback moves the playhead 60 times a second: repaint only the strips
    // around its old and new positions (wide enough for the diamonds whose
    // on-playhead outline changes), not every row.
    const double frameHalfWidth = 0.5 / m_geometry->fps() * m_geometry->pixelsPerSecond();
    const int pad = style::kKeyRadius + 2 + static_cast<int>(std::ceil(std::min(frameHalfWidth, 1.0e4)));
    for (const double t : {m_lastTime, seconds}) {
        const int x = style::timeToX(*m_geometry, t);
        update(QRect(x - pad, 0, 2 * pad + 1, height()));
    }
    m_lastTime = seconds;
}

KeyTrackView::RowInfo KeyTrackView::row(int index) const
{
    return index >= 0 && index < rowCount() ? m_rows[static_cast<std::size_t>(index)].info : RowInfo{};
}

QString KeyTrackView::rowLabel(int index) const
{
    return index >= 0 && index < rowCount() ? m_rows[static_cast<std::size_t>(index)].label : QString();
}

QRect KeyTrackView::rowRect(int index) const
{
    return {0, index * style::kRowHeight, width(), style::kRowHeight};
}

int KeyTrackView::rowAt(int y) const
{
    if (y < 0)
        return -1;
    const int index = y / style::kRowHeight;
    return index < rowCount() ? index : -1;
}

std::optional<KeyHit> KeyTrackView::keyAt(QPoint pos) const
{
    const int index = rowAt(pos.y());
    if (index < 0 || pos.x() < style::kGutterWidth)
        return std::nullopt;
    const Row& r = m_rows[static_cast<std::size_t>(index)];
    if (r.info.kind != RowKind::Channel)
        return std::nullopt;
    const double centerY = index * style::kRowHeight + style::kRowHeight / 2;
    const auto key = m_geometry->hitKey(r.times, pos.x() - style::kGutterWidth, pos.y(), centerY,
                                        style::kKeyRadius + style::kHitSlop);
    if (!key)
        return std::nullopt;
    return KeyHit{r.info.joint, r.info.channel, *key, r.times[*key]};
}

QPoint KeyTrackView::keyPosition(int rowIndex, std::size_t key) const
{
    if (rowIndex < 0 || rowIndex >= rowCount() || key >= m_rows[static_cast<std::size_t>(rowIndex)].times.size())
        return {};
    const double t = m_rows[static_cast<std::size_t>(rowIndex)].times[key];
    return {style::timeToX(*m_geometry, t), rowIndex * style::kRowHeight + style::kRowHeight / 2};
}

QSize KeyTrackView::sizeHint() const
{
    return {style::kGutterWidth + 480, std::max(rowCount(), 8) * style::kRowHeight};
}

QSize KeyTrackView::minimumSizeHint() const
{
    return {style::kGutterWidth + 60, rowCount() * style::kRowHeight};
}

void KeyTrackView::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    const QPalette& pal = palette();
    const QRect gutter(0, 0, style::kGutterWidth, height());
    const QRect timeArea(style::kGutterWidth, 0, std::max(0, width() - style::kGutterWidth), height());
    painter.fillRect(gutter, pal.color(QPalette::Window));
    painter.fillRect(timeArea, pal.color(QPalette::Base));

    // Only the rows the paint event touches: a long selection stays cheap.
    const int first = std::max(0, event->rect().top() / style::kRowHeight);
    const int last = std::min(rowCount() - 1, event->rect().bottom() / style::kRowHeight);
    for (int i = first; i <= last; ++i)
        paintRow(painter, i, timeArea);

    const double duration = m_playback ? m_playback->duration() : 0.0;
    style::paintOutsideRange(painter, *m_geometry, timeArea, duration);
    style::paintGrid(painter, *m_geometry, timeArea, pal);

    painter.save();
    painter.setClipRect(timeArea);
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (int i = first; i <= last; ++i) {
        const Row& r = m_rows[static_cast<std::size_t>(i)];
        paintDiamonds(painter, r, rowRect(i).top() + style::kRowHeight / 2, timeArea);
    }
    painter.restore();

    if (m_playback)
        style::paintPlayheadLine(painter, *m_geometry, timeArea, m_playback->time());
    if (m_rows.empty())
        paintEmptyHint(painter, timeArea);
    painter.setPen(pal.color(QPalette::Shadow));
    painter.drawLine(gutter.right(), 0, gutter.right(), height() - 1);
}

void KeyTrackView::paintRow(QPainter& painter, int index, const QRect& timeArea) const
{
    const Row& r = m_rows[static_cast<std::size_t>(index)];
    const QPalette& pal = palette();
    const QRect rect = rowRect(index);
    const bool header = r.info.kind == RowKind::JointHeader;
    const QRect label(0, rect.top(), style::kGutterWidth - 1, rect.height());

    if (header) {
        // Header rows are a band across the whole width: the joint's block starts here.
        painter.fillRect(rect, pal.color(QPalette::Button));
        painter.setPen(pal.color(QPalette::Shadow));
        painter.drawLine(rect.left(), rect.top(), rect.right(), rect.top());
        const bool current = m_selection && m_selection->currentJoint() == r.info.joint;
        if (current)  // the inspector's joint: a highlight bar at the edge
            painter.fillRect(QRect(0, rect.top() + 1, 3, rect.height() - 1), pal.color(QPalette::Highlight));
        QFont bold = painter.font();
        bold.setBold(true);
        painter.save();
        painter.setFont(bold);
        painter.setPen(pal.color(QPalette::WindowText));
        const int room = label.width() - kHeaderIndent - 4;
        const QString text = painter.fontMetrics().elidedText(r.label, Qt::ElideRight, room);
        painter.drawText(label.adjusted(kHeaderIndent, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        painter.restore();
        return;
    }

    // Faint separators between channel rows keep long rows readable.
    QColor separator = pal.color(QPalette::WindowText);
    separator.setAlpha(14);
    painter.setPen(separator);
    painter.drawLine(timeArea.left(), rect.bottom(), rect.right(), rect.bottom());

    const QColor color = style::channelColor(r.info.channel);
    const bool animated = !r.times.empty();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(color.darker(150));
    painter.setBrush(animated ? QBrush(color) : QBrush(Qt::NoBrush));
    drawDiamond(painter, kChannelIndent - 12, rect.top() + style::kRowHeight / 2, 4);
    painter.restore();
    QColor text = pal.color(QPalette::WindowText);
    text.setAlpha(animated ? 210 : 110);  // unanimated channels recede
    painter.setPen(text);
    painter.drawText(label.adjusted(kChannelIndent, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, r.label);
}

void KeyTrackView::paintDiamonds(QPainter& painter, const Row& row, int centerY, const QRect& timeArea) const
{
    if (row.times.empty())
        return;
    const bool header = row.info.kind == RowKind::JointHeader;
    const int radius = header ? style::kSummaryRadius : style::kKeyRadius;
    // Only the keys whose diamonds reach into the visible time range.
    const double margin = (radius + 1) / m_geometry->pixelsPerSecond();
    const double start = m_geometry->pixelToTime(timeArea.left() - style::kGutterWidth) - margin;
    const double end = m_geometry->pixelToTime(timeArea.right() + 1 - style::kGutterWidth) + margin;
    const auto begin = std::lower_bound(row.times.begin(), row.times.end(), start);
    const auto stop = std::upper_bound(begin, row.times.end(), end);

    QColor fill = header ? palette().color(QPalette::WindowText) : style::channelColor(row.info.channel);
    if (header)
        fill.setAlpha(150);
    const QColor outline = header ? QColor(0, 0, 0, 120) : fill.darker(170);
    // Keys on the playhead's frame get a light outline: "this frame is keyed".
    const double now = m_playback ? m_playback->time() : -1.0;
    const double halfFrame = 0.5 / m_geometry->fps();
    painter.setBrush(fill);
    for (auto it = begin; it != stop; ++it) {
        const bool onPlayhead = std::abs(*it - now) < halfFrame;
        painter.setPen(onPlayhead ? QPen(QColor(250, 250, 250), 1.0) : QPen(outline, 1.0));
        drawDiamond(painter, style::timeToX(*m_geometry, *it), centerY, radius);
    }
}

void KeyTrackView::paintEmptyHint(QPainter& painter, const QRect& timeArea) const
{
    QColor text = palette().color(QPalette::WindowText);
    text.setAlpha(120);
    painter.setPen(text);
    const bool noClip = m_selection && m_selection->activeClip() < 0;
    const QString hint = noClip ? tr("No clip") : tr("Select joints to see their keys");
    // In the top rows, where the first joint's block would start.
    painter.drawText(QRect(timeArea.left(), 0, timeArea.width(), 3 * style::kRowHeight), Qt::AlignCenter, hint);
}

void KeyTrackView::handle(QEvent* event, TimeAxisInput::Outcome outcome)
{
    event->setAccepted(outcome.handled);
    if (outcome.viewChanged) {
        update();
        emit viewChanged();
    }
}

void KeyTrackView::mousePressEvent(QMouseEvent* event)
{
    handle(event, m_input.press(*event));
}

void KeyTrackView::mouseMoveEvent(QMouseEvent* event)
{
    handle(event, m_input.move(*event));
}

void KeyTrackView::mouseReleaseEvent(QMouseEvent* event)
{
    handle(event, m_input.release(*event));
}

void KeyTrackView::wheelEvent(QWheelEvent* event)
{
    // A plain wheel scrolls the rows (the scroll area gets the ignored event).
    handle(event, m_input.wheel(*event, TimeAxisInput::PlainWheel::Ignored));
}

} // namespace marrow::ui
