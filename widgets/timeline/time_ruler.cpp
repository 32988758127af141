// SPDX-License-Identifier: MIT
#include "widgets/timeline/time_ruler.h"

#include "core/workspace/playback.h"
#include "widgets/timeline/ruler_markers.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QContextMenuEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

constexpr int kMajorTickLength = 7;
constexpr int kMinorTickLength = 3;
constexpr int kLabelGap = 6;  // the least space between two labels

bool isWholeSecond(double seconds)
{
    return std::abs(seconds - std::round(seconds)) < 1e-6;
}

} // namespace

TimeRuler::TimeRuler(TimelineGeometry* geometry, ws::Playback* playback, QWidget* parent)
    : QWidget(parent)
    , m_geometry(geometry)
    , m_playback(playback)
    , m_input(geometry, playback)
{
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);  // every pixel is painted below
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    if (m_playback) {
        // update() coalesces, so a burst of changes repaints once.
        connect(m_playback, &ws::Playback::timeChanged, this, qOverload<>(&QWidget::update));
        connect(m_playback, &ws::Playback::durationChanged, this, qOverload<>(&QWidget::update));
        connect(m_playback, &ws::Playback::fpsChanged, this, qOverload<>(&QWidget::update));
    }
}

void TimeRuler::setMarkers(RulerMarkers* markers)
{
    m_markers = markers;
    if (m_markers)
        connect(m_markers, &RulerMarkers::changed, this, qOverload<>(&QWidget::update));
    update();
}

double TimeRuler::timeToX(double seconds) const
{
    return style::gutterWidth() + m_geometry->timeToPixel(seconds);
}

double TimeRuler::xToTime(double x) const
{
    return m_geometry->pixelToTime(x - style::gutterWidth());
}

QSize TimeRuler::sizeHint() const
{
    return {style::gutterWidth() + 480, style::kRulerHeight};
}

QSize TimeRuler::minimumSizeHint() const
{
    return {style::gutterWidth() + 60, style::kRulerHeight};
}

void TimeRuler::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const double width = std::max(1, this->width() - style::gutterWidth());
    if (width != m_geometry->width()) {
        m_geometry->setWidth(width);
        emit widthChanged();
    }
}

void TimeRuler::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QPalette& pal = palette();
    const QRect gutter(0, 0, style::gutterWidth(), height());
    const QRect timeArea(style::gutterWidth(), 0, std::max(0, width() - style::gutterWidth()), height());

    painter.fillRect(gutter, pal.color(QPalette::Window));
    painter.fillRect(timeArea, pal.color(QPalette::Button));
    const double duration = m_playback ? m_playback->duration() : 0.0;
    style::paintOutsideRange(painter, *m_geometry, timeArea, duration, m_playback ? m_playback->start() : 0.0);

    painter.save();
    painter.setClipRect(timeArea);
    paintManualRange(painter, timeArea);
    paintTicks(painter, timeArea);
    if (m_markers)
        m_markers->paint(painter, *m_geometry, timeArea);
    paintPlayhead(painter, timeArea);
    painter.restore();

    // Crisp separators: the gutter's edge and the ruler's bottom.
    painter.setPen(pal.color(QPalette::Shadow));
    painter.drawLine(gutter.right(), 0, gutter.right(), height() - 1);
    painter.drawLine(0, height() - 1, width() - 1, height() - 1);
}

void TimeRuler::paintTicks(QPainter& painter, const QRect& timeArea) const
{
    const QPalette& pal = palette();
    const TickStep major = style::majorStep(*m_geometry);
    const double minor = style::minorStep(*m_geometry, major);
    const int bottom = timeArea.bottom() - 1;  // above the separator line
    const double viewStart = xToTime(timeArea.left());
    const double viewEnd = xToTime(timeArea.right() + 1);

    QColor tickColor = pal.color(QPalette::WindowText);
    tickColor.setAlpha(90);
    if (minor > 0.0) {
        painter.setPen(tickColor);
        for (double i = std::ceil(viewStart / minor); i * minor <= viewEnd; i += 1.0) {
            const int x = style::timeToX(*m_geometry, i * minor);
            painter.drawLine(x, bottom - kMinorTickLength + 1, x, bottom);
        }
    }

    const QFontMetrics fm = fontMetrics();
    QColor frameText = pal.color(QPalette::WindowText);
    frameText.setAlpha(200);
    QColor secondsText = pal.color(QPalette::WindowText);
    secondsText.setAlpha(120);
    tickColor.setAlpha(150);
    const int baseline = 2 + fm.ascent();
    const QRect handle = playheadHandle(timeArea);
    int labelsEnd = timeArea.left() - 1000;  // right edge of the last label drawn
    // One tick before the view too, so its label slides in from the left.
    for (double i = std::floor(viewStart / major.seconds) - 1.0; i * major.seconds <= viewEnd; i += 1.0) {
        const double t = i * major.seconds;
        const int x = style::timeToX(*m_geometry, t);
        const bool second = isWholeSecond(t);
        painter.setPen(tickColor);
        // Whole seconds get a full-height tick: the ruler's coarse rhythm.
        painter.drawLine(x, second ? timeArea.top() : bottom - kMajorTickLength + 1, x, bottom);

        if (x + 3 < labelsEnd + kLabelGap)
            continue;  // would overlap the previous label (very long numbers)
        const QString frame = QString::number(m_geometry->frameAt(t));
        // "0 0s" would say nothing twice.
        const QString seconds = second && t > 0.5 ? QString::number(std::llround(t)) + QLatin1Char('s') : QString();
        const int frameWidth = fm.horizontalAdvance(frame);
        const int width = seconds.isEmpty() ? frameWidth : frameWidth + 4 + fm.horizontalAdvance(seconds);
        // The playhead's handle shows its own frame: no half-hidden label under it.
        if (!handle.isNull() && QRect(x + 3, 0, width, baseline).intersects(handle))
            continue;
        painter.setPen(frameText);
        painter.drawText(x + 3, baseline, frame);
        if (!seconds.isEmpty()) {
            painter.setPen(secondsText);
            painter.drawText(x + 3 + frameWidth + 4, baseline, seconds);
        }
        labelsEnd = x + 3 + width;
    }
}

void TimeRuler::paintManualRange(QPainter& painter, const QRect& timeArea) const
{
    // A clip's manual frame range (Clip › Set Range…): blue brackets at its
    // ends and a bar between them along the ruler's foot (the playhead is amber).
    if (!m_playback || !m_playback->isRangeManual())
        return;
    const QColor range(86, 156, 214);
    const int x0 = style::timeToX(*m_geometry, m_playback->start());
    const int x1 = style::timeToX(*m_geometry, m_playback->duration());
    const int bottom = timeArea.bottom() - 1;
    constexpr int kBar = 3, kFoot = 5;
    QColor bar = range;
    bar.setAlpha(110);
    painter.fillRect(QRect(QPoint(x0, bottom - kBar + 1), QPoint(x1, bottom)), bar);
    painter.setPen(QPen(range, 2));
    for (const auto& [x, toward] : {std::pair{x0, 1}, std::pair{x1, -1}}) {
        painter.drawLine(x, timeArea.top(), x, bottom);
        painter.drawLine(x, bottom, x + toward * kFoot, bottom);
        painter.drawLine(x, timeArea.top() + 1, x + toward * kFoot, timeArea.top() + 1);
    }
}

QRect TimeRuler::playheadHandle(const QRect& timeArea) const
{
    if (!m_playback)
        return {};
    const double t = m_playback->time();
    const int x = style::timeToX(*m_geometry, t);
    const QFontMetrics fm = fontMetrics();
    const int w = std::max(fm.horizontalAdvance(QString::number(m_geometry->frameAt(t))) + 8, 16);
    const QRect handle(x - w / 2, timeArea.top() + 1, w, fm.height() + 2);
    return handle.intersects(timeArea) ? handle : QRect();
}

void TimeRuler::paintPlayhead(QPainter& painter, const QRect& timeArea) const
{
    const QRect handle = playheadHandle(timeArea);
    if (handle.isNull())
        return;
    const double t = m_playback->time();
    const QString label = QString::number(m_geometry->frameAt(t));

    const QColor accent = style::playheadColor();
    style::paintPlayheadLine(painter, *m_geometry, QRect(timeArea.left(), handle.bottom(), timeArea.width(),
                                                          timeArea.bottom() - handle.bottom()),
                             t);
    painter.setRenderHint(QPainter::Antialiasing, true);
    QPainterPath path;
    path.addRoundedRect(QRectF(handle).adjusted(0.5, 0.5, -0.5, -0.5), 3.0, 3.0);
    painter.fillPath(path, accent);
    painter.setRenderHint(QPainter::Antialiasing, false);
    // Dark text on the amber handle reads in both light and dark themes.
    painter.setPen(QColor(24, 24, 24));
    painter.drawText(handle, Qt::AlignCenter, label);
}

void TimeRuler::handle(QEvent* event, TimeAxisInput::Outcome outcome)
{
    event->setAccepted(outcome.handled);
    if (outcome.viewChanged) {
        update();
        emit viewChanged();
    }
}

void TimeRuler::mousePressEvent(QMouseEvent* event)
{
    // A flag takes a plain left press (Shift and the rest still scrub).
    if (m_markers && event->button() == Qt::LeftButton && event->modifiers() == Qt::NoModifier &&
        m_markers->press(*m_geometry, event->position(), height())) {
        event->accept();
        return;
    }
    handle(event, m_input.press(*event));
}

void TimeRuler::mouseMoveEvent(QMouseEvent* event)
{
    if (m_markers && m_markers->dragging()) {
        m_markers->move(*m_geometry, event->position().x());
        event->accept();
        return;
    }
    handle(event, m_input.move(*event));
}

void TimeRuler::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_markers && m_markers->release()) {
        event->accept();
        return;
    }
    handle(event, m_input.release(*event));
}

void TimeRuler::contextMenuEvent(QContextMenuEvent* event)
{
    if (!m_markers || event->pos().x() < style::gutterWidth()) {
        QWidget::contextMenuEvent(event);
        return;
    }
    m_markers->popupMenu(*m_geometry, event->pos().x(), event->globalPos(), this);
    event->accept();
}

bool TimeRuler::event(QEvent* event)
{
    // Over a flag, its markers by name and meaning (a glyph says only "L").
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = m_markers && help->pos().y() >= RulerMarkers::bandTop(height())
                                 ? m_markers->toolTipAt(*m_geometry, help->pos().x())
                                 : QString();
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void TimeRuler::wheelEvent(QWheelEvent* event)
{
    handle(event, m_input.wheel(*event, TimeAxisInput::PlainWheel::Zooms));
}

} // namespace marrow::ui
