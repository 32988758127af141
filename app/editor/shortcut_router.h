// SPDX-License-Identifier: MIT
#pragma once
#include <QObject>
#include <QPointer>

class QWidget;

namespace marrow::app {

// Lets the editor's shortcuts (Ctrl+Z, Ctrl+S, Alt+R…) work wherever the
// keyboard focus is. A QLineEdit, and so a spin box, claims every standard
// editing key (Undo, Redo, Select All…) through QEvent::ShortcutOverride, so
// after typing a value and pressing Enter, Ctrl+Z undid text in the box (or
// nothing) instead of the edit. The rule here: a text field that is being
// edited (typed into since it was last committed) keeps those keys, where
// they mean text undo; any other field lets a modified key (Ctrl, Alt, Meta)
// go to the window's shortcuts, and a key that no shortcut uses still reaches
// the field. Plain keys (letters, digits, Space) always stay with the field.
// Installed on the application; acts on the widgets of one window only.
class ShortcutRouter : public QObject {
    Q_OBJECT
public:
    explicit ShortcutRouter(QWidget* window);

    // A text field (line edit, spin box) with typed, uncommitted text.
    static bool isBeingEdited(QWidget* field);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QPointer<QWidget> m_window;
};

} // namespace marrow::app
