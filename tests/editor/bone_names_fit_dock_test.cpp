// SPDX-License-Identifier: MIT
// Mixamo finger names at the Skeleton dock's default width (issue 36): deep
// in the tree, "mixamorig:LeftHandThumb1" and "mixamorig:LeftHandIndex1"
// both showed as dots. Each keeps the end that tells it from its sibling.
#include "editor_fixture.h"
#include "tests/support/shared_models.h"
#include "widgets/bone_tree/bone_tree_model.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/common/elided_name_delegate.h"

namespace marrow::test {
namespace {

using BoneNamesFitDock = EditorTest;

TEST_F(BoneNamesFitDock, SiblingMixamoFingersShowTheirDistinguishingEnds)
{
    ASSERT_TRUE(window().openFile(QString::fromStdString(traitsSample())))
        << window().files().lastError().toStdString();
    ui::BoneTreeView& tree = window().boneTree();
    tree.expandAll();
    QApplication::processEvents();
    auto* delegate = qobject_cast<ui::ElidedNameDelegate*>(tree.itemDelegateForColumn(ui::BoneTreeModel::NameColumn));
    ASSERT_NE(delegate, nullptr);
    const auto shown = [&](const char* name) {
        const auto joint = window().document().rig().skeleton.find(name);
        EXPECT_TRUE(joint.has_value()) << name;
        const QModelIndex index = tree.viewIndexForJoint(joint.value_or(0));
        EXPECT_TRUE(index.isValid()) << name;
        tree.scrollTo(index);
        QStyleOptionViewItem option;
        option.initFrom(tree.viewport());
        option.widget = &tree;
        option.rect = tree.visualRect(index);
        return delegate->shownText(option, index);
    };
    const QString thumb = shown("mixamorig:LeftHandThumb1"), index = shown("mixamorig:LeftHandIndex1");
    EXPECT_NE(thumb, index);
    // The finger and its number, not "…Le…b1" and "…Le…x1".
    EXPECT_TRUE(thumb.endsWith(QStringLiteral("humb1"))) << thumb.toStdString();
    EXPECT_TRUE(index.endsWith(QStringLiteral("ndex1"))) << index.toStdString();
}

} // namespace
} // namespace marrow::test
