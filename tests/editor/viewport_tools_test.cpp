// SPDX-License-Identifier: MIT
// The viewport's tools in the real window: the Tools menu and toolbar, the
// status bar's mode, and the viewport handing a tool its lifecycle, keys,
// mouse tracking and cursor; its overlay costs no traffic on idle frames.
#include "app/editor/status_bar_presenter.h"
#include "editor_fixture.h"
#include "recording_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

namespace marrow::test {
namespace {

QLabel* modeLabel(QMainWindow& window)
{
    for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
        if (label->text().startsWith("Mode: "))
            return label;
    return nullptr;
}

TEST_F(EditorTest, ToolsMenuToolbarAndStatusBarShowTheTools)
{
    QMenu* tools = nullptr;
    QStringList order;
    for (QAction* top : window().menuBar()->actions()) {
        order << top->text().remove('&');
        if (top->text().remove('&') == "Tools")
            tools = top->menu();
    }
    ASSERT_TRUE(tools) << order.join(' ').toStdString();
    // Blender's order: the mode switches, then posing and keys, the
    // skeleton's edits, weights, then playback.
    EXPECT_EQ(order.indexOf("Tools") + 1, order.indexOf("Pose"));
    EXPECT_EQ(order.indexOf("Pose") + 1, order.indexOf("Skeleton"));
    EXPECT_EQ(order.indexOf("Skeleton") + 1, order.indexOf("Weights"));
    EXPECT_EQ(order.indexOf("Weights") + 1, order.indexOf("Playback"));
    ui::ToolManager& manager = window().viewport().tools();
    QAction* select = manager.actionFor(manager.activeTool());
    ASSERT_TRUE(select);
    EXPECT_TRUE(tools->actions().contains(select));
    EXPECT_EQ(select->toolTip(), "Select (Q)");
    auto* bar = window().findChild<QToolBar*>("ToolsToolBar");
    ASSERT_TRUE(bar);
    EXPECT_TRUE(bar->actions().contains(select));
    EXPECT_TRUE(tools->actions().contains(manager.toggleModeAction()));
    EXPECT_TRUE(manager.toggleModeAction()->toolTip().contains("Ctrl+Tab"));
    QLabel* mode = modeLabel(window());
    ASSERT_TRUE(mode);
    EXPECT_EQ(mode->text(), "Mode: Select");
}

TEST_F(EditorTest, TheViewportHandsTheActiveToolItsWholeLifecycle)
{
    ui::ViewportWidget& viewport = window().viewport();
    ui::ToolManager& manager = viewport.tools();
    ui::ViewportTool* select = manager.activeTool();
    EXPECT_FALSE(viewport.hasMouseTracking()) << "Select wants no hover";
    auto* rec = static_cast<RecordingTool*>(
        manager.addTool(std::make_unique<RecordingTool>("Recorder", QKeySequence(), true)));
    ASSERT_TRUE(manager.setActiveTool(rec));
    EXPECT_TRUE(viewport.hasMouseTracking());
    EXPECT_EQ(viewport.cursor().shape(), Qt::CrossCursor);
    ASSERT_TRUE(modeLabel(window()));
    EXPECT_EQ(modeLabel(window())->text(), "Mode: Recorder");
    EXPECT_EQ(modeLabel(window())->toolTip(), "Recorder hint");

    const QPointF at(200, 200);
    QEnterEvent enter(at, at, viewport.mapToGlobal(at));
    QApplication::sendEvent(&viewport, &enter);
    QMouseEvent hover(QEvent::MouseMove, at, viewport.mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&viewport, &hover);
    QTest::mousePress(&viewport, Qt::LeftButton, Qt::NoModifier, QPoint(200, 200));
    QTest::mouseMove(&viewport, QPoint(210, 200));
    QTest::mouseRelease(&viewport, Qt::LeftButton, Qt::NoModifier, QPoint(210, 200));
    viewport.setFocus();
    QTest::keyClick(&viewport, Qt::Key_B);
    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(&viewport, &leave);
    ASSERT_TRUE(manager.setActiveTool(select));
    const QStringList expected{"activate", "enter", "hover", "press", "move", "release", "leave", "deactivate"};
    EXPECT_EQ(rec->lifecycle(), expected) << rec->calls.join(' ').toStdString();
    EXPECT_TRUE(rec->calls.contains(QStringLiteral("keyPress:%1").arg(Qt::Key_B)));
    EXPECT_TRUE(rec->calls.contains(QStringLiteral("keyRelease:%1").arg(Qt::Key_B)));
    EXPECT_FALSE(viewport.hasMouseTracking());
    EXPECT_EQ(modeLabel(window())->text(), "Mode: Select");
}

TEST_F(EditorTest, ToolOverlayUploadsOnlyWhenItChanges)
{
    ui::ViewportWidget& viewport = window().viewport();
    ui::ToolManager& manager = viewport.tools();
    const std::size_t before = viewport.bytesUploaded();
    manager.setActiveTool(manager.addTool(std::make_unique<RecordingTool>("Recorder")));
    (void)viewport.grabFramebuffer();
    const std::size_t withOverlay = viewport.bytesUploaded();
    EXPECT_GE(withOverlay - before, 2 * sizeof(gl::OverlayVertex)) << "the tool's two vertices went up";
    (void)viewport.grabFramebuffer();
    EXPECT_EQ(viewport.bytesUploaded(), withOverlay) << "an idle frame re-sent the same lines";
}

} // namespace
} // namespace marrow::test
