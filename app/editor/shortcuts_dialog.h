// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_navigation.h"

#include <QDialog>
#include <QList>

class QTreeWidget;

namespace marrow::app {

// Help › Keyboard Shortcuts: every shortcut of the active keymap, grouped by
// where it works (everywhere, in the viewport, in the timeline), read from
// the live actions and the viewport keymap, so the list cannot drift from
// what the keys do.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    struct Section {
        QString title;
        QList<QWidget*> owners;  // their actions() with shortcuts are listed
    };
    ShortcutsDialog(const QList<Section>& sections, ui::NavigationScheme scheme, QWidget* parent = nullptr);

    // Every "keys — action" line shown, for tests.
    QStringList lines() const;

private:
    QTreeWidget* m_tree = nullptr;
};

} // namespace marrow::app
