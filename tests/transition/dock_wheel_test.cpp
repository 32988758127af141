// SPDX-License-Identifier: MIT
// The wheel over a dock scrolls the dock (issue 18): over a combo box,
// spin box or slider without the focus it changes nothing and pushes no undo
// entry; once the field has the focus the wheel edits it.
#include "transition_fixture.h"

#include "widgets/weight_paint/slider_field.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QDoubleSpinBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QWheelEvent>

namespace marrow::test {
namespace {

class DockWheelTest : public TransitionEditorTest {
protected:
    // One notch down over the middle of `widget`.
    static void wheelDown(QWidget* widget)
    {
        const QPointF at(widget->rect().center());
        QWheelEvent wheel(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(widget, &wheel);
        QApplication::processEvents();
    }
    static QScrollArea* scrollAreaAround(QWidget* widget)
    {
        for (QWidget* w = widget; w; w = w->parentWidget())
            if (auto* area = qobject_cast<QScrollArea*>(w))
                return area;
        return nullptr;
    }
};

TEST_F(DockWheelTest, WheelOverTheUnfocusedModeComboScrollsTheDockAndChangesNothing)
{
    const int index = makeIdleToStride();
    // A short window, so the dock has something to scroll.
    window().resize(1280, 420);
    QApplication::processEvents();
    QComboBox* mode = panel().fields()->modeBox();
    QScrollArea* scroll = scrollAreaAround(mode);
    ASSERT_NE(scroll, nullptr);
    ASSERT_GT(scroll->verticalScrollBar()->maximum(), 0) << "the dock scrolls at this height";
    scroll->ensureWidgetVisible(mode);
    scroll->verticalScrollBar()->setValue(0);
    QApplication::processEvents();
    window().viewport().setFocus();
    ASSERT_FALSE(mode->hasFocus());
    const auto before = window().document().rig().transitions[static_cast<std::size_t>(index)].mode;
    const int entries = window().document().undoStack()->count();

    wheelDown(mode);
    EXPECT_EQ(window().document().rig().transitions[static_cast<std::size_t>(index)].mode, before);
    EXPECT_EQ(mode->currentIndex(), before == anim::BlendMode::Inertialization ? 1 : 0);
    EXPECT_EQ(window().document().undoStack()->count(), entries) << "no undo entry";
    EXPECT_GT(scroll->verticalScrollBar()->value(), 0) << "the dock scrolled instead";
    EXPECT_FALSE(mode->hasFocus()) << "the wheel gave it no focus";

    mode->setFocus();
    wheelDown(mode);
    EXPECT_NE(window().document().rig().transitions[static_cast<std::size_t>(index)].mode, before)
        << "once focused, the wheel picks the next mode";
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
}

TEST_F(DockWheelTest, WheelOverTheUnfocusedBrushWeightSliderChangesNothing)
{
    window().docks().weightPaint->raise();
    QApplication::processEvents();
    ui::SliderField* weight = window().docks().weightPaintPanel->weightField();
    ASSERT_TRUE(weight->slider()->isVisible());
    window().viewport().setFocus();
    const double before = weight->value();
    wheelDown(weight->slider());
    wheelDown(weight->spinBox());
    EXPECT_EQ(weight->value(), before) << "the wheel left the brush weight alone";

    weight->slider()->setFocus();
    wheelDown(weight->slider());
    EXPECT_NE(weight->value(), before) << "once focused, the wheel moves the slider";
}

} // namespace
} // namespace marrow::test
