// SPDX-License-Identifier: MIT
// GraphView's mouse and keyboard: selection, key and handle drags, scrubbing,
// navigation, and the document edits they push.
#include "widgets/timeline/graph/graph_view.h"

#include "core/commands/animation_edit.h"
#include "core/commands/key_edit.h"
#include "core/commands/key_landing_edit.h"
#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/graph/channel_curve.h"
#include "widgets/timeline/key_drag_status.h"
#include "widgets/timeline/timeline_style.h"

#include <QAction>
#include <QCursor>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QUndoCommand>
#include <QWheelEvent>

#include <cmath>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

constexpr double kDragThreshold = 3.0;
constexpr double kZoomPerNotch = 1.189207115;  // 2^(1/4), as the time axis

bool ours(const QKeyEvent& e, bool dragging)
{
    const auto mods = e.modifiers() & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    switch (e.key()) {
    case Qt::Key_F:
    case Qt::Key_Period:
        return mods == Qt::NoModifier || mods == Qt::KeypadModifier;
    case Qt::Key_V:
        return mods == Qt::NoModifier;
    case Qt::Key_Escape:
        return dragging;
    default:
        return false;
    }
}

} // namespace

bool GraphView::event(QEvent* event)
{
    // Take our keys before the timeline's or the window's shortcuts (Home
    // fits the clip there, Ctrl+A may be bound elsewhere).
    if (event->type() == QEvent::ShortcutOverride && claimsKey(*static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    if (event->type() == QEvent::ToolTip) {
        showChannelToolTip(*static_cast<QHelpEvent*>(event));
        return true;
    }
    return QWidget::event(event);
}

bool GraphView::claimsKey(const QKeyEvent& event) const
{
    return ours(event, m_drag == Drag::MoveKeys) || (m_drag == Drag::None && keyAction(event));
}

void GraphView::keyPressEvent(QKeyEvent* event)
{
    if (!claimsKey(*event)) {
        QWidget::keyPressEvent(event);
        return;
    }
    if (QAction* action = m_drag == Drag::None ? keyAction(*event) : nullptr) {
        action->trigger();
        event->accept();
        return;
    }
    switch (event->key()) {
    case Qt::Key_Escape:
        // Cancels a key drag: the preview goes, nothing is pushed.
        m_preview.clear();
        m_previewSelection.clear();
        m_drag = Drag::None;
        markDirty();
        emit dragStatusChanged({}, 0);
        break;
    case Qt::Key_F:
    case Qt::Key_Period: frameSelected(); break;
    case Qt::Key_V: popupHandleTypeMenu(QCursor::pos()); break;
    default: break;
    }
    event->accept();
}

void GraphView::scrub(double x, Qt::KeyboardModifiers modifiers)
{
    if (!m_playback)
        return;
    const double t = m_geometry->pixelToTime(x - style::gutterWidth());
    m_playback->setTime((modifiers & Qt::ShiftModifier) ? t : m_geometry->snapToFrame(t));
}

void GraphView::mousePressEvent(QMouseEvent* event)
{
    if (m_drag != Drag::None) {
        event->accept();  // a second button mid-drag changes nothing
        return;
    }
    m_pressPos = m_lastPos = event->position();
    m_dragStarted = false;
    m_dragButton = event->button();
    if (event->button() == Qt::MiddleButton) {
        m_drag = Drag::Pan;
    } else if (event->button() == Qt::LeftButton) {
        pressLeft(event);
    }
    event->accept();
}

void GraphView::pressLeft(QMouseEvent* event)
{
    const QPointF pos = event->position();
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    if (pos.x() < style::gutterWidth()) {
        if (pos.y() >= m_rulerHeight)
            pressChannelList(pos);
        return;
    }
    if (pos.y() < m_rulerHeight) {
        m_drag = Drag::Scrub;
        scrub(pos.x(), event->modifiers());
        return;
    }
    if (const auto handle = handleAt(pos); handle && m_document) {
        m_drag = Drag::Handle;
        m_handle = *handle;
        m_interaction = m_document->beginInteraction();  // one undo entry for the whole drag
        return;
    }
    if (const auto key = keyAt(pos)) {
        const graph::GraphCurve& c = curves()[key->curve];
        const graph::KeyPoint& k = c.keys[key->key];
        m_pressedKey = key;
        m_pressedWasSelected = keySelected(c, k);
        m_grabTime = k.time;
        m_move = {};
        m_move.valueKind = c.kind;
        m_move.component = c.component;
        if (m_keys) {
            if (shift)
                m_keys->toggle(c.keyId(k));
            else if (!m_pressedWasSelected)
                m_keys->setKeys({c.keyId(k)});
        }
        m_drag = Drag::MoveKeys;
        return;
    }
    m_drag = Drag::Box;
    update();
}

void GraphView::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    const QPointF delta = pos - m_pressPos;
    if (!m_dragStarted && std::abs(delta.x()) + std::abs(delta.y()) >= kDragThreshold)
        m_dragStarted = true;
    switch (m_drag) {
    case Drag::Scrub: scrub(pos.x(), event->modifiers()); break;
    case Drag::Pan:
        m_geometry->panByPixels(m_lastPos.x() - pos.x());
        m_values.panByPixels(pos.y() - m_lastPos.y());
        update();
        emit viewChanged();
        break;
    case Drag::Handle: dragHandle(pos); break;
    case Drag::MoveKeys:
        if (m_dragStarted)
            updateKeyMove(pos, event->modifiers());
        break;
    case Drag::Box: update(); break;
    case Drag::None: break;
    }
    m_lastPos = pos;
    event->accept();
}

void GraphView::mouseReleaseEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    const Drag drag = m_drag;
    if (event->button() != m_dragButton) {
        event->accept();
        return;  // another button's release mid-drag
    }
    m_dragButton = Qt::NoButton;
    if (drag == Drag::MoveKeys) {
        if (m_dragStarted) {
            finishKeyMove();
        } else if (m_pressedKey && m_pressedWasSelected && !(event->modifiers() & Qt::ShiftModifier) && m_keys &&
                   m_pressedKey->curve < curves().size() && m_pressedKey->key < curves()[m_pressedKey->curve].keys.size()) {
            // A click on a selected key selects just it, once it is clear no drag follows.
            const graph::GraphCurve& c = curves()[m_pressedKey->curve];
            m_keys->setKeys({c.keyId(c.keys[m_pressedKey->key])});
        }
    } else if (drag == Drag::Box) {
        finishBox(pos, event->modifiers());
    }
    m_drag = Drag::None;
    m_pressedKey.reset();
    m_interaction = {};
    update();
    event->accept();
}

void GraphView::updateKeyMove(QPointF pos, Qt::KeyboardModifiers modifiers)
{
    if (!m_keys || !m_document || !m_selection)
        return;
    double target = m_grabTime + (pos.x() - m_pressPos.x()) / m_geometry->pixelsPerSecond();
    if (!(modifiers & Qt::ControlModifier))
        target = m_geometry->snapToFrame(target);
    const float wanted = static_cast<float>(target - m_grabTime);
    const float dt = cmd::clampMoveDelta(m_keys->keys(), wanted);
    m_move.dt = dt;
    m_move.dv = m_move.component >= 0 ? (m_pressPos.y() - pos.y()) / m_values.pixelsPerUnit() : 0.0;
    // The preview: the touched tracks as the move leaves them, drawn instead
    // of the document's until the release pushes one command.
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    m_previewSelection = applyKeyMove(edit, m_keys->keys());
    m_preview.clear();
    for (const doc::KeyId& k : m_keys->keys())
        if (!m_preview.count(k.joint))
            if (const anim::JointTrack* t = edit.peek(k.joint))
                m_preview.emplace(k.joint, *t);
    markDirty();
    // Say what the release would do, keys it would merge included.
    std::size_t merges = 0;
    if (const anim::Clip* clip = m_document->rig().clipAt(m_selection->activeClip()))
        merges = cmd::previewLanding(*clip, m_keys->keys(), [dt](float t) { return t + dt; }, m_geometry->fps()).merged;
    emit dragStatusChanged(keyMoveText(m_move.dt * m_geometry->fps(), dt != wanted), static_cast<int>(merges));
}

std::set<doc::KeyId> GraphView::applyKeyMove(cmd::AnimationEdit& edit, const std::set<doc::KeyId>& keys) const
{
    cmd::ValueShift shift;
    if (m_move.component >= 0 && m_move.dv != 0.0) {
        shift.kind = m_move.valueKind;
        shift.component = m_move.component;
        // Drawn units back to stored ones (an Euler bone's degrees to radians).
        shift.delta = [dv = m_move.dv, kind = m_move.valueKind](const anim::JointTrack& track) {
            return dv / graph::displayScale(track, kind);
        };
    }
    return cmd::moveKeys(edit, keys, static_cast<float>(m_move.dt), shift);
}

void GraphView::finishKeyMove()
{
    const std::set<doc::KeyId> keys = m_keys ? m_keys->keys() : std::set<doc::KeyId>{};
    emit dragStatusChanged({}, 0);
    m_preview.clear();
    m_previewSelection.clear();
    markDirty();
    if (!m_document || !m_selection || keys.empty() || (m_move.dt == 0.0 && m_move.dv == 0.0))
        return;
    cmd::AnimationEdit edit(*m_document, m_selection->activeClip());
    const std::set<doc::KeyId> moved = applyKeyMove(edit, keys);
    if (auto command = edit.command(m_document, tr("Move Keys")))
        m_document->undoStack()->push(command.release());
    if (m_keys)
        m_keys->setKeys(moved);
}

void GraphView::finishBox(QPointF pos, Qt::KeyboardModifiers modifiers)
{
    if (!m_keys)
        return;
    const bool extend = modifiers & Qt::ShiftModifier;
    if (!m_dragStarted) {
        if (!extend)
            m_keys->clear();  // a click on empty space
        return;
    }
    std::vector<graph::ScreenPoint> points;
    std::vector<doc::KeyId> ids;
    const auto& all = curves();
    for (std::size_t c = 0; c < all.size(); ++c)
        for (std::size_t k = 0; k < all[c].keys.size(); ++k) {
            const QPointF p = keyPosition(c, k);
            points.push_back({p.x(), p.y()});
            ids.push_back(all[c].keyId(all[c].keys[k]));
        }
    std::set<doc::KeyId> inside;
    for (const std::size_t i : graph::pointsInBox(points, {m_pressPos.x(), m_pressPos.y()}, {pos.x(), pos.y()}))
        inside.insert(ids[i]);
    if (extend)
        m_keys->add(inside);
    else
        m_keys->setKeys(std::move(inside));
}

void GraphView::wheelEvent(QWheelEvent* event)
{
    if (wheelChannelList(event))
        return;  // over the channel list: it scrolls, the plot stays
    // Ctrl+wheel zooms time and Alt+wheel pans it, exactly as in the dope sheet.
    const TimeAxisInput::Outcome outcome = m_timeInput.wheel(*event, TimeAxisInput::PlainWheel::Ignored);
    if (outcome.handled) {
        if (outcome.viewChanged) {
            update();
            emit viewChanged();
        }
        event->accept();
        return;
    }
    const int notches = event->angleDelta().y();
    if (notches == 0) {
        event->ignore();
        return;
    }
    // The plain wheel zooms the values about the cursor.
    m_values.zoomAbout(event->position().y() - m_rulerHeight, std::pow(kZoomPerNotch, notches / 120.0));
    update();
    event->accept();
}

} // namespace marrow::ui
