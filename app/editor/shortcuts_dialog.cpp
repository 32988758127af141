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
    std::set<QString> seen;
    for (const Section& section : sections) {
        QList<QTreeWidgetItem*> rows;
        for (QWidget* owner : section.owners) {
            if (!owner)
                continue;
            const auto actions = owner->actions();
            for (const QAction* action : actions) {
                const QString keys = keysOf(action);
                const QString line = keys + QLatin1Char('\t') + plainText(action);
                if (keys.isEmpty() || !seen.insert(line).second)
                    continue;
                rows << new QTreeWidgetItem({keys, plainText(action)});
            }
        }
        if (rows.isEmpty())
            continue;
        addHeading(section.title);
        m_tree->addTopLevelItems(rows);
    }
    addHeading(scheme == ui::NavigationScheme::Maya ? tr("Viewport (Maya keymap; keys go to the viewport under the mouse)")
                                                    : tr("Viewport (Blender keymap; keys go to the viewport under the mouse)"));
    for (const ui::KeyBinding& binding : ui::viewportKeymap(scheme))
        new QTreeWidgetItem(m_tree, {binding.keys, binding.action});

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 620);
}

QStringList ShortcutsDialog::lines() const
{
    QStringList out;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = m_tree->topLevelItem(i);
        if (!item->text(1).isEmpty())
            out << item->text(0) + QStringLiteral(" — ") + item->text(1);
    }
    return out;
}

} // namespace marrow::app
