// SPDX-License-Identifier: MIT
// The viewport's right-click menus on the bundled sample, per mode (Pose,
// Weight Paint, Select): a right click without a drag opens the mode's menu,
// whose items are the window's actions (their keys shown) and act; the
// right-click that cancels a modal G opens nothing, nor does Maya's Alt+RMB
// zoom or a right drag; Help › Keyboard Shortcuts lists the right-click
// menus. With MARROW_CONTEXT_MENU_SHOT set to a path, the
// screen with the Pose menu open is saved there.
#include "app/editor/editor_actions.h"
#include "app/editor/key_actions.h"
#include "app/editor/pose_mode.h"
#include "app/editor/shortcut_sections.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"
#include "menu_items.h"

#include <QMenu>
#include <QScreen>

namespace marrow::test {
namespace {

class ViewportMenuTest : public EditorTest {
protected:
    ui::ViewportWidget& viewport() { return window().viewport(); }
    ui::ToolManager& tools() { return viewport().tools(); }
    model::JointIndex joint(const char* name) { return window().document().rig().skeleton.find(name).value_or(-1); }
    QPoint centre() { return viewport().rect().center(); }

    void use(ui::ViewportTool* tool)
    {
        ASSERT_TRUE(tools().setActiveTool(tool));
        viewport().setFocus();
        QTest::mouseMove(&viewport(), centre());
        QApplication::processEvents();
    }
    QMenu* rightClick(QPoint at, Qt::KeyboardModifiers mods = {})
    {
        QTest::mouseClick(&viewport(), Qt::RightButton, mods, at);
        return qobject_cast<QMenu*>(QApplication::activePopupWidget());
    }
};

void closeMenu(QMenu* menu)
{
    QTest::keyClick(menu, Qt::Key_Escape);
    EXPECT_EQ(QApplication::activePopupWidget(), nullptr);
}

TEST_F(ViewportMenuTest, PoseMenuListsTheKeyingActionsAndInsertKeyframeKeys)
{
    use(window().poseMode().tool);
    const model::JointIndex forearm = joint("forearm_L");
    window().selection().selectJoint(forearm);
    QMenu* menu = rightClick(centre());
    ASSERT_NE(menu, nullptr);
    const app::KeyActions& keys = window().keyActions();
    for (const char* text : {"&Insert Keyframes", "&Delete Keyframes", "Clear Transform", "&Copy Pose", "&Paste Pose",
                             "Paste Pose &Flipped", "Select", "Auto IK", "Reset &Pose"})
        ASSERT_NE(menuItem(menu, QString::fromLatin1(text)), nullptr) << text;
    QAction* insert = menuItem(menu, QStringLiteral("&Insert Keyframes"));
    EXPECT_EQ(insert->shortcut(), keys.insertKeys->shortcut()) << "shows I";
    EXPECT_TRUE(insert->isEnabled());
    EXPECT_FALSE(menuItem(menu, QStringLiteral("&Paste Pose"))->isEnabled()) << "nothing copied yet";
    EXPECT_FALSE(menuItem(menu, QStringLiteral("Reset &Pose"))->isEnabled()) << "no pose edits to drop";
    EXPECT_NE(menuItem(menuItem(menu, QStringLiteral("Clear Transform"))->menu(), QStringLiteral("Clear &Rotation")), nullptr);
    if (const QString shot = qEnvironmentVariable("MARROW_CONTEXT_MENU_SHOT"); !shot.isEmpty()) {
        QTest::qWait(200);
        QGuiApplication::primaryScreen()->grabWindow(0).save(shot);
    }

    const int entries = window().document().undoStack()->count();
    insert->trigger();
    closeMenu(menu);
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1) << "one keying entry";
    const anim::Clip& clip = window().document().rig().clips.at(static_cast<std::size_t>(window().selection().activeClip()));
    ASSERT_NE(clip.findTrack(forearm), nullptr);

    menu = rightClick(centre());
    ASSERT_NE(menu, nullptr);
    menuItem(menu, QStringLiteral("&Copy Pose"))->trigger();
    closeMenu(menu);
    menu = rightClick(centre());
    ASSERT_NE(menu, nullptr);
    EXPECT_TRUE(menuItem(menu, QStringLiteral("&Paste Pose"))->isEnabled()) << "the copy filled the clipboard";
    closeMenu(menu);
}

TEST_F(ViewportMenuTest, TheRightClickThatCancelsAModalGrabOpensNoMenu)
{
    ui::PoseTool* pose = window().poseMode().tool;
    use(pose);
    window().selection().selectJoint(joint("forearm_L"));
    QTest::keyClick(&viewport(), Qt::Key_G);
    QTest::mouseMove(&viewport(), centre() + QPoint(40, 10));
    ASSERT_TRUE(pose->transforming());
    EXPECT_EQ(rightClick(centre() + QPoint(40, 10)), nullptr);
    EXPECT_FALSE(pose->transforming()) << "the right button cancelled the grab";
    QMenu* menu = rightClick(centre());
    ASSERT_NE(menu, nullptr) << "the next right-click opens the menu";
    closeMenu(menu);
}

TEST_F(ViewportMenuTest, WeightPaintMenuTogglesXMirrorAndLocksTheActiveBone)
{
    use(&window().brushTool());
    const model::JointIndex thigh = joint("thigh_L");
    window().selection().selectJoint(thigh);
    QMenu* menu = rightClick(centre());
    ASSERT_NE(menu, nullptr);
    for (const char* text : {"Brush", "Sample Weight", "X-Mirror", "Auto-Normalize", "Lock Active Bone",
                             "&Rest Position", "&Weight Heat Map"})
        ASSERT_NE(menuItem(menu, QString::fromLatin1(text)), nullptr) << text;
    EXPECT_NE(menuItem(menuItem(menu, QStringLiteral("Brush"))->menu(), QStringLiteral("Smooth")), nullptr);
    const bool mirrored = window().brushState().settings().xMirror;
    EXPECT_EQ(menuItem(menu, QStringLiteral("X-Mirror"))->isChecked(), mirrored);
    menuItem(menu, QStringLiteral("X-Mirror"))->trigger();
    EXPECT_EQ(window().brushState().settings().xMirror, !mirrored);
    menuItem(menu, QStringLiteral("Lock Active Bone"))->trigger();
    EXPECT_TRUE(window().document().isLocked(thigh));
    menuItem(menu, QStringLiteral("Sample Weight"))->trigger();
    EXPECT_EQ(window().brushState().settings().mode, skin::BrushMode::Sample);
    closeMenu(menu);
}

TEST_F(ViewportMenuTest, SelectMenuSelectsAndNavigationOrADragOpensNothing)
{
    use(tools().tools().front());
    window().selection().selectJoint(joint("hand_L"));
    QMenu* menu = rightClick(centre());
    ASSERT_NE(menu, nullptr);
    EXPECT_TRUE(menuItem(menu, QStringLiteral("Frame &Selected"))->isEnabled());
    ASSERT_NE(menuItem(menu, QStringLiteral("&Parent")), nullptr);
    menuItem(menu, QStringLiteral("&Parent"))->trigger();
    closeMenu(menu);
    EXPECT_EQ(window().selection().joints(), QList<model::JointIndex>{joint("forearm_L")});

    // A right drag is not a click.
    QTest::mousePress(&viewport(), Qt::RightButton, {}, centre());
    QTest::mouseMove(&viewport(), centre() + QPoint(30, 0));
    QMouseEvent drag(QEvent::MouseMove, centre() + QPoint(30, 0), viewport().mapToGlobal(centre() + QPoint(30, 0)),
                     Qt::NoButton, Qt::RightButton, Qt::NoModifier);
    QApplication::sendEvent(&viewport(), &drag);
    QTest::mouseRelease(&viewport(), Qt::RightButton, {}, centre() + QPoint(30, 0));
    EXPECT_EQ(QApplication::activePopupWidget(), nullptr);

    // Maya: Alt+right drags zoom; a plain right-click still opens the menu.
    ui::EditorSettings settings = window().settings();
    settings.navigation = ui::EditorSettings::Navigation::Maya;
    window().applySettings(settings);
    EXPECT_EQ(rightClick(centre(), Qt::AltModifier), nullptr);
    menu = rightClick(centre());
    ASSERT_NE(menu, nullptr);
    closeMenu(menu);
}

TEST_F(ViewportMenuTest, HelpListsTheRightClickMenus)
{
    const auto sections = app::editorShortcutSections(window());
    const auto hasRightClick = [&sections](const QString& title) {
        for (const app::ShortcutsDialog::Section& section : sections)
            if (section.title.startsWith(title))
                for (const ui::KeyBinding& binding : section.keys)
                    if (binding.keys.startsWith(QStringLiteral("Right click")) && !binding.action.isEmpty())
                        return true;
        return false;
    };
    EXPECT_TRUE(hasRightClick(QStringLiteral("Viewport (")));
    EXPECT_TRUE(hasRightClick(QStringLiteral("Dope sheet")));
    EXPECT_TRUE(hasRightClick(QStringLiteral("Lists")));
}

} // namespace
} // namespace marrow::test
