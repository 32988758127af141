// SPDX-License-Identifier: MIT
// On public_rig (Armature > pelvis > spine1..5 > neck, clavicles; hand_L >
// Prop, a plain node). Selection as Blender: A selects every bone and Alt+A none in the viewport
// and the bone tree, Ctrl+I inverts; the dope sheet keeps Ctrl+A / Alt+A for
// its keys; the Select menu's Mirror, Parent, Children and Similar Name; the
// Maya keymap keeps A for Frame All.
#include "app/editor/editor_actions.h"
#include "app/editor/select_actions.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QMenuBar>
#include <QSignalSpy>

namespace marrow::test {
namespace {

class SelectMenuTest : public EditorTest {
protected:
    model::JointIndex joint(const char* name) { return window().document().rig().skeleton.find(name).value_or(-1); }
    QList<model::JointIndex> joints(std::initializer_list<const char*> names)
    {
        QList<model::JointIndex> out;
        for (const char* name : names)
            out << joint(name);
        return out;
    }
    // Every bone of the sample (its skin's joints), in skeleton order.
    QList<model::JointIndex> allBones()
    {
        QList<model::JointIndex> out;
        const auto mask = window().document().rig().boneMask();
        for (std::size_t j = 0; j < mask.size(); ++j)
            if (mask[j])
                out << static_cast<model::JointIndex>(j);
        return out;
    }
    static QSet<model::JointIndex> asSet(const QList<model::JointIndex>& list) { return {list.begin(), list.end()}; }
    ws::Selection& selection() { return window().selection(); }
    // The pointer over the viewport (a real move): keys sent to the window
    // then go there, wherever the focus was.
    void hoverViewport()
    {
        QTest::mouseMove(&window().viewport(), QPoint(200, 200));
        ASSERT_EQ(QApplication::widgetAt(QCursor::pos()), &window().viewport());
    }
};

TEST_F(SelectMenuTest, AOverTheViewportSelectsEveryBoneAltANoneCtrlIInverts)
{
    ASSERT_GT(allBones().size(), 20);
    selection().selectJoint(joint("hand_L"));
    hoverViewport();
    QTest::keyClick(window().windowHandle(), Qt::Key_A);
    EXPECT_EQ(asSet(selection().joints()), asSet(allBones()));
    EXPECT_EQ(selection().currentJoint(), joint("hand_L")) << "the current bone stays current";
    QTest::keyClick(window().windowHandle(), Qt::Key_A, Qt::AltModifier);
    EXPECT_TRUE(selection().joints().isEmpty());
    selection().setJoints(joints({"hand_L", "hand_R"}));
    QTest::keyClick(window().windowHandle(), Qt::Key_I, Qt::ControlModifier);
    EXPECT_EQ(selection().joints().size(), allBones().size() - 2);
    EXPECT_FALSE(selection().isSelected(joint("hand_L")));
    EXPECT_TRUE(selection().isSelected(joint("head")));
}

TEST_F(SelectMenuTest, AInTheBoneTreeSelectsEveryBoneNotTheTypeAhead)
{
    ui::BoneTreeView& tree = window().boneTree();
    selection().selectJoint(joint("head"));
    tree.setFocus();
    ASSERT_TRUE(tree.hasFocus());
    QTest::keyClick(&tree, Qt::Key_A);
    EXPECT_EQ(asSet(selection().joints()), asSet(allBones()));
    EXPECT_EQ(tree.selectionModel()->selectedRows().size(), allBones().size());
    QTest::keyClick(&tree, Qt::Key_A, Qt::AltModifier);
    EXPECT_TRUE(selection().joints().isEmpty());
    QTest::keyClick(&tree, Qt::Key_I, Qt::ControlModifier);
    EXPECT_EQ(asSet(selection().joints()), asSet(allBones()));
}

TEST_F(SelectMenuTest, TheDopeSheetKeepsItsKeySelectionKeys)
{
    selection().selectJoint(joint("upperarm_L"));
    ui::KeyTrackView* tracks = window().timeline().keyTrackView();
    tracks->setFocus();
    QApplication::processEvents();
    ASSERT_TRUE(tracks->hasFocus());
    ASSERT_TRUE(window().keySelection().isEmpty());
    QTest::keyClick(tracks, Qt::Key_A, Qt::ControlModifier);
    EXPECT_FALSE(window().keySelection().isEmpty());
    EXPECT_EQ(selection().joints(), joints({"upperarm_L"})) << "Ctrl+A in the dope sheet is for keys";
    QTest::keyClick(tracks, Qt::Key_A, Qt::AltModifier);
    EXPECT_TRUE(window().keySelection().isEmpty());
    EXPECT_EQ(selection().joints(), joints({"upperarm_L"})) << "Alt+A in the dope sheet is for keys";
    QTest::keyClick(tracks, Qt::Key_I, Qt::ControlModifier);
    EXPECT_EQ(selection().joints(), joints({"upperarm_L"})) << "the bone keys act over the viewport and the tree";
}

TEST_F(SelectMenuTest, TheSelectMenuMirrorsWalksAndMatchesNames)
{
    const app::SelectActions& s = window().selectActions();
    QMenu* menu = nullptr;
    for (QAction* top : window().menuBar()->actions())
        if (top->text().remove(QLatin1Char('&')) == QStringLiteral("Select"))
            menu = top->menu();
    ASSERT_NE(menu, nullptr);
    for (QAction* action : {s.all, s.none, s.invert, s.mirror, s.mirrorExtend, s.parent, s.children, s.similarName})
        EXPECT_TRUE(menu->actions().contains(action)) << action->text().toStdString();

    selection().setJoints(joints({"spine2", "hand_L", "thigh_R"}));
    s.mirror->trigger();
    EXPECT_EQ(selection().joints(), joints({"spine2", "hand_R", "thigh_L"}));
    s.mirrorExtend->trigger();
    EXPECT_EQ(asSet(selection().joints()), asSet(joints({"spine2", "hand_R", "thigh_L", "hand_L", "thigh_R"})));
    EXPECT_EQ(selection().currentJoint(), joint("thigh_R"));

    selection().setJoints(joints({"hand_L"}));
    s.parent->trigger();
    EXPECT_EQ(selection().joints(), joints({"forearm_L"}));
    s.children->trigger();
    EXPECT_EQ(selection().joints(), joints({"hand_L"}));
    s.children->trigger();
    EXPECT_EQ(selection().joints(), joints({"hand_L"})) << "its child Prop is no bone";
    selection().setJoints(joints({"spine5"}));
    s.children->trigger();
    EXPECT_EQ(asSet(selection().joints()), asSet(joints({"neck", "clavicle_L", "clavicle_R"})));

    selection().setJoints(joints({"tail2", "spine2"}));
    s.similarName->trigger();
    EXPECT_EQ(asSet(selection().joints()),
              asSet(joints({"spine1", "spine2", "spine3", "spine4", "spine5", "tail1", "tail2", "tail3"})));
    EXPECT_EQ(selection().currentJoint(), joint("spine2"));

    // Each is undone with nothing: selection is view state, not a document edit.
    EXPECT_EQ(window().document().undoStack()->count(), 0);
}

TEST_F(SelectMenuTest, BracketsWalkToTheParentAndChildrenInTheViewport)
{
    selection().selectJoint(joint("forearm_L"));
    hoverViewport();
    QTest::keyClick(window().windowHandle(), Qt::Key_BracketLeft);
    EXPECT_EQ(selection().joints(), joints({"upperarm_L"}));
    QTest::keyClick(window().windowHandle(), Qt::Key_BracketRight);
    EXPECT_EQ(selection().joints(), joints({"forearm_L"}));
    QTest::keyClick(window().windowHandle(), Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(selection().joints(), joints({"forearm_R"}));
}

TEST_F(SelectMenuTest, MayaKeepsAForFrameAllAndSelectsAllWithCtrlShiftA)
{
    ui::EditorSettings settings = window().settings();
    settings.navigation = ui::EditorSettings::Navigation::Maya;
    window().applySettings(settings);
    const app::SelectActions& s = window().selectActions();
    EXPECT_EQ(s.all->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    selection().selectJoint(joint("head"));
    hoverViewport();
    QSignalSpy framed(window().actions().frameAll, &QAction::triggered);
    QTest::keyClick(window().windowHandle(), Qt::Key_A);
    EXPECT_EQ(framed.count(), 1);
    EXPECT_EQ(selection().joints(), joints({"head"}));
    QTest::keyClick(window().windowHandle(), Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(asSet(selection().joints()), asSet(allBones()));

    settings.navigation = ui::EditorSettings::Navigation::Blender;
    window().applySettings(settings);
    EXPECT_EQ(s.all->shortcut(), QKeySequence(Qt::Key_A));
}

} // namespace
} // namespace marrow::test
