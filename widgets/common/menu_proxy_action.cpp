// SPDX-License-Identifier: MIT
#include "widgets/common/menu_proxy_action.h"

#include <QAction>
#include <QMenu>

namespace marrow::ui {

QAction* addProxyAction(QMenu* menu, QAction* source, bool enabled)
{
    auto* proxy = new QAction(source->icon(), source->text(), menu);
    // Only while the menu has focus: the source's shortcut stays the one that acts.
    proxy->setShortcuts(source->shortcuts());
    proxy->setShortcutContext(Qt::WidgetShortcut);
    proxy->setCheckable(source->isCheckable());
    proxy->setChecked(source->isChecked());
    proxy->setEnabled(enabled && source->isEnabled());
    proxy->setToolTip(source->toolTip());
    QObject::connect(proxy, &QAction::triggered, source, [source] { source->trigger(); });
    menu->addAction(proxy);
    return proxy;
}

} // namespace marrow::ui
