// SPDX-License-Identifier: MIT
// The preview's editable end in the dock (issue 21): Length reads "Auto"
// with the length it gives; typing a longer one is one undo entry, the
// timeline then spans it (more of B after the blend), and Ctrl+Z brings
// Auto and the document's bytes back.
#include "transition_fixture.h"

#include <QDoubleSpinBox>

using namespace marrow;

namespace {
using PreviewLengthGuiTest = test::TransitionEditorTest;
} // namespace

TEST_F(PreviewLengthGuiTest, TypingALongerLengthShowsMoreOfB)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    QDoubleSpinBox* length = panel().fields()->lengthBox();
    EXPECT_EQ(length->value(), 0.0);
    EXPECT_TRUE(length->text().startsWith("Auto")) << length->text().toStdString();
    const double automatic = window().playback().duration();
    const std::string before = test::bytesOf(d);
    const int entries = d.undoStack()->count();
    length->setValue(automatic + 1.0);
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_EQ(d.undoStack()->undoText(), "Transition Preview Length");
    // The box shows milliseconds and the value snaps to a frame.
    const double set = d.rig().transitions[static_cast<std::size_t>(index)].previewLength;
    EXPECT_NEAR(set, automatic + 1.0, 0.5 / window().playback().fps() + 1e-3);
    EXPECT_DOUBLE_EQ(window().playback().duration(), set);
    d.undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(d) == before);
    EXPECT_DOUBLE_EQ(window().playback().duration(), automatic);
    EXPECT_EQ(length->value(), 0.0);
}
