// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_keymap.h"
#include "widgets/viewport/viewport_navigation.h"

#include <QDialog>
#include <QList>

class QAction;
class QTreeWidget;

namespace marrow::app {

// Help › Keyboard Shortcuts: every shortcut of the active keymap, grouped by
// where it works (everywhere, per mode, the dope sheet, the graph), read
// from the live actions, the tools' own key lists and the viewport keymap,
// so the list cannot drift from what the keys do. A row always names a key
// and an action; a section without rows is left out.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    struct Section {
        QString title;
        QList<QWidget*> owners;  // their actions() with shortcuts are listed
        // Listed here and nowhere else, even when an owner of another section holds them.
        QList<QAction*> actions = {};
        // Keys a tool or view handles itself (ViewportTool::keyHelp), after the actions.
        QList<ui::KeyBinding> keys = {};
    };
    struct Row {
        QString section;
        QString keys;
        QString action;
    };
    ShortcutsDialog(const QList<Section>& sections, ui::NavigationScheme scheme, QWidget* parent = nullptr);

    // Every "keys — action" line shown, for tests.
    QStringList lines() const;
    // Every row with the title of its section, in order.
    QList<Row> rows() const;

private:
    QTreeWidget* m_tree = nullptr;
};

} // namespace marrow::app
