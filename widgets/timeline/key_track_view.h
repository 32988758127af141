// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "widgets/timeline/key_drag_controller.h"
#include "widgets/timeline/key_ghosts.h"
#include "widgets/timeline/key_track_model.h"
#include "widgets/timeline/time_axis_input.h"

#include <QPoint>
#include <QPointer>
#include <QRect>
#include <QString>
#include <QWidget>

#include <cstddef>
#include <optional>
#include <vector>

class QAction;
class QContextMenuEvent;
class QHelpEvent;
class QToolButton;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class KeySelection;
class Playback;
class Selection;
} // namespace marrow::ws

namespace marrow::ui {

class KeyEditActions;
class TimelineGeometry;

// The dope sheet under the ruler, as Blender's: a summary row for the clip,
// then per shown bone (the selected ones, or every animated bone with the
// "Only Selected" button off) a bone row and one row per animated channel,
// in bone-tree order (KeyTrackModel). Keys are glyphs by interpolation
// (square Constant, diamond Linear, circle Cubic; summary and bone rows
// diamonds, the summary's larger), white, orange when selected.
//
// Mouse: a drag on the label column's right edge resizes it; a click on a
// bone's name selects the bone (Ctrl or Shift toggles it), on its triangle
// folds its channel rows; a click on a key selects the keys under it (Shift toggles), a drag
// from a selected key moves the selection (ghosts only, snapped to frames,
// Ctrl free; one "Move Keys" on release), a drag on empty space box-selects
// (Shift adds), a click on empty space scrubs and deselects; middle drag
// pans, Ctrl+wheel zooms (TimeAxisInput). Keys, with focus: G move, S scale
// about the playhead (modal: the mouse moves the ghosts, click/Enter
// confirms, Esc/right-click cancels; typed numbers set the frames or the
// factor, as in the viewport: G 2 Enter, S 0.5 Enter, '-' flips the sign),
// Shift+D duplicate and move, Delete/X,
// Ctrl+C/Ctrl+V, T interpolation menu, V tangent menu, Ctrl+A all, Alt+A
// none, Up/Down next/previous key. Right-click (not the one that cancels a
// drag or G / S) opens the key context menu (key_context_menu.h).
//
// Keys land by the landing rules (anim/key_landing.h): no key below 0, the
// moved keys of one channel on distinct frames. While a drag or G / S runs,
// dragStatusChanged says the offset or factor and how many keys the result
// would merge (for the window's status bar).
//
// Rows are rebuilt lazily (at most once per event-loop turn however many
// keysChanged a command emits; every accessor builds first). Key edits go
// through KeyEditActions; without a KeySelection the view only scrubs.
// The geometry must outlive it; document, selections and playback may go first.
class KeyTrackView : public QWidget {
    Q_OBJECT
public:
    using Row = KeyTrackModel::Row;
    using RowKind = KeyTrackModel::RowKind;

    KeyTrackView(doc::Document* document, ws::Selection* selection, ws::Playback* playback,
                 TimelineGeometry* geometry, QWidget* parent = nullptr);
    ~KeyTrackView() override;

    void setKeySelection(ws::KeySelection* keys);
    ws::KeySelection* keySelection() const;
    KeyEditActions* editActions() const { return m_actions; }

    const KeyTrackModel& model() const;
    int rowCount() const { return model().rowCount(); }
    const Row& row(int index) const { return model().row(index); }
    QString rowLabel(int index) const;  // "Summary", the bone or the channel name
    // The label as the channel column draws it: a long name elided in the
    // middle (its tooltip gives it whole).
    QString shownRowLabel(int index) const;
    QRect rowRect(int index) const;     // full width, in widget coordinates
    int rowAt(int y) const;             // -1 below the last row
    // Where a row's key glyph is drawn (its centre); {} when out of range.
    QPoint keyPosition(int rowIndex, std::size_t key) const;
    // The widget x of a time.
    int xOf(double seconds) const;

    bool onlySelected() const { return m_onlySelected; }
    void setOnlySelected(bool on);
    QToolButton* onlySelectedButton() const { return m_onlySelectedButton; }
    const KeyDragController& drag() const { return m_drag; }
    // While a drag or G / S runs: its readout (keyDragText) and the keys the
    // result would merge; empty and 0 otherwise.
    QString dragStatus() const { return m_dragStatus; }
    int wouldMerge() const { return m_wouldMerge; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    // Marks the rows stale; they are rebuilt before the next read or paint.
    void rebuild();
    void jumpToNextKey();
    void jumpToPreviousKey();

signals:
    // The user zoomed or panned from here: the visible range moved.
    void viewChanged();
    // A drag or G / S started, changed or ended (empty text).
    void dragStatusChanged(const QString& text, int wouldMerge);
    // The user dragged the label column's edge: timeline_style::gutterWidth()
    // changed, and every timeline widget lays out again.
    void gutterResized();

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    enum class Gesture { None, PendingKey, PendingBox, Box, Drag, Modal, Gutter };
    // The actions the right-click menu shows (addKeyActions makes them).
    struct MenuActions {
        QAction* copy = nullptr;
        QAction* paste = nullptr;
        QAction* duplicate = nullptr;
        QAction* remove = nullptr;
        QAction* selectAll = nullptr;
        QAction* selectNone = nullptr;
    };

    void ensureBuilt() const;
    void build();
    void onKeySelectionChanged();
    void onTimeChanged(double seconds);
    void handle(QEvent* event, TimeAxisInput::Outcome outcome);
    double timeAt(double x) const;
    void addKeyActions();
    void showRowToolTip(const QHelpEvent& event);
    QAction* keyAction(const QKeyEvent& event) const;  // the dope sheet action of a key press, or nullptr
    bool claimsKey(const QKeyEvent& event) const;
    void beginModal(KeyDragController::Mode mode, bool duplicate);
    bool typeIntoModal(const QKeyEvent& event);
    // After every change of m_drag: the ghosts and the status readout.
    void dragChanged();
    void confirmDrag();
    void cancelDrag();
    void finishBox(const QMouseEvent& event);
    void clickKey(int row, double time, Qt::KeyboardModifiers modifiers);
    // A press on a bone row's label: its triangle folds or unfolds the
    // channels, the name selects the bone (Ctrl or Shift toggles it). False
    // for other rows.
    bool pressLabel(QPoint pos, Qt::KeyboardModifiers modifiers);
    bool onGutterEdge(int x) const;  // within 3 px of the label column's right edge

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::Playback> m_playback;
    QPointer<ws::KeySelection> m_keys;
    TimelineGeometry* m_geometry = nullptr;
    TimeAxisInput m_input;
    KeyEditActions* m_actions = nullptr;
    QToolButton* m_onlySelectedButton = nullptr;

    mutable KeyTrackModel m_model;
    mutable std::vector<QString> m_labels;
    mutable bool m_stale = false;  // the constructor's rebuild() marks it and schedules the build
    mutable bool m_selectionStale = true;
    bool m_onlySelected = true;

    KeyDragController m_drag;
    KeyGhosts m_ghosts;
    QString m_dragStatus;
    int m_wouldMerge = 0;
    Gesture m_gesture = Gesture::None;
    QPoint m_pressPos;
    int m_pressRow = -1;
    double m_pressKeyTime = 0.0;
    QPoint m_boxEnd;
    MenuActions m_menuActions;
    bool m_rightPressCancelled = false;  // that press's context menu event is the cancel's, not a menu
    QPoint m_hoverPos;  // the mouse's last position over the view (modal anchors)
    double m_lastTime = 0.0;  // where the playhead was last drawn
};

} // namespace marrow::ui
