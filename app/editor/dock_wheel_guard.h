// SPDX-License-Identifier: MIT
#pragma once
#include <QObject>
#include <QPointer>

class QWidget;

namespace marrow::app {

// Scrolling a dock must not change the field under the pointer: a wheel over
// a combo box, spin box or slider inside a dock of `window` that does not
// have the keyboard focus scrolls the dock instead (its nearest scroll area),
// so it changes no value and pushes no undo entry. Once the field has the
// focus (a click, Tab) the wheel edits it as usual. Such fields lose Qt's
// WheelFocus, which would hand them the focus on the first notch.
// Installed on the application; acts on the widgets of one window only.
class DockWheelGuard : public QObject {
    Q_OBJECT
public:
    explicit DockWheelGuard(QWidget* window);

    // Whether `widget` is a field the guard looks after.
    bool guards(QWidget* widget) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static void dropWheelFocus(QWidget* field);

    QPointer<QWidget> m_window;
};

} // namespace marrow::app
