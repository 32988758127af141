// SPDX-License-Identifier: MIT
#include "widgets/timeline/transition/transition_track_view.h"
#include "core/commands/edit_transitions_command.h"
#include "core/document/document.h"
#include "core/workspace/playback.h"
#include "core/workspace/transition_preview.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace marrow::ui {

using namespace timeline_style;

TransitionTrackView::TransitionTrackView(doc::Document* document, ws::Playback* playback,
                                         ws::TransitionPreview* preview, TimelineGeometry* geometry, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_playback(playback)
    , m_preview(preview)
    , m_geometry(geometry)
    , m_input(geometry, playback)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setMinimumHeight(90);
    auto repaint = [this] { update(); };
    connect(m_preview, &ws::TransitionPreview::previewChanged, this, repaint);
    connect(m_preview, &ws::TransitionPreview::footSlideChanged, this, repaint);
    connect(m_playback, &ws::Playback::timeChanged, this, repaint);
}

int TransitionTrackView::handleX(TransitionHandle handle) const
{
    const model::Transition* t = m_preview ? m_preview->transition() : nullptr;
    if (!t)
        return -1;
    switch (handle) {
    case TransitionHandle::Exit: return timeToX(*m_geometry, t->exit);
    case TransitionHandle::Duration: return timeToX(*m_geometry, t->exit + t->duration);
    case TransitionHandle::Offset: {
        const TransitionSpans s = transitionSpans(*t, m_document->rig());
        return timeToX(*m_geometry, (s.blendEnd + s.length) / 2.0);
    }
    case TransitionHandle::None: break;
    }
    return -1;
}

TransitionHandle TransitionTrackView::handleAt(const QPointF& p) const
{
    const model::Transition* t = m_preview ? m_preview->transition() : nullptr;
    if (!t || p.x() < gutterWidth() || p.y() > kPlotTop)
        return TransitionHandle::None;
    // The duration handle first: with a short blend both are close, and the
    // end is the one a user reaches for to lengthen it.
    if (std::abs(p.x() - handleX(TransitionHandle::Duration)) <= kHandleSlop)
        return TransitionHandle::Duration;
    if (std::abs(p.x() - handleX(TransitionHandle::Exit)) <= kHandleSlop)
        return TransitionHandle::Exit;
    const TransitionSpans s = transitionSpans(*t, m_document->rig());
    const bool inRowB = p.y() >= kRowBTop && p.y() <= kRowBTop + kRowHeight;
    if (inRowB && p.x() > timeToX(*m_geometry, s.bStart) && p.x() < timeToX(*m_geometry, s.length))
        return TransitionHandle::Offset;
    return TransitionHandle::None;
}

void TransitionTrackView::push(const model::Transition& changed)
{
    const int active = m_preview->active();
    auto list = m_document->rig().transitions;
    if (active < 0 || static_cast<std::size_t>(active) >= list.size() || list[static_cast<std::size_t>(active)] == changed)
        return;
    list[static_cast<std::size_t>(active)] = changed;
    const QString text = m_drag == TransitionHandle::Exit       ? tr("Transition Exit")
                         : m_drag == TransitionHandle::Duration ? tr("Transition Duration")
                                                                : tr("Transition Offset");
    m_document->undoStack()->push(new cmd::EditTransitionsCommand(m_document, text, std::move(list), m_interaction));
}

void TransitionTrackView::mousePressEvent(QMouseEvent* event)
{
    if (isDragging() && event->button() == Qt::RightButton) {
        cancelDrag();
        return;
    }
    const TransitionHandle h = event->button() == Qt::LeftButton ? handleAt(event->position()) : TransitionHandle::None;
    if (h == TransitionHandle::None) {
        handleAxis(event, m_input.press(*event));
        return;
    }
    m_drag = h;
    m_original = *m_preview->transition();
    m_pressX = event->position().x();
    m_interaction = m_document->beginInteraction();
    event->accept();
}

void TransitionTrackView::mouseMoveEvent(QMouseEvent* event)
{
    if (!isDragging()) {
        const TransitionHandle h = handleAt(event->position());
        setCursor(h == TransitionHandle::Offset ? Qt::OpenHandCursor
                  : h != TransitionHandle::None  ? Qt::SplitHCursor
                                                 : Qt::ArrowCursor);
        handleAxis(event, m_input.move(*event));
        return;
    }
    const double dt = (event->position().x() - m_pressX) / m_geometry->pixelsPerSecond();
    const model::Transition changed = dragTransitionHandle(m_original, m_drag, dt, m_geometry->fps(),
                                                           !(event->modifiers() & Qt::ControlModifier));
    push(changed);
    const model::Transition& now = *m_preview->transition();
    const QString tip = m_drag == TransitionHandle::Exit       ? tr("exit %1 s").arg(now.exit, 0, 'f', 3)
                        : m_drag == TransitionHandle::Duration ? tr("duration %1 s").arg(now.duration, 0, 'f', 3)
                                                               : tr("offset %1 s").arg(now.offset, 0, 'f', 3);
    QToolTip::showText(event->globalPosition().toPoint(), tip, this);
    event->accept();
}

void TransitionTrackView::mouseReleaseEvent(QMouseEvent* event)
{
    if (!isDragging()) {
        handleAxis(event, m_input.release(*event));
        return;
    }
    m_drag = TransitionHandle::None;
    m_interaction = {};
    event->accept();
}

void TransitionTrackView::cancelDrag()
{
    // Back to the values before the press, in the same interaction: the
    // merged command becomes a no-op and leaves the undo stack.
    push(m_original);
    m_drag = TransitionHandle::None;
    m_interaction = {};
    update();
}

void TransitionTrackView::keyPressEvent(QKeyEvent* event)
{
    if (isDragging() && event->key() == Qt::Key_Escape) {
        cancelDrag();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void TransitionTrackView::wheelEvent(QWheelEvent* event)
{
    handleAxis(event, m_input.wheel(*event, TimeAxisInput::PlainWheel::Zooms));
}

void TransitionTrackView::handleAxis(QEvent* event, TimeAxisInput::Outcome outcome)
{
    event->setAccepted(outcome.handled);
    if (outcome.viewChanged) {
        update();
        emit viewChanged();
    }
}

} // namespace marrow::ui
