// SPDX-License-Identifier: MIT
// Looks and conventions: docks never paint over each other at small sizes;
// the keymap follows Blender (Home frames all in the viewport, Shift+arrows
// jump to the ends) or Maya (A and F go to the viewport under the mouse);
// Help lists every shortcut; the fps shows only while playing or moving the view; the
// bone filter gives back the user's expanded branches.
#include "app/editor/document_controller.h"
#include "app/editor/editor_actions.h"
#include "app/editor/shortcuts_dialog.h"
#include "app/editor/status_bar_presenter.h"
#include "core/workspace/playback.h"
#include "editor_fixture.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/viewport/viewport_widget.h"

#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>

namespace marrow::test {
namespace {

TEST_F(EditorTest, DocksNeverOverlapInASmallWindow)
{
    // A selected joint fills the inspector with its boxes (its tallest state).
    window().selection().selectJoint(window().document().rig().skeleton.find("upperarm_L").value_or(-1));
    for (const QSize size : {QSize(700, 450), QSize(640, 400), QSize(1280, 800)}) {
        window().resize(size);
        QTest::qWait(30);
        QApplication::processEvents();
        ASSERT_EQ(window().size(), size);
        const app::EditorDocks& d = window().docks();
        QList<QDockWidget*> shown;
        for (QDockWidget* dock : {d.skeleton, d.inspector, d.weightPaint, d.history, d.log, d.timeline})
            if (dock->isVisible() && !dock->visibleRegion().isEmpty())
                shown << dock;
        for (QDockWidget* dock : shown) {
            // The content stays inside its dock (clipped or scrolled, never painted past it).
            const QRect content(dock->widget()->mapTo(&window(), QPoint(0, 0)), dock->widget()->size());
            EXPECT_TRUE(dock->geometry().contains(content))
                << size.width() << "x" << size.height() << " " << dock->objectName().toStdString();
            for (QDockWidget* other : shown) {
                if (other != dock) {
                    EXPECT_FALSE(dock->geometry().intersects(other->geometry()))
                        << size.width() << "x" << size.height() << " " << dock->objectName().toStdString()
                        << " overlaps " << other->objectName().toStdString();
                }
            }
            EXPECT_FALSE(dock->geometry().intersects(window().viewport().geometry()))
                << dock->objectName().toStdString() << " over the viewport";
            // Every widget inside the dock is drawn within it: none sticks out below or right.
            for (const QWidget* child : dock->widget()->findChildren<QWidget*>()) {
                if (!child->isVisible() || child->visibleRegion().isEmpty())
                    continue;
                const QRect r(child->mapTo(&window(), QPoint(0, 0)), child->size());
                const QRect visible = r.intersected(QRect(QPoint(0, 0), window().size()));
                EXPECT_TRUE(dock->geometry().contains(visible.topLeft()))
                    << dock->objectName().toStdString() << " child " << child->metaObject()->className();
            }
        }
    }
}

TEST_F(EditorTest, HomeFramesAllInTheViewportAndTheMenuShowsTheKeys)
{
    app::EditorActions& a = window().actions();
    EXPECT_EQ(a.frameAll->shortcut(), QKeySequence(Qt::Key_Home));
    EXPECT_EQ(a.frameSelected->shortcut(), QKeySequence(Qt::Key_F));
    EXPECT_EQ(a.jumpStart->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_Left));
    EXPECT_EQ(a.jumpEnd->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_Right));
    QSignalSpy framed(a.frameAll, &QAction::triggered);
    window().viewport().setFocus();
    QTest::keyClick(&window().viewport(), Qt::Key_Home);
    EXPECT_EQ(framed.count(), 1);
    window().playback().setTime(0.5);
    QTest::keyClick(&window().viewport(), Qt::Key_Home);
    EXPECT_EQ(window().playback().time(), 0.5) << "Home frames, it does not rewind";
    QTest::keyClick(&window().viewport(), Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(window().playback().time(), 0.0);
}

TEST_F(EditorTest, MayaKeysGoToTheViewportUnderTheMouseNotTheTreeTypeAhead)
{
    ui::EditorSettings settings = window().settings();
    settings.navigation = ui::EditorSettings::Navigation::Maya;
    window().applySettings(settings);
    app::EditorActions& a = window().actions();
    EXPECT_EQ(a.frameAll->shortcuts().value(0), QKeySequence(Qt::Key_A));
    EXPECT_EQ(a.frameSelected->shortcut(), QKeySequence(Qt::Key_F));

    window().boneTree().setFocus();
    ASSERT_TRUE(window().boneTree().hasFocus());
    const QModelIndex current = window().boneTree().currentIndex();
    // The pointer moves over the viewport: keys now go there (Blender's rule).
    QTest::mouseMove(&window().viewport(), QPoint(200, 200));
    QSignalSpy framed(a.frameAll, &QAction::triggered);
    QTest::keyClick(window().windowHandle(), Qt::Key_A);
    EXPECT_EQ(framed.count(), 1);
    EXPECT_TRUE(window().viewport().hasFocus());
    EXPECT_EQ(window().boneTree().currentIndex(), current) << "A went to the tree's type-ahead";

    // A text field keeps the keyboard when the pointer passes over the viewport.
    auto* filter = window().findChildren<QLineEdit*>().value(0);
    for (QLineEdit* e : window().findChildren<QLineEdit*>())
        if (e->placeholderText().contains(QStringLiteral("Filter")))
            filter = e;
    filter->setFocus();
    QTest::keyClick(window().windowHandle(), Qt::Key_A);
    EXPECT_TRUE(filter->hasFocus());
    EXPECT_EQ(filter->text(), QStringLiteral("a")) << "the field kept its letter";
    EXPECT_EQ(framed.count(), 1);
}

TEST_F(EditorTest, HelpListsEveryShortcutOfTheActiveKeymap)
{
    app::ShortcutsDialog dialog({{QStringLiteral("Everywhere"), {&window()}},
                                 {QStringLiteral("Viewport"), {&window().viewport()}}},
                                ui::NavigationScheme::Blender);
    const QStringList lines = dialog.lines();
    const auto has = [&lines](const QString& line) { return lines.contains(line); };
    EXPECT_TRUE(has(QStringLiteral("Ctrl+Z — Undo"))) << lines.join('\n').toStdString();
    EXPECT_TRUE(has(QStringLiteral("Ctrl+Shift+S — Save As"))) << lines.join('\n').toStdString();
    EXPECT_TRUE(has(QStringLiteral("Home — Frame All"))) << lines.join('\n').toStdString();
    EXPECT_TRUE(has(QStringLiteral("Space — Play / Pause"))) << lines.join('\n').toStdString();
    // Every window action with a shortcut is listed.
    for (const QAction* action : static_cast<QWidget&>(window()).actions()) {
        if (action->shortcut().isEmpty())
            continue;
        const QString keys = action->shortcut().toString(QKeySequence::NativeText);
        bool listed = false;
        for (const QString& line : lines)
            listed = listed || line.startsWith(keys);
        EXPECT_TRUE(listed) << keys.toStdString();
    }
}

TEST_F(EditorTest, FpsShowsOnlyWhilePlayingOrMovingTheView)
{
    app::StatusBarPresenter& status = window().statusPresenter();
    QLabel* fps = status.fpsLabel();
    const auto frames = [&status](int count, bool movingTheView) {
        for (int i = 0; i < count; ++i) {
            if (movingTheView)
                status.onViewMoved();
            status.onFrame(2.0);
            QTest::qWait(20);
        }
    };
    // After an idle spell, frames that do not move the view (a brush
    // stroke, a click): no rate, and never "0 fps".
    QTest::qWait(1200);
    frames(12, false);
    EXPECT_FALSE(fps->isVisible()) << fps->text().toStdString();
    // Moving the view: the rate of these frames, not of the idle second before.
    QTest::qWait(600);
    frames(12, true);
    ASSERT_TRUE(fps->isVisible());
    EXPECT_GE(fps->text().section(QLatin1Char(' '), 0, 0).toInt(), 10) << fps->text().toStdString();
    // It goes once the view stops.
    QTest::qWait(900);
    EXPECT_FALSE(fps->isVisible());
    // Playback: shown while it plays...
    window().playback().play();
    frames(8, false);
    EXPECT_TRUE(fps->isVisible());
    EXPECT_GE(fps->text().section(QLatin1Char(' '), 0, 0).toInt(), 10) << fps->text().toStdString();
    // ...and gone once it stops.
    window().playback().pause();
    QTest::qWait(400);
    EXPECT_FALSE(fps->isVisible());
}

TEST_F(EditorTest, ClearingTheBoneFilterGivesBackTheExpandedBranches)
{
    ui::BoneTreeView& tree = window().boneTree();
    const auto spine = window().document().rig().skeleton.find("spine3");
    const auto thigh = window().document().rig().skeleton.find("thigh_L");
    ASSERT_TRUE(spine && thigh);
    tree.collapse(tree.viewIndexForJoint(*spine));
    tree.collapse(tree.viewIndexForJoint(*thigh));
    const QSet<model::JointIndex> before = tree.expandedJoints();
    ASSERT_FALSE(before.contains(*spine));
    ASSERT_GT(before.size(), 3);
    tree.setNameFilter(QStringLiteral("hand"));
    EXPECT_TRUE(tree.viewIndexForJoint(window().document().rig().skeleton.find("hand_L").value()).isValid());
    tree.setNameFilter(QStringLiteral("han"));
    tree.setNameFilter(QString());
    EXPECT_EQ(tree.expandedJoints(), before);
}

} // namespace
} // namespace marrow::test
