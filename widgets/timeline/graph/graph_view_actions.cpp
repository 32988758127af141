// SPDX-License-Identifier: MIT
// GraphView's key actions and right-click menu: Delete, Copy, Paste, Select
// All / None and Frame All as real actions (their keys work while the graph
// has focus, and the menu shows them), the key edits through the same
// KeyEditActions as the dope sheet (cmd::key_edit), and the menu built by
// the shared popupKeyContextMenu with the graph's Handle Type.
#include "widgets/timeline/graph/graph_view.h"

#include "core/workspace/key_selection.h"
#include "widgets/common/menu_proxy_action.h"
#include "widgets/timeline/key_context_menu.h"
#include "widgets/timeline/key_edit_actions.h"
#include "widgets/timeline/timeline_style.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>

namespace marrow::ui {

void GraphView::addKeyActions()
{
    const auto add = [this](const QString& text, QList<QKeySequence> keys, auto slot) {
        auto* action = new QAction(text, this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WidgetShortcut);  // keyPressEvent triggers it (event() claims the key)
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };
    m_menuActions.copy = add(tr("Copy Keys"), {QKeySequence(Qt::CTRL | Qt::Key_C)}, [this] { m_editActions->copy(); });
    m_menuActions.paste = add(tr("Paste Keys"), {QKeySequence(Qt::CTRL | Qt::Key_V)}, [this] { m_editActions->paste(); });
    m_menuActions.remove = add(tr("Delete Keys"), {QKeySequence(Qt::Key_Delete), QKeySequence(Qt::Key_X)},
                               [this] { m_editActions->deleteSelected(); });
    m_menuActions.selectAll = add(tr("Select All Keys"), {QKeySequence(Qt::CTRL | Qt::Key_A)}, [this] {
        if (m_keys)
            m_keys->setKeys(shownKeys());  // what is drawn: hidden curves stay unselected
    });
    m_menuActions.selectNone = add(tr("Deselect Keys"), {QKeySequence(Qt::ALT | Qt::Key_A)}, [this] {
        if (m_keys)
            m_keys->clear();
    });
    m_menuActions.frameAll = add(tr("Frame All"), {QKeySequence(Qt::Key_Home)}, [this] { frameAll(); });
}

QAction* GraphView::keyAction(const QKeyEvent& event) const
{
    const auto mods = event.modifiers() & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    const QKeySequence pressed(QKeyCombination(mods, static_cast<Qt::Key>(event.key())));
    for (QAction* action : actions())
        if (action->shortcuts().contains(pressed))
            return action;
    return nullptr;
}

QMenu* GraphView::popupContextMenu(QPoint globalPos)
{
    KeyContextMenuItems items;
    items.hasSelection = m_keys && !m_keys->isEmpty();
    items.canPaste = m_editActions->hasClipboard();
    items.copy = m_menuActions.copy;
    items.paste = m_menuActions.paste;
    items.setInterpolation = [this](anim::Interpolation mode) { m_editActions->setInterpolation(mode); };
    items.setHandleType = [this](anim::TangentMode mode) { setHandleType(mode); };
    items.remove = m_menuActions.remove;
    items.selectAll = m_menuActions.selectAll;
    items.selectNone = m_menuActions.selectNone;
    QMenu* menu = popupKeyContextMenu(this, globalPos, items);
    menu->addSeparator();
    addProxyAction(menu, m_menuActions.frameAll);
    return menu;
}

void GraphView::contextMenuEvent(QContextMenuEvent* event)
{
    event->accept();  // never the dock area's menu of docks and toolbars
    // Mid-drag a right-click changes nothing; the menu belongs to the plot.
    if (m_drag != Drag::None || !plotRect().contains(event->pos()))
        return;
    popupContextMenu(event->globalPos());
}

} // namespace marrow::ui
