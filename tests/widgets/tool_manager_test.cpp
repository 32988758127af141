// SPDX-License-Identifier: MIT
// ToolManager: the tool lifecycle in order, a switch mid-drag ends the
// gesture, Ctrl+Tab toggles the mode tool, keys and modifier changes reach
// the active tool, disabled tools cannot be chosen. Offscreen, no GL.
#include "recording_tool.h"
#include "tiny_rigs.h"

#include "core/document/document.h"
#include "widgets/viewport/tool_manager.h"

#include <QAction>
#include <QActionGroup>
#include <QSignalSpy>
#include <QTest>
#include <QWidget>

#include <gtest/gtest.h>

using namespace marrow;

namespace {

struct Rig {
    Rig() { EXPECT_FALSE(document.replaceRig(test::fourVertexSkinRig()).has_value()); }
    doc::Document document;
};

QMouseEvent mouse(QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons,
                  Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    return QMouseEvent(type, at, at, button, buttons, modifiers);
}

void drag(ui::ToolManager& tools, double from, double to)
{
    auto press = mouse(QEvent::MouseButtonPress, {from, 10}, Qt::LeftButton, Qt::LeftButton);
    tools.mousePress(press);
    for (double x = from + 5; x <= to; x += 5) {
        auto move = mouse(QEvent::MouseMove, {x, 10}, Qt::NoButton, Qt::LeftButton);
        tools.mouseMove(move);
    }
    auto release = mouse(QEvent::MouseButtonRelease, {to, 10}, Qt::LeftButton, Qt::NoButton);
    tools.mouseRelease(release);
}

} // namespace

TEST(ToolManager, LifecycleRunsInOrder)
{
    Rig r;
    ui::ToolManager tools(&r.document);
    auto* a = static_cast<test::RecordingTool*>(tools.addTool(std::make_unique<test::RecordingTool>("A")));
    auto* b = tools.addTool(std::make_unique<test::RecordingTool>("B"));
    EXPECT_EQ(tools.activeTool(), a);  // the first tool added
    tools.enter();
    tools.enter();  // a repeated enter reaches the tool once
    auto hover = mouse(QEvent::MouseMove, {5, 5}, Qt::NoButton, Qt::NoButton);
    tools.mouseMove(hover);
    drag(tools, 10, 20);
    tools.leave();
    ASSERT_TRUE(tools.setActiveTool(b));
    const QStringList expected{"activate", "enter", "hover", "press", "move", "move", "release", "leave", "deactivate"};
    EXPECT_EQ(a->lifecycle(), expected) << a->calls.join(' ').toStdString();
    EXPECT_TRUE(tools.actionFor(b)->isChecked());
    EXPECT_FALSE(tools.actionFor(a)->isChecked());
}

TEST(ToolManager, EachDragIsOneUndoEntry)
{
    Rig r;
    ui::ToolManager tools(&r.document);
    auto* a = static_cast<test::RecordingTool*>(tools.addTool(std::make_unique<test::RecordingTool>("A")));
    a->poseJoint = 1;
    drag(tools, 10, 30);
    EXPECT_FALSE(tools.interaction().isActive()) << "release ends the gesture";
    drag(tools, 40, 60);
    EXPECT_EQ(r.document.undoStack()->count(), 2);
}

TEST(ToolManager, SwitchingMidDragEndsTheInteraction)
{
    Rig r;
    ui::ToolManager tools(&r.document);
    auto* a = static_cast<test::RecordingTool*>(tools.addTool(std::make_unique<test::RecordingTool>("A")));
    auto* b = static_cast<test::RecordingTool*>(tools.addTool(std::make_unique<test::RecordingTool>("B")));
    a->poseJoint = b->poseJoint = 1;
    auto press = mouse(QEvent::MouseButtonPress, {10, 10}, Qt::LeftButton, Qt::LeftButton);
    tools.mousePress(press);
    for (double x : {15.0, 20.0}) {
        auto move = mouse(QEvent::MouseMove, {x, 10}, Qt::NoButton, Qt::LeftButton);
        tools.mouseMove(move);
    }
    ASSERT_EQ(r.document.undoStack()->count(), 1);
    ASSERT_TRUE(tools.interaction().isActive());

    tools.actionFor(b)->trigger();  // mid-drag, as a toolbar click or a shortcut would
    EXPECT_EQ(tools.activeTool(), b);
    EXPECT_FALSE(tools.interaction().isActive());
    EXPECT_FALSE(tools.isDragging());
    EXPECT_EQ(a->lifecycle().last(), "deactivate");
    // The rest of the cut drag reaches nobody.
    auto late = mouse(QEvent::MouseMove, {25, 10}, Qt::NoButton, Qt::LeftButton);
    tools.mouseMove(late);
    auto release = mouse(QEvent::MouseButtonRelease, {25, 10}, Qt::LeftButton, Qt::NoButton);
    tools.mouseRelease(release);
    EXPECT_EQ(b->lifecycle(), QStringList{"activate"});
    EXPECT_FALSE(a->calls.contains("release"));

    // The next drag, same joint, is a second entry: not merged into the first.
    drag(tools, 30, 40);
    EXPECT_EQ(r.document.undoStack()->count(), 2);
    r.document.undoStack()->undo();
    ASSERT_TRUE(r.document.poseOverride(1).has_value());
    EXPECT_FLOAT_EQ(r.document.poseOverride(1)->translation.x, 20.f);  // the first drag's end
}

TEST(ToolManager, CtrlTabTogglesTheModeToolAndThePreviousOne)
{
    Rig r;
    ui::ToolManager tools(&r.document);
    auto* select = tools.addTool(std::make_unique<test::RecordingTool>("Select"));
    auto* other = tools.addTool(std::make_unique<test::RecordingTool>("Other"));
    auto* paint = tools.addTool(std::make_unique<test::RecordingTool>("Weight Paint"));
    EXPECT_FALSE(tools.toggleModeAction()->isEnabled()) << "no mode tool yet";
    tools.setModeTool(paint);
    EXPECT_TRUE(tools.toggleModeAction()->isEnabled());
    EXPECT_EQ(tools.toggleModeAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Tab));

    QWidget window;
    window.addAction(tools.toggleModeAction());
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    tools.setActiveTool(other);
    QTest::keyClick(&window, Qt::Key_Tab, Qt::ControlModifier);
    EXPECT_EQ(tools.activeTool(), paint);
    QTest::keyClick(&window, Qt::Key_Tab, Qt::ControlModifier);
    EXPECT_EQ(tools.activeTool(), other) << "back to the tool before the mode, not the first";
    tools.setActiveTool(select);
    tools.toggleMode();
    tools.toggleMode();
    EXPECT_EQ(tools.activeTool(), select);
}

TEST(ToolManager, KeysAndModifierChangesReachTheTool)
{
    Rig r;
    ui::ToolManager tools(&r.document);
    auto* a = static_cast<test::RecordingTool*>(tools.addTool(std::make_unique<test::RecordingTool>("A")));
    QKeyEvent used(QEvent::KeyPress, Qt::Key_B, Qt::NoModifier);
    EXPECT_TRUE(tools.keyPress(used));
    QKeyEvent unused(QEvent::KeyPress, Qt::Key_F, Qt::NoModifier);
    EXPECT_FALSE(tools.keyPress(unused)) << "an unused key goes back to the viewport";
    // As X11 sends them: the state before the key; Qt 6's modifiers() then
    // toggles the key's own modifier (held after the press, gone after the release).
    QKeyEvent ctrlDown(QEvent::KeyPress, Qt::Key_Control, Qt::NoModifier);
    tools.keyPress(ctrlDown);
    QKeyEvent ctrlUp(QEvent::KeyRelease, Qt::Key_Control, Qt::ControlModifier);
    tools.keyRelease(ctrlUp);
    // A Shift+press changes the modifiers too, before the press arrives.
    auto press = mouse(QEvent::MouseButtonPress, {1, 1}, Qt::LeftButton, Qt::LeftButton, Qt::ShiftModifier);
    tools.mousePress(press);
    const QStringList expected{
        QStringLiteral("keyPress:%1").arg(Qt::Key_B),
        QStringLiteral("keyPress:%1").arg(Qt::Key_F),
        QStringLiteral("modifiers:%1").arg(Qt::ControlModifier),
        QStringLiteral("keyPress:%1").arg(Qt::Key_Control),
        QStringLiteral("modifiers:0"),
        QStringLiteral("keyRelease:%1").arg(Qt::Key_Control),
        QStringLiteral("modifiers:%1").arg(Qt::ShiftModifier),
        QStringLiteral("press"),
    };
    EXPECT_EQ(a->calls.mid(1), expected) << a->calls.join(' ').toStdString();
}

TEST(ToolManager, ADisabledToolCannotBeChosenAndSaysSo)
{
    Rig r;
    ui::ToolManager tools(&r.document);
    auto* select = tools.addTool(std::make_unique<test::RecordingTool>("Select", QKeySequence(Qt::Key_Q)));
    auto placeholder = std::make_unique<test::RecordingTool>("Weight Paint");
    placeholder->setEnabled(false);
    auto* paint = tools.addTool(std::move(placeholder));
    tools.setModeTool(paint);
    EXPECT_FALSE(tools.setActiveTool(paint));
    EXPECT_EQ(tools.activeTool(), select);
    EXPECT_FALSE(tools.actionFor(paint)->isEnabled());
    EXPECT_TRUE(tools.actionFor(paint)->toolTip().contains("coming"));
    EXPECT_FALSE(tools.toggleModeAction()->isEnabled());
    EXPECT_EQ(tools.actionFor(select)->toolTip(), "Select (Q)");
    EXPECT_TRUE(tools.actionGroup()->isExclusive());

    // Disabling the active tool falls back to another.
    paint->setEnabled(true);
    ASSERT_TRUE(tools.setActiveTool(paint));
    paint->setEnabled(false);
    EXPECT_EQ(tools.activeTool(), select);
}

TEST(ToolManager, ReportsTheActiveToolsCursorHintAndHoverWish)
{
    Rig r;
    ui::ToolManager tools(&r.document);
    tools.addTool(std::make_unique<test::RecordingTool>("A"));
    auto* b = static_cast<test::RecordingTool*>(
        tools.addTool(std::make_unique<test::RecordingTool>("B", QKeySequence(), true)));
    QSignalSpy hover(&tools, &ui::ToolManager::hoverWantedChanged);
    QSignalSpy hint(&tools, &ui::ToolManager::statusHintChanged);
    QSignalSpy cursor(&tools, &ui::ToolManager::cursorChanged);
    tools.setActiveTool(b);
    ASSERT_EQ(hover.count(), 1);
    EXPECT_TRUE(hover.last().at(0).toBool());
    ASSERT_GE(hint.count(), 1);
    EXPECT_EQ(hint.last().at(0).toString(), "B hint");
    ASSERT_EQ(cursor.count(), 1);
    EXPECT_EQ(cursor.last().at(0).value<QCursor>().shape(), Qt::CrossCursor);
    b->setHint("painting");
    EXPECT_EQ(hint.last().at(0).toString(), "painting");
    int updates = 0;
    tools.context().requestUpdate = [&updates] { ++updates; };
    tools.toggleMode();  // no mode tool: nothing happens
    EXPECT_EQ(tools.activeTool(), b);
    EXPECT_EQ(updates, 0);
}
