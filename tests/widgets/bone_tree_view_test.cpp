// SPDX-License-Identifier: MIT
// BoneTreeView keeps its row selection and ws::Selection in step both ways,
// through the name filter proxy, without echoing one into the other.
#include "widget_test_support.h"

#include "core/commands/rename_joint_command.h"
#include "core/workspace/selection.h"
#include "widgets/bone_tree/bone_filter_proxy_model.h"
#include "widgets/bone_tree/bone_tree_model.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/common/elided_name_delegate.h"

#include <QApplication>
#include <QItemSelectionModel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

using marrow::ui::BoneFilterProxyModel;
using marrow::ui::BoneTreeModel;
using marrow::ui::BoneTreeView;

namespace marrow::test {
namespace {

// A document, its selection, the model behind a filter proxy and a shown view.
struct TreeFixture {
    std::unique_ptr<doc::Document> document = openDocument("synthetic/public_rig.gltf");
    ws::Selection selection{document.get()};
    BoneTreeModel model{document.get(), &selection};
    BoneFilterProxyModel proxy;
    BoneTreeView view;

    TreeFixture()
    {
        proxy.setBoneModel(&model);
        view.setModel(&proxy);
        view.setJointSelection(&selection);
        view.resize(300, 900);
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
    }

    model::JointIndex joint(const char* name) const { return document->rig().skeleton.find(name).value_or(-1); }

    QList<model::JointIndex> selectedRows() const
    {
        QList<model::JointIndex> joints;
        const QModelIndexList rows = view.selectionModel()->selectedRows();
        for (const QModelIndex& row : rows)
            joints.append(view.jointForViewIndex(row));
        std::sort(joints.begin(), joints.end());
        return joints;
    }

    void click(model::JointIndex j, Qt::KeyboardModifiers modifiers = {})
    {
        const QModelIndex index = view.viewIndexForJoint(j);
        ASSERT_TRUE(index.isValid());
        view.scrollTo(index);
        const QRect rect = view.visualRect(index);
        ASSERT_FALSE(rect.isEmpty());
        QTest::mouseClick(view.viewport(), Qt::LeftButton, modifiers, rect.center());
    }
};

TEST(BoneTreeView, ClickSelectsTheJointInTheWorkspace)
{
    TreeFixture f;
    f.view.expandAll();
    QSignalSpy changed(&f.selection, &ws::Selection::jointsChanged);
    const model::JointIndex spine = f.joint("spine2");
    f.click(spine);
    EXPECT_EQ(f.selection.joints(), QList<model::JointIndex>{spine});
    EXPECT_EQ(changed.count(), 1) << "one click, one change: no echo back from the view";

    // Ctrl+click adds, and the clicked joint becomes the current one.
    const model::JointIndex head = f.joint("head");
    f.click(head, Qt::ControlModifier);
    EXPECT_EQ(f.selection.joints(), (QList<model::JointIndex>{spine, head}));
    EXPECT_EQ(f.selection.currentJoint(), head);
    f.click(spine, Qt::ControlModifier);  // toggles spine off
    EXPECT_EQ(f.selection.joints(), QList<model::JointIndex>{head});
}

// A rig opens with its hierarchy showing, not as one collapsed root, and
// so does the next rig the document opens.
TEST(BoneTreeView, ANewRigShowsItsWholeHierarchy)
{
    TreeFixture f;
    ASSERT_LE(f.document->rig().skeleton.size(), static_cast<std::size_t>(BoneTreeView::kExpandAllJoints));
    const auto deepestRowsShow = [&f] {
        for (const char* name : {"hand_L", "toe_R"}) {
            const QModelIndex index = f.view.viewIndexForJoint(f.joint(name));
            if (!index.isValid() || !f.view.isExpanded(index.parent()))
                return false;
        }
        return true;
    };
    EXPECT_TRUE(deepestRowsShow()) << "a newly shown rig";
    f.view.collapseAll();
    ASSERT_FALSE(deepestRowsShow());
    model::Rig copy = f.document->rig();
    ASSERT_FALSE(f.document->replaceRig(std::move(copy)).has_value());
    EXPECT_TRUE(deepestRowsShow()) << "after the document's rig was replaced";
}

TEST(BoneTreeView, WorkspaceSelectionSelectsAndRevealsRows)
{
    TreeFixture f;
    f.view.collapseAll();
    const model::JointIndex hand = f.joint("hand_L");
    const model::JointIndex toe = f.joint("toe_R");
    QSignalSpy changed(&f.selection, &ws::Selection::jointsChanged);
    f.selection.setJoints({toe, hand});
    EXPECT_EQ(changed.count(), 1) << "the view must not write the selection back";
    EXPECT_EQ(f.selectedRows(), (QList<model::JointIndex>{std::min(hand, toe), std::max(hand, toe)}));
    const QModelIndex handIndex = f.view.viewIndexForJoint(hand);
    EXPECT_EQ(f.view.currentIndex(), handIndex) << "the current joint's row is current";
    EXPECT_TRUE(f.view.isExpanded(handIndex.parent())) << "its ancestors were expanded to show it";
    EXPECT_TRUE(f.view.viewport()->rect().intersects(f.view.visualRect(handIndex)));

    f.selection.clearJoints();
    EXPECT_TRUE(f.selectedRows().isEmpty());
}

TEST(BoneTreeView, FilteringDoesNotDeselect)
{
    TreeFixture f;
    const model::JointIndex hand = f.joint("hand_L");
    const model::JointIndex head = f.joint("head");
    f.selection.setJoints({hand, head});
    QSignalSpy changed(&f.selection, &ws::Selection::jointsChanged);
    f.proxy.setNameFilter(QStringLiteral("head"));
    QCoreApplication::processEvents();  // the view reselects once the filter has settled
    EXPECT_EQ(f.selection.joints(), (QList<model::JointIndex>{hand, head}));
    EXPECT_EQ(f.selectedRows(), QList<model::JointIndex>{head});

    EXPECT_EQ(f.view.hiddenSelectedCount(), 1);

    // Ctrl+click adds to the selection, hidden joints included.
    f.view.expandAll();
    const model::JointIndex neck = f.joint("neck");
    f.click(neck, Qt::ControlModifier);
    EXPECT_TRUE(f.selection.isSelected(hand));
    EXPECT_TRUE(f.selection.isSelected(head));
    EXPECT_EQ(f.selection.currentJoint(), neck);

    // Clearing the filter shows the hidden selected row selected again.
    f.proxy.setNameFilter(QString());
    QCoreApplication::processEvents();
    EXPECT_EQ(f.selectedRows().size(), 3);
    EXPECT_TRUE(f.selectedRows().contains(hand));
    EXPECT_EQ(f.view.hiddenSelectedCount(), 0);
    EXPECT_GE(changed.count(), 1);
}

// A plain click replaces the whole selection, the joints the filter hides
// included, even on the one visible row already selected (issue 36).
TEST(BoneTreeView, APlainClickDeselectsWhatTheFilterHides)
{
    TreeFixture f;
    const model::JointIndex hand = f.joint("hand_L");
    const model::JointIndex head = f.joint("head");
    f.selection.setJoints({hand, head});
    f.proxy.setNameFilter(QStringLiteral("head"));
    QCoreApplication::processEvents();
    QSignalSpy counted(&f.view, &BoneTreeView::hiddenSelectedCountChanged);
    f.click(head);
    EXPECT_EQ(f.selection.joints(), QList<model::JointIndex>{head});
    EXPECT_EQ(f.view.hiddenSelectedCount(), 0);
    ASSERT_EQ(counted.count(), 1);
    EXPECT_EQ(counted.front().front().toInt(), 0);

    f.selection.setJoints({hand, head});
    EXPECT_EQ(f.view.hiddenSelectedCount(), 1) << "a selection made elsewhere is counted too";
    const model::JointIndex neck = f.joint("neck");
    f.view.expandAll();
    f.click(neck);
    EXPECT_EQ(f.selection.joints(), QList<model::JointIndex>{neck});
}

TEST(BoneTreeView, NewRigKeepsViewAndSelectionConsistent)
{
    TreeFixture f;
    f.selection.selectJoint(f.joint("hand_L"));
    ASSERT_FALSE(f.document->replaceRig(importRig("ozz-animation/gltf/khronos/cesium_man.gltf")).has_value());
    QCoreApplication::processEvents();
    // The selection resets on a new rig; the view shows exactly that.
    QList<model::JointIndex> expected = f.selection.joints();
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(f.selectedRows(), expected);
    f.view.expandAll();
    f.click(1);
    EXPECT_EQ(f.selection.joints(), QList<model::JointIndex>{1});
}

// A click on a joint's padlock locks it (one undo entry) and leaves the
// selection alone; a second click unlocks.
TEST(BoneTreeView, ClickingThePadlockTogglesTheLockNotTheSelection)
{
    TreeFixture f;
    f.view.expandAll();
    const model::JointIndex spine = f.joint("spine2");
    f.click(spine);
    ASSERT_EQ(f.selection.joints(), QList<model::JointIndex>{spine});
    const model::JointIndex head = f.joint("head");
    const QModelIndex lock = f.view.viewIndexForJoint(head).siblingAtColumn(BoneTreeModel::LockColumn);
    ASSERT_TRUE(lock.isValid());
    f.view.scrollTo(lock);
    const QRect rect = f.view.visualRect(lock);
    ASSERT_FALSE(rect.isEmpty());
    QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, rect.center());
    EXPECT_TRUE(f.document->isLocked(head));
    EXPECT_EQ(f.document->undoStack()->count(), 1);
    EXPECT_EQ(f.selection.joints(), QList<model::JointIndex>{spine}) << "the lock click selected something";
    QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, rect.center());
    EXPECT_FALSE(f.document->isLocked(head));
}

// A long name (a Mixamo thumb, deep in the tree) is shortened to the dock's
// width keeping its end ("mix…:RightHandThumb4"), never cut at the end or
// pushed out of view with the padlocks; the tooltip gives it whole.
TEST(BoneTreeView, LongNamesKeepTheirEndAndThePadlocksStayInView)
{
    TreeFixture f;
    f.view.setIndentation(12);  // as the Skeleton dock
    f.view.resize(324, 600);    // 300 for the names, as before the Deform column took its 24
    const model::JointIndex hand = f.joint("hand_L");
    const QString name = QStringLiteral("mixamorig:RightHandThumb4");
    f.document->undoStack()->push(new cmd::RenameJointCommand(f.document.get(), hand, name.toStdString()));
    QApplication::processEvents();
    const QModelIndex index = f.view.viewIndexForJoint(hand);
    ASSERT_TRUE(index.isValid());
    f.view.scrollTo(index);
    EXPECT_EQ(f.view.horizontalScrollBar()->maximum(), 0) << "the tree scrolls sideways";
    const QRect nameRect = f.view.visualRect(index);
    const QRect lockRect = f.view.visualRect(index.siblingAtColumn(BoneTreeModel::LockColumn));
    EXPECT_LE(lockRect.right(), f.view.viewport()->width()) << "the padlock is out of view";
    const QRect deformRect = f.view.visualRect(index.siblingAtColumn(BoneTreeModel::DeformColumn));
    EXPECT_LE(deformRect.right(), f.view.viewport()->width()) << "the Deform toggle is out of view";
    EXPECT_LE(nameRect.right(), lockRect.left());

    auto* delegate = qobject_cast<ui::ElidedNameDelegate*>(f.view.itemDelegateForColumn(BoneTreeModel::NameColumn));
    ASSERT_NE(delegate, nullptr);
    QStyleOptionViewItem option;
    option.initFrom(f.view.viewport());
    option.widget = &f.view;
    option.rect = nameRect;
    const QString shown = delegate->shownText(option, index);
    EXPECT_NE(shown, name) << "the name fits: nothing to test";
    EXPECT_TRUE(shown.endsWith(QStringLiteral("RightHandThumb4"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QChar(0x2026))) << shown.toStdString();
    EXPECT_TRUE(index.data(Qt::ToolTipRole).toString().startsWith(name));
}

} // namespace
} // namespace marrow::test
