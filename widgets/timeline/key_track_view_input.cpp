// SPDX-License-Identifier: MIT
// KeyTrackView's mouse and keyboard: key selection, drags and Blender's modal
// G / S / Shift+D, and the dope sheet's key shortcuts.
#include "core/commands/key_landing_edit.h"
#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/selection.h"
#include "core/workspace/playback.h"
#include "widgets/timeline/key_context_menu.h"
#include "widgets/timeline/key_drag_status.h"
#include "widgets/timeline/key_edit_actions.h"
#include "widgets/timeline/key_track_painter.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QCursor>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <utility>

namespace marrow::ui {

namespace style = timeline_style;

namespace {

bool isEnter(int key) { return key == Qt::Key_Return || key == Qt::Key_Enter; }

Qt::KeyboardModifiers plainModifiers(const QKeyEvent& event)
{
    return event.modifiers() & ~Qt::KeypadModifier;
}

double earliest(const std::set<doc::KeyId>& keys)
{
    double t = keys.empty() ? 0.0 : static_cast<double>(keys.begin()->time);
    for (const doc::KeyId& key : keys)
        t = std::min(t, static_cast<double>(key.time));
    return t;
}

double latest(const std::set<doc::KeyId>& keys)
{
    double t = keys.empty() ? 0.0 : static_cast<double>(keys.begin()->time);
    for (const doc::KeyId& key : keys)
        t = std::max(t, static_cast<double>(key.time));
    return t;
}

// The character a key types into a modal's number (digits, '.', '-'), or 0.
char typedChar(const QKeyEvent& event)
{
    const int key = event.key();
    if (key >= Qt::Key_0 && key <= Qt::Key_9)
        return static_cast<char>('0' + (key - Qt::Key_0));
    if (key == Qt::Key_Period || key == Qt::Key_Comma)
        return '.';
    return key == Qt::Key_Minus ? '-' : '\0';
}

} // namespace

void KeyTrackView::addKeyActions()
{
    // Real actions, so Help › Keyboard Shortcuts lists them and a menu could
    // hold them; their keys arrive through keyPressEvent (event() claims
    // them first, so no window action with the same key takes them).
    const auto add = [this](const QString& text, QList<QKeySequence> keys, auto slot) {
        auto* action = new QAction(text, this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };
    using Mode = KeyDragController::Mode;
    add(tr("Move Keys"), {QKeySequence(Qt::Key_G)}, [this] { beginModal(Mode::Move, false); });
    add(tr("Scale Keys"), {QKeySequence(Qt::Key_S)}, [this] { beginModal(Mode::Scale, false); });
    m_menuActions.duplicate = add(tr("Duplicate Keys"), {QKeySequence(Qt::SHIFT | Qt::Key_D)}, [this] { beginModal(Mode::Move, true); });
    m_menuActions.remove = add(tr("Delete Keys"), {QKeySequence(Qt::Key_Delete), QKeySequence(Qt::Key_X)},
        [this] { m_actions->deleteSelected(); });
    m_menuActions.copy = add(tr("Copy Keys"), {QKeySequence(Qt::CTRL | Qt::Key_C)}, [this] { m_actions->copy(); });
    m_menuActions.paste = add(tr("Paste Keys"), {QKeySequence(Qt::CTRL | Qt::Key_V)}, [this] { m_actions->paste(); });
    add(tr("Interpolation Mode"), {QKeySequence(Qt::Key_T)}, [this] {
        if (m_keys && !m_keys->isEmpty())
            m_actions->popupInterpolationMenu(this, QCursor::pos());
    });
    add(tr("Tangent Mode"), {QKeySequence(Qt::Key_V)}, [this] {
        if (m_keys && !m_keys->isEmpty())
            m_actions->popupTangentMenu(this, QCursor::pos());
    });
    m_menuActions.selectAll = add(tr("Select All Keys"), {QKeySequence(Qt::CTRL | Qt::Key_A)}, [this] {
        if (m_keys)
            m_keys->selectAll();
    });
    m_menuActions.selectNone = add(tr("Deselect Keys"), {QKeySequence(Qt::ALT | Qt::Key_A)}, [this] {
        if (m_keys)
            m_keys->clear();
    });
    add(tr("Jump to Next Key"), {QKeySequence(Qt::Key_Up)}, &KeyTrackView::jumpToNextKey);
    add(tr("Jump to Previous Key"), {QKeySequence(Qt::Key_Down)}, &KeyTrackView::jumpToPreviousKey);
}

QAction* KeyTrackView::keyAction(const QKeyEvent& event) const
{
    const QKeySequence pressed(QKeyCombination(plainModifiers(event), static_cast<Qt::Key>(event.key())));
    for (QAction* action : actions())
        if (action->shortcuts().contains(pressed))
            return action;
    return nullptr;
}

bool KeyTrackView::claimsKey(const QKeyEvent& event) const
{
    const int key = event.key();
    if (m_gesture == Gesture::Modal && (typedChar(event) || key == Qt::Key_Backspace))
        return true;  // the typed number, as in the viewport's modal
    if (m_gesture == Gesture::Modal || m_gesture == Gesture::Drag)
        return key == Qt::Key_Escape || isEnter(key);
    return m_keys && keyAction(event);
}

bool KeyTrackView::event(QEvent* event)
{
    // The window's actions would take these keys first: the dope sheet, with
    // focus, keeps them (as Blender's editors do under the mouse).
    if (event->type() == QEvent::ShortcutOverride && claimsKey(*static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    if (event->type() == QEvent::ToolTip) {
        showRowToolTip(*static_cast<QHelpEvent*>(event));
        return true;
    }
    return QWidget::event(event);
}

void KeyTrackView::keyPressEvent(QKeyEvent* event)
{
    if (!claimsKey(*event)) {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
    if (m_gesture == Gesture::Modal && typeIntoModal(*event))
        return;
    if (m_gesture == Gesture::Modal || m_gesture == Gesture::Drag) {
        if (isEnter(event->key()))
            confirmDrag();
        else
            cancelDrag();
        return;
    }
    if (QAction* action = keyAction(*event))
        action->trigger();
}

void KeyTrackView::beginModal(KeyDragController::Mode mode, bool duplicate)
{
    if (!m_keys || m_keys->isEmpty())
        return;
    // The time under the mouse now anchors the gesture (the cursor may be
    // anywhere: the last position seen over the view stands in for it).
    const QPoint local = underMouse() ? mapFromGlobal(QCursor::pos()) : m_hoverPos;
    const double anchor = timeAt(local.x());
    if (mode == KeyDragController::Mode::Scale)
        m_drag.beginScale(anchor, m_playback ? m_playback->time() : 0.0, earliest(m_keys->keys()),
                          latest(m_keys->keys()));
    else
        m_drag.beginMove(anchor, earliest(m_keys->keys()), duplicate);
    m_gesture = Gesture::Modal;
    dragChanged();
}

bool KeyTrackView::typeIntoModal(const QKeyEvent& event)
{
    if (event.key() == Qt::Key_Backspace)
        m_drag.backspace();
    else if (const char c = typedChar(event))
        m_drag.type(c);
    else
        return false;
    dragChanged();
    return true;
}

void KeyTrackView::dragChanged()
{
    QString text;
    int merges = 0;
    m_ghosts.clear();
    const anim::Clip* clip =
        m_document && m_selection ? m_document->rig().clipAt(m_selection->activeClip()) : nullptr;
    if (m_drag.isActive() && m_keys && clip) {
        const KeyDragController& drag = m_drag;
        const auto wanted = [&drag](float t) { return static_cast<float>(drag.map(t)); };
        if (drag.isDuplicate()) {
            merges = drag.hasMoved() ? static_cast<int>(cmd::duplicateMerges(*clip, m_keys->keys(), wanted)) : 0;
        } else {
            // The ghosts go where the command will put the keys.
            const cmd::LandingPreview preview = cmd::previewLanding(*clip, m_keys->keys(), wanted, drag.fps());
            merges = static_cast<int>(preview.merged);
            m_ghosts.build(model(), preview.landed);
        }
        text = keyDragText(drag);
    }
    update();
    if (text == m_dragStatus && merges == m_wouldMerge)
        return;
    m_dragStatus = text;
    m_wouldMerge = merges;
    emit dragStatusChanged(text, merges);
}

void KeyTrackView::confirmDrag()
{
    const KeyDragController drag = m_drag;  // the command lands keys where these ghosts are
    m_drag.end();
    m_gesture = Gesture::None;
    dragChanged();
    if (!drag.hasMoved())
        return;
    const auto map = [drag](float t) { return static_cast<float>(drag.map(t)); };
    if (drag.isDuplicate())
        m_actions->duplicate(map);
    else if (drag.mode() == KeyDragController::Mode::Scale)
        m_actions->retime(map, drag.fps(), QCoreApplication::translate("Undo Commands", "Scale Keys"));
    else
        m_actions->retime(map, drag.fps(), QCoreApplication::translate("Undo Commands", "Move Keys"));
}

void KeyTrackView::cancelDrag()
{
    m_drag.end();
    m_gesture = Gesture::None;
    dragChanged();
}

void KeyTrackView::clickKey(int rowIndex, double time, Qt::KeyboardModifiers modifiers)
{
    const std::set<doc::KeyId> keys = model().keysAt(rowIndex, time);
    const bool allSelected =
        std::all_of(keys.begin(), keys.end(), [this](const doc::KeyId& k) { return m_keys->contains(k); });
    if (modifiers & Qt::ShiftModifier) {
        if (allSelected)
            m_keys->remove(keys);
        else
            m_keys->add(keys);
        m_gesture = Gesture::None;
        return;
    }
    // A selected key keeps the selection (a drag moves all of it); a click
    // without a drag narrows it to this key on release, as Blender does.
    if (!allSelected)
        m_keys->setKeys(keys);
    m_gesture = Gesture::PendingKey;
    m_pressRow = rowIndex;
    m_pressKeyTime = time;
}

bool KeyTrackView::onGutterEdge(int x) const
{
    return std::abs(x - style::gutterWidth()) <= 3;
}

bool KeyTrackView::pressLabel(QPoint pos, Qt::KeyboardModifiers modifiers)
{
    const int r = rowAt(pos.y());
    if (r < 0 || row(r).kind != RowKind::Bone)
        return false;
    const model::JointIndex joint = row(r).joint;
    if (pos.x() < kFoldZoneWidth) {
        m_model.setCollapsed(joint, !m_model.isCollapsed(joint));
        rebuild();
        return true;
    }
    if (!m_selection)
        return false;
    if (modifiers & (Qt::ControlModifier | Qt::ShiftModifier))
        m_selection->toggleJoint(joint);
    else
        m_selection->selectJoint(joint);
    return true;
}

void KeyTrackView::mousePressEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (event->button() == Qt::RightButton)
        m_rightPressCancelled = m_gesture == Gesture::Modal || m_gesture == Gesture::Drag;
    if (m_gesture == Gesture::Modal || m_gesture == Gesture::Drag) {
        if (event->button() == Qt::LeftButton && m_gesture == Gesture::Modal)
            confirmDrag();
        else if (event->button() == Qt::RightButton)
            cancelDrag();
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && onGutterEdge(pos.x())) {
        m_gesture = Gesture::Gutter;
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && pos.x() < style::gutterWidth() && pressLabel(pos, event->modifiers())) {
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && m_keys && pos.x() >= style::gutterWidth()) {
        m_pressPos = pos;
        m_boxEnd = pos;
        const int r = rowAt(pos.y());
        const int radius =
            (r >= 0 && row(r).kind == RowKind::Summary ? style::kSummaryRadius : style::kKeyRadius) + style::kHitSlop;
        const auto hit = model().keyAt(*m_geometry, pos.x() - style::gutterWidth(), pos.y(), radius);
        if (hit)
            clickKey(hit->row, hit->time, event->modifiers());
        else
            m_gesture = Gesture::PendingBox;
        event->accept();
        return;
    }
    handle(event, m_input.press(*event));
}

void KeyTrackView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    m_hoverPos = pos;
    const bool far = (pos - m_pressPos).manhattanLength() >= QApplication::startDragDistance();
    switch (m_gesture) {
    case Gesture::Gutter:
        if (style::setGutterWidth(pos.x()))
            emit gutterResized();
        event->accept();
        return;
    case Gesture::PendingKey:
        if (!far || !m_keys)
            break;
        m_drag.beginMove(timeAt(m_pressPos.x()), earliest(m_keys->keys()));
        m_gesture = Gesture::Drag;
        [[fallthrough]];
    case Gesture::Drag:
    case Gesture::Modal:
        m_drag.update(timeAt(pos.x()), event->modifiers() & Qt::ControlModifier);
        dragChanged();
        event->accept();
        return;
    case Gesture::PendingBox:
        if (!far)
            break;
        m_gesture = Gesture::Box;
        [[fallthrough]];
    case Gesture::Box:
        m_boxEnd = pos;
        update();
        event->accept();
        return;
    case Gesture::None:
        if (onGutterEdge(pos.x()))
            setCursor(Qt::SplitHCursor);
        else
            unsetCursor();
        handle(event, m_input.move(*event));
        return;
    }
    event->accept();
}

void KeyTrackView::finishBox(const QMouseEvent& event)
{
    m_gesture = Gesture::None;
    const QRect box = QRect(m_pressPos, m_boxEnd).normalized();
    const int h = style::kRowHeight;
    const std::set<doc::KeyId> keys = model().keysInBox(box.top() / h, box.bottom() / h, timeAt(box.left()),
                                                        timeAt(box.right()));
    if (event.modifiers() & Qt::ShiftModifier)
        m_keys->add(keys);
    else
        m_keys->setKeys(keys);
    update();
}

void KeyTrackView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_gesture == Gesture::Gutter) {
        m_gesture = Gesture::None;
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && m_keys) {
        switch (m_gesture) {
        case Gesture::Drag: confirmDrag(); return;
        case Gesture::PendingKey:
            m_gesture = Gesture::None;
            m_keys->setKeys(model().keysAt(m_pressRow, m_pressKeyTime));
            return;
        case Gesture::Box: finishBox(*event); return;
        case Gesture::PendingBox:
            // A click on empty space: scrub there (TimeAxisInput's time) and deselect.
            m_gesture = Gesture::None;
            if (m_playback)
                m_playback->setTime(m_input.scrubTime(m_pressPos.x(), event->modifiers()));
            if (!(event->modifiers() & Qt::ShiftModifier))
                m_keys->clear();
            return;
        case Gesture::Modal:
        case Gesture::Gutter:
        case Gesture::None: break;
        }
    }
    handle(event, m_input.release(*event));
}

void KeyTrackView::contextMenuEvent(QContextMenuEvent* event)
{
    event->accept();  // never the dock area's menu of docks and toolbars
    const bool cancelled = std::exchange(m_rightPressCancelled, false);
    if (cancelled || m_gesture != Gesture::None || !m_keys)
        return;
    const MenuActions& a = m_menuActions;
    KeyContextMenuItems items;
    items.hasSelection = !m_keys->isEmpty();
    items.canPaste = m_actions->hasClipboard();
    items.copy = a.copy;
    items.paste = a.paste;
    items.setInterpolation = [this](anim::Interpolation mode) { m_actions->setInterpolation(mode); };
    items.setHandleType = [this](anim::TangentMode mode) { m_actions->setTangentMode(mode); };
    items.duplicate = a.duplicate;
    items.remove = a.remove;
    items.selectAll = a.selectAll;
    items.selectNone = a.selectNone;
    m_hoverPos = event->pos();  // Duplicate's move starts where the menu was asked for
    popupKeyContextMenu(this, event->globalPos(), items);
}

void KeyTrackView::wheelEvent(QWheelEvent* event)
{
    // A plain wheel scrolls the rows (the scroll area gets the ignored event).
    handle(event, m_input.wheel(*event, TimeAxisInput::PlainWheel::Ignored));
}

void KeyTrackView::handle(QEvent* event, TimeAxisInput::Outcome outcome)
{
    event->setAccepted(outcome.handled);
    if (outcome.viewChanged) {
        update();
        emit viewChanged();
    }
}

} // namespace marrow::ui
