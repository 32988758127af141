// SPDX-License-Identifier: MIT
#include "app/editor/shortcuts_dialog.h"

#include "widgets/viewport/viewport_keymap.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <set>

namespace marrow::app {

namespace {

QString plainText(const QAction* action)
{
    QString text = action->text();
    text.remove(QLatin1Char('&'));
    text.remove(QStringLiteral("…"));
    if (text.isEmpty())
        text = action->toolTip();
    return text;
}

QString keysOf(const QAction* action)
{
    QStringList keys;
    for (const QKeySequence& k : action->shortcuts())
        keys << k.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QList<Section>& sections, ui::NavigationScheme scheme, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto* layout = new QVBoxLayout(this);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Keys"), tr("Action")});
    m_tree->setRootIsDecorated(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    layout->addWidget(m_tree);

    const auto addHeading = [this](const QString& title) {
        auto* item = new QTreeWidgetItem(m_tree, {title});
        item->setFirstColumnSpanned(true);
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        item->setFlags(Qt::ItemIsEnabled);
    };
    // An action named by a section's `actions` belongs there alone; any
    // other is listed once, under the first section whose owner holds it.
    std::set<const QAction*> claimed, listed;
    for (const Section& section : sections)
        claimed.insert(section.actions.begin(), section.actions.end());
    for (const Section& section : sections) {
        QList<QTreeWidgetItem*> rows;
        std::set<QString> lines;  // one action on two widgets is one row
        const auto addRow = [&](const QString& keys, const QString& action) {
            if (!keys.isEmpty() && !action.isEmpty() && lines.insert(keys + QLatin1Char('\t') + action).second)
                rows << new QTreeWidgetItem({keys, action});
        };
        const auto addAction = [&](const QAction* action) {
            if (!action || !listed.insert(action).second)
                return;
            addRow(keysOf(action), plainText(action));
        };
        for (const QAction* action : section.actions)
            addAction(action);
        for (QWidget* owner : section.owners) {
            if (!owner)
                continue;
            const auto actions = owner->actions();
            for (const QAction* action : actions)
                if (!claimed.count(action))
                    addAction(action);
        }
        for (const ui::KeyBinding& binding : section.keys)
            addRow(binding.keys, binding.action);
        if (rows.isEmpty())
            continue;
        addHeading(section.title);
        m_tree->addTopLevelItems(rows);
    }
    addHeading(scheme == ui::NavigationScheme::Maya ? tr("Viewport navigation (Maya keymap; keys go to the viewport under the mouse)")
                                                    : tr("Viewport navigation (Blender keymap; keys go to the viewport under the mouse)"));
    for (const ui::KeyBinding& binding : ui::viewportKeymap(scheme))
        new QTreeWidgetItem(m_tree, {binding.keys, binding.action});

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(760, 680);  // the longest rows read whole
}

QStringList ShortcutsDialog::lines() const
{
    QStringList out;
    for (const Row& row : rows())
        out << row.keys + QStringLiteral(" — ") + row.action;
    return out;
}

QList<ShortcutsDialog::Row> ShortcutsDialog::rows() const
{
    QList<Row> out;
    QString section;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = m_tree->topLevelItem(i);
        if (item->isFirstColumnSpanned())
            section = item->text(0);
        else
            out << Row{section, item->text(0), item->text(1)};
    }
    return out;
}

} // namespace marrow::app
