// SPDX-License-Identifier: MIT
#pragma once
#include <QDoubleSpinBox>
#include <QPoint>
#include <QTimer>

namespace marrow::ui {

// A QDoubleSpinBox for one channel component (say, translation X) that says
// when a continuous edit, a "gesture", is over, so the inspector can turn
// every value change between the first one and the end into one undo entry.
// A gesture ends (gestureFinished) on:
//   - release of the mouse on the arrow buttons (a held arrow auto-repeats),
//   - release of a held Up/Down/PageUp/PageDown key (auto-repeats do not count),
//   - Enter or focus out (editingFinished),
//   - kWheelBurstMs without a wheel step (a burst of wheel steps is one edit),
//   - release after a horizontal scrub: dragging on the number changes it by
//     singleStep per pixel (a tenth with Shift), as Blender's fields do. A
//     click without a drag enters text editing instead (text selected; then
//     drags select text as usual) until focus leaves the box.
// Keyboard tracking is off: typed text is committed as one value on Enter or
// focus out instead of posing through every intermediate number ("1", "12",
// "125"). That does not slow the drags: Qt emits valueChanged for arrow,
// key, wheel and scrub steps at once whatever the tracking.
// The wheel only acts on a focused box, so scrolling a long panel never
// edits a value that happens to pass under the pointer.
class ChannelSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    static constexpr int kWheelBurstMs = 400;

    explicit ChannelSpinBox(QWidget* parent = nullptr);

    // Shows a dash instead of a number (nothing to show); setValue shows numbers again.
    void showBlank();
    bool isBlank() const { return value() == minimum(); }
    // True while typed text waits for Enter or focus out: a refresh must not overwrite it.
    bool hasPendingText() const;
    bool isScrubbing() const { return m_scrubbing; }

signals:
    void gestureFinished();

protected:
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool scrubEvent(QEvent* event);  // the line edit's mouse events; true when consumed
    void setTextEditing(bool editing);

    QTimer m_wheelTimer;
    QPoint m_pressGlobal;   // where a press on the unfocused number went down
    int m_lastScrubX = 0;   // global x at the last scrub step
    bool m_pressed = false;       // a left press on the number, not yet a scrub or a click
    bool m_scrubbing = false;     // the press moved past the drag distance
    bool m_textEditing = false;   // clicked or tabbed in: the mouse edits text, not the value
};

} // namespace marrow::ui
