// SPDX-License-Identifier: MIT
#include "app/editor/dialog_focus_restorer.h"

#include <QApplication>
#include <QDialog>
#include <QTimer>

namespace marrow::app {

DialogFocusRestorer::DialogFocusRestorer(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    qApp->installEventFilter(this);
}

bool DialogFocusRestorer::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::Hide || !m_window)
        return false;
    auto* dialog = qobject_cast<QDialog*>(watched);
    if (!dialog || !dialog->isWindow() || !dialog->parentWidget() || dialog->parentWidget()->window() != m_window)
        return false;
    // After the dialog's own close has finished (a modal exec returns first).
    QTimer::singleShot(0, this, &DialogFocusRestorer::restore);
    return false;
}

void DialogFocusRestorer::restore()
{
    if (!m_window || !m_window->isVisible() || m_window->isMinimized() || QApplication::activeModalWidget() ||
        QApplication::activePopupWidget())
        return;
    if (QApplication::activeWindow() && QApplication::activeWindow() != m_window)
        return;  // another window (a modeless dialog, another app's) was chosen
    m_window->activateWindow();
    // The window's focus widget is the last one focused in it: the area the
    // user worked in before the dialog.
    if (QWidget* last = m_window->focusWidget())
        last->setFocus(Qt::ActiveWindowFocusReason);
}

} // namespace marrow::app
