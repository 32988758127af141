// SPDX-License-Identifier: MIT
#include "app/editor/bone_tree_menu.h"

#include "app/editor/select_actions.h"
#include "core/document/document.h"
#include "core/workspace/selection.h"
#include "widgets/bone_tree/bone_tree_model.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/common/menu_proxy_action.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace marrow::app {

namespace {

void popupBoneTreeMenu(ui::BoneTreeView* tree, QPoint viewportPos, const SelectActions& select,
                       QAction* frameSelected, doc::Document* document, ws::Selection* selection)
{
    const QModelIndex index = tree->indexAt(viewportPos);
    const model::JointIndex joint = tree->jointForViewIndex(index);
    const auto& names = document->rig().skeleton.names;
    const bool onBone = joint >= 0 && static_cast<std::size_t>(joint) < names.size();
    if (onBone && !selection->isSelected(joint))
        selection->selectJoint(joint);

    auto* menu = new QMenu(tree);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const QString name = onBone ? QString::fromStdString(names[static_cast<std::size_t>(joint)]) : QString();
    menu->addSection(onBone ? name : QObject::tr("Bones"));
    QMenu* selectMenu = menu->addMenu(QObject::tr("Select"));
    for (QAction* action : {select.all, select.none, select.invert, select.mirror, select.parent, select.children})
        ui::addProxyAction(selectMenu, action);
    menu->addSeparator();

    const bool locked = onBone && document->isLocked(joint);
    QAction* lock = menu->addAction(locked ? QObject::tr("Unlock Weights") : QObject::tr("Lock Weights"));
    lock->setEnabled(onBone);
    QObject::connect(lock, &QAction::triggered, tree, [tree, joint] {
        if (ui::BoneTreeModel* bones = tree->boneModel())
            bones->toggleLock(joint);
    });
    QAction* rename = menu->addAction(QObject::tr("Rename…"));
    rename->setShortcut(QKeySequence(Qt::Key_F2));  // shown: the tree's own edit key
    rename->setShortcutContext(Qt::WidgetShortcut);
    rename->setEnabled(onBone);
    const QPersistentModelIndex nameIndex = index.siblingAtColumn(ui::BoneTreeModel::NameColumn);
    QObject::connect(rename, &QAction::triggered, tree, [tree, nameIndex] {
        if (nameIndex.isValid())
            tree->edit(nameIndex);
    });
    QAction* copy = menu->addAction(QObject::tr("Copy Name"));
    copy->setEnabled(onBone);
    QObject::connect(copy, &QAction::triggered, tree, [name] { QGuiApplication::clipboard()->setText(name); });
    menu->addSeparator();
    ui::addProxyAction(menu, frameSelected, !selection->joints().isEmpty() || onBone);
    menu->popup(tree->viewport()->mapToGlobal(viewportPos));
}

} // namespace

void installBoneTreeMenu(ui::BoneTreeView* tree, const SelectActions& select, QAction* frameSelected,
                         doc::Document* document, ws::Selection* selection)
{
    tree->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(tree, &QWidget::customContextMenuRequested, tree,
                     [tree, select, frameSelected, document, selection](QPoint pos) {
                         popupBoneTreeMenu(tree, pos, select, frameSelected, document, selection);
                     });
}

} // namespace marrow::app
