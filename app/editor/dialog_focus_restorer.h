// SPDX-License-Identifier: MIT
#pragma once
#include <QObject>
#include <QPointer>

class QWidget;

namespace marrow::app {

// When a dialog of `window` closes (a file dialog, a message box), the window
// is activated again and its last focused area gets the keyboard back, so a
// Ctrl shortcut right after Open works. Without a window manager, or with
// one that activates nothing, the closed dialog left no active window and
// the key was lost. Installed on the application.
class DialogFocusRestorer : public QObject {
    Q_OBJECT
public:
    explicit DialogFocusRestorer(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void restore();

    QPointer<QWidget> m_window;
};

} // namespace marrow::app
