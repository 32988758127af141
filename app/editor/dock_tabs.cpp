// SPDX-License-Identifier: MIT
#include "app/editor/dock_tabs.h"

#include <QEvent>
#include <QMainWindow>
#include <QTabBar>
#include <QTimer>

namespace marrow::app {

namespace {

void unelide(QMainWindow* window)
{
    for (QTabBar* bar : window->findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
    }
}

// The main window's layout sets a new tab bar's elide mode after creating
// it, and a child being added is not yet of its class, so every new child
// of the window queues one pass over its tab bars.
class TabBarWatcher : public QObject {
public:
    explicit TabBarWatcher(QMainWindow* window) : QObject(window), m_window(window) {}

protected:
    // Compares plain pointers: while the window is destroyed its children go
    // (ChildRemoved) and it is no longer a QMainWindow.
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::ChildAdded && watched == static_cast<QObject*>(m_window) && !m_pending) {
            m_pending = true;
            QTimer::singleShot(0, this, [this] {  // cancelled if the window (and this) goes first
                m_pending = false;
                unelide(m_window);
            });
        }
        return false;
    }

private:
    QMainWindow* m_window;  // the parent: it outlives this
    bool m_pending = false;
};

} // namespace

void keepDockTabTitlesWhole(QMainWindow* window)
{
    window->installEventFilter(new TabBarWatcher(window));
    unelide(window);
}

} // namespace marrow::app
