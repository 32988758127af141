// SPDX-License-Identifier: MIT
// The brush's keys in the viewport: F and Shift+F drag radius and strength
// (click keeps, Esc restores), [ and ] step the radius, and Ctrl+Z in the
// middle of a stroke ends it: the rest of that drag paints nothing.
#include "paint_fixture.h"

#include "tests/document/document_fixture.h"

using namespace marrow;

class PaintKeys : public test::PaintSampleTest {
protected:
    void hoverAt(QPointF at)
    {
        QMouseEvent e(QEvent::MouseMove, at, viewport().mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(&viewport(), &e);
    }
    QPointF armMiddle() { return toScreen(glm::mix(jointWorld("upperarm_L"), jointWorld("forearm_L"), .5f)); }
};
MARROW_PAINT_ON_BOTH_SAMPLES(PaintKeys);

TEST_P(PaintKeys, FDragsTheRadiusAndEscRestoresIt)
{
    paintMode("upperarm_L", 40.f);
    viewport().setFocus();
    const QPointF at = armMiddle();
    hoverAt(at);
    QTest::keyClick(&viewport(), Qt::Key_F);
    ASSERT_EQ(window().brushTool().adjusting(), ui::WeightBrushTool::Adjust::Radius);
    hoverAt(at + QPointF(30, 0));  // the centre sits 40 px left of where F was pressed
    EXPECT_NEAR(brush().settings().radius, 70.f, .5f);
    QTest::keyClick(&viewport(), Qt::Key_Escape);
    EXPECT_EQ(brush().settings().radius, 40.f) << "Esc restores";
    EXPECT_EQ(window().brushTool().adjusting(), ui::WeightBrushTool::Adjust::None);

    QTest::keyClick(&viewport(), Qt::Key_F, Qt::ShiftModifier);
    ASSERT_EQ(window().brushTool().adjusting(), ui::WeightBrushTool::Adjust::Strength);
    // The cursor is still 30 px right of `at`: strength 1 puts the centre 200 px
    // left of it, so 100 px from the centre is 0.5.
    hoverAt(at + QPointF(-70, 0));
    drag({at + QPointF(-70, 0)});  // a click keeps it, and paints nothing
    EXPECT_NEAR(brush().settings().strength, .5f, .01f);
    EXPECT_EQ(document().undoStack()->count(), 0);

    QTest::keyClick(&viewport(), Qt::Key_BracketRight);
    EXPECT_NEAR(brush().settings().radius, 44.f, .01f);
    QTest::keyClick(&viewport(), Qt::Key_BracketLeft);
    QTest::keyClick(&viewport(), Qt::Key_BracketLeft);
    EXPECT_NEAR(brush().settings().radius, 40.f / 1.1f, .01f);
}

TEST_P(PaintKeys, CtrlZMidStrokeEndsTheStroke)
{
    paintMode("upperarm_L", 20.f);
    const model::Rig before = document().rig();
    const QPointF a = toScreen(jointWorld("upperarm_L")), b = toScreen(jointWorld("forearm_L"));
    const auto path = line(a + (b - a) * .2, a + (b - a) * .8, 20);
    auto send = [&](QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons) {
        QMouseEvent e(type, at, viewport().mapToGlobal(at), button, buttons, Qt::NoModifier);
        QApplication::sendEvent(&viewport(), &e);
    };
    send(QEvent::MouseButtonPress, path[0], Qt::LeftButton, Qt::LeftButton);
    for (std::size_t i = 1; i < 10; ++i)
        send(QEvent::MouseMove, path[i], Qt::NoButton, Qt::LeftButton);
    ASSERT_EQ(document().undoStack()->count(), 1);
    document().undoStack()->undo();  // Ctrl+Z while the button is still down
    EXPECT_TRUE(document().rig() == before);
    for (std::size_t i = 10; i < path.size(); ++i)
        send(QEvent::MouseMove, path[i], Qt::NoButton, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, path.back(), Qt::LeftButton, Qt::NoButton);
    EXPECT_TRUE(document().rig() == before) << "the rest of the drag painted nothing";
    EXPECT_EQ(document().undoStack()->index(), 0);

    drag(path);  // the next press is a new stroke and a new entry
    EXPECT_EQ(document().undoStack()->count(), 1) << "the undone entry was replaced";
    EXPECT_EQ(document().undoStack()->index(), 1);
    EXPECT_FALSE(document().rig() == before);
}
