// SPDX-License-Identifier: MIT
#pragma once
#include <QLabel>
#include <QString>

namespace marrow::ui {

class KeyDragController;

// What the status bar says while keys move or scale (the dope sheet's G, S,
// Shift+D and drags, the graph view's key drags), so a move never removes a
// key without saying so: the offset or factor (or the number being typed),
// whether time 0 stopped it, and in red how many keys the result would merge.

// "Scale ×0.500 · type a number · Enter or click keeps · Esc or right-click cancels".
QString keyDragText(const KeyDragController& drag);
// A mouse drag's readout: "Move +2 frames".
QString keyMoveText(double frames, bool clamped);
// The text, then "N keys would merge" in red when N > 0 (rich text).
QString keyDragRichText(const QString& text, int wouldMerge);

// The label the window puts in its status bar: hidden while nothing moves.
class KeyDragStatusLabel : public QLabel {
    Q_OBJECT
public:
    explicit KeyDragStatusLabel(QWidget* parent = nullptr);

public slots:
    // Empty text: the drag ended.
    void showStatus(const QString& text, int wouldMerge);
};

} // namespace marrow::ui
