// SPDX-License-Identifier: MIT
// Keys act in the area under the mouse (issue 18, Blender's rule): the
// pointer is put over an area with a real cursor move, nothing is clicked,
// and the keys come in through the window as the window system sends them.
// The focus sits elsewhere (the viewport or the bone tree) each time.
#include "core/workspace/key_selection.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/timeline/graph/graph_view.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QStatusBar>
#include <QSignalSpy>
#include <QWheelEvent>

namespace marrow::test {
namespace {

class HoverKeysTest : public EditorTest {
protected:
    ui::KeyTrackView& tracks() { return *window().timeline().keyTrackView(); }
    // A real pointer move (QTest moves the cursor when no button is down).
    void hover(QWidget* widget, QPoint at)
    {
        QTest::mouseMove(widget, at);
        QApplication::processEvents();
        QWidget* under = QApplication::widgetAt(QCursor::pos());
        ASSERT_TRUE(under && (under == widget || widget->isAncestorOf(under)))
            << "the pointer is over " << widget->metaObject()->className();
    }
    void hover(QWidget* widget) { hover(widget, widget->rect().center()); }
    // As the window system delivers a key: to the window, which routes it.
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QTest::keyClick(window().windowHandle(), key, modifiers);
        QApplication::processEvents();
    }
    std::size_t keyCount()
    {
        const anim::Clip& clip =
            window().document().rig().clips[static_cast<std::size_t>(window().selection().activeClip())];
        std::size_t n = 0;
        for (const anim::JointTrack& track : clip.tracks)
            n += track.translation.size() + track.rotation.size() + track.scale.size();
        return n;
    }
    void focusViewport()
    {
        window().viewport().setFocus();
        QApplication::processEvents();
        ASSERT_TRUE(window().viewport().hasFocus());
    }
};

TEST_F(HoverKeysTest, DeleteOverTheDopeSheetDeletesItsKeysWithoutAClick)
{
    window().keySelection().selectAll();
    const std::size_t selected = window().keySelection().size();
    ASSERT_GT(selected, 0u);
    const std::size_t before = keyCount();
    const int entries = window().document().undoStack()->count();
    focusViewport();
    hover(&tracks(), QPoint(tracks().width() / 2, 6));
    press(Qt::Key_Delete);
    EXPECT_EQ(keyCount(), before - selected) << "the selected keys are gone";
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
    EXPECT_TRUE(tracks().hasFocus()) << "the dope sheet under the mouse took the keys";
}

TEST_F(HoverKeysTest, GOverTheDopeSheetMovesKeysAndItsModalKeepsEscape)
{
    window().keySelection().selectAll();
    QSignalSpy status(&tracks(), &ui::KeyTrackView::dragStatusChanged);
    focusViewport();
    hover(&tracks(), QPoint(tracks().width() / 2, 6));
    press(Qt::Key_G);
    ASSERT_FALSE(status.isEmpty()) << "G began a modal move in the dope sheet";
    EXPECT_FALSE(status.last().at(0).toString().isEmpty());
    // The pointer wanders over the viewport mid-gesture: Escape still ends
    // the dope sheet's move, not something in the viewport.
    hover(&window().viewport());
    press(Qt::Key_Escape);
    EXPECT_TRUE(status.last().at(0).toString().isEmpty()) << "Escape cancelled the move";
    EXPECT_TRUE(tracks().hasFocus());
}

TEST_F(HoverKeysTest, HomeOverTheGraphFramesTheGraphNotTheViewport)
{
    // A bone with keys, so the graph has curves to frame.
    const anim::Clip& clip =
        window().document().rig().clips[static_cast<std::size_t>(window().selection().activeClip())];
    ASSERT_FALSE(clip.tracks.empty());
    window().selection().selectJoint(clip.tracks.front().joint);
    window().timeline().viewSelector()->setCurrentIndex(1);
    QApplication::processEvents();
    ui::GraphView* graph = window().timeline().graphView();
    ASSERT_TRUE(graph && graph->isVisible());
    // Zoom the graph's values out, away from its framed view.
    graph->frameAll();
    const double framedTop = graph->valueAxis().top();
    QWheelEvent out(QPointF(graph->rect().center()), QPointF(graph->mapToGlobal(graph->rect().center())), QPoint(),
                    QPoint(0, -360), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(graph, &out);
    ASSERT_NE(graph->valueAxis().top(), framedTop) << "the wheel zoomed";
    ui::OrbitCamera& camera = window().viewport().camera();
    camera.setDistance(camera.distance() * 3.f);  // away from framed, as Home would leave it
    const float distance = camera.distance();

    focusViewport();
    hover(graph, graph->rect().center() + QPoint(0, 20));
    press(Qt::Key_Home);
    EXPECT_EQ(camera.distance(), distance) << "the viewport was not framed";
    EXPECT_DOUBLE_EQ(graph->valueAxis().top(), framedTop) << "the graph was framed";
}

TEST_F(HoverKeysTest, AOverTheBoneTreeSelectsEveryBone)
{
    ui::BoneTreeView& tree = window().boneTree();
    window().selection().clearJoints();
    // The focus in the dope sheet, where A alone does nothing.
    tracks().setFocus();
    QApplication::processEvents();
    hover(tree.viewport());
    press(Qt::Key_A);
    EXPECT_GT(window().selection().joints().size(), 20);
    EXPECT_TRUE(tree.hasFocus());
}

TEST_F(HoverKeysTest, OverNoAreaKeysStayWithTheFocus)
{
    window().keySelection().selectAll();
    const std::size_t before = keyCount();
    tracks().setFocus();
    QApplication::processEvents();
    hover(window().statusBar());  // no area
    press(Qt::Key_Delete);
    EXPECT_LT(keyCount(), before) << "Delete went to the focused dope sheet";
}

TEST_F(HoverKeysTest, AfterEnterInAnInspectorFieldIOverTheViewportInsertsKeys)
{
    const auto head = window().document().rig().skeleton.find("head");
    ASSERT_TRUE(head.has_value());
    window().selection().selectJoint(*head);
    QApplication::processEvents();
    QDoubleSpinBox* box = window().inspector().translationBox(1);
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("0.25"));
    QTest::keyClick(box, Qt::Key_Return);
    ASSERT_TRUE(box->hasFocus()) << "Enter commits and leaves the focus in the field";
    const std::size_t before = keyCount();
    hover(&window().viewport());
    press(Qt::Key_I);
    EXPECT_GT(keyCount(), before) << "I over the viewport keyed the bone";
    EXPECT_TRUE(window().viewport().hasFocus());
}

TEST_F(HoverKeysTest, AFieldBeingTypedInKeepsItsKeysWhereverThePointerIs)
{
    QDoubleSpinBox* box = window().inspector().translationBox(1);
    const auto head = window().document().rig().skeleton.find("head");
    ASSERT_TRUE(head.has_value());
    window().selection().selectJoint(*head);
    QApplication::processEvents();
    box->setFocus();
    box->selectAll();
    hover(&window().viewport());
    // Clicked into, not yet typed: the first digit is the field's too.
    press(Qt::Key_3);
    press(Qt::Key_I);
    EXPECT_TRUE(box->hasFocus());
    EXPECT_TRUE(box->cleanText().startsWith(QLatin1Char('3'))) << box->cleanText().toStdString();
}

} // namespace
} // namespace marrow::test
