// SPDX-License-Identifier: MIT
#include "app/editor/dock_tabs.h"

#include <QEvent>
#include <QMainWindow>
#include <QPointer>
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
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_window && event->type() == QEvent::ChildAdded && !m_pending) {
            m_pending = true;
            QTimer::singleShot(0, this, [this] {
                m_pending = false;
                if (m_window)
                    unelide(m_window);
            });
        }
        return false;
    }

private:
    QPointer<QMainWindow> m_window;
    bool m_pending = false;
};

} // namespace

void keepDockTabTitlesWhole(QMainWindow* window)
{
    window->installEventFilter(new TabBarWatcher(window));
    unelide(window);
}

} // namespace marrow::app
