// SPDX-License-Identifier: MIT
// A transition's automatic name follows its clips (issue 37: walk -> run,
// B changed to jog, baked as "walk_to_jog_baked" only by luck of the name):
// New in the dock names it after A and the next clip; choosing stride as B
// renames it idle_to_stride, and choosing B again renames it again, one
// undo entry each that takes the old name back.
#include "transition_fixture.h"

namespace marrow::test {
namespace {

class TransitionNameFollows : public TransitionEditorTest {};

TEST_F(TransitionNameFollows, ChoosingAnotherClipRenamesAnAutomaticName)
{
    const int index = makeIdleToStride();
    const model::Rig& rig = window().document().rig();
    const auto name = [&] { return rig.transitions[static_cast<std::size_t>(index)].name; };
    EXPECT_EQ(name(), "idle_to_stride");
    const int other = rig.findClip("idle");
    QComboBox* b = panel().fields()->clipB();
    b->setCurrentIndex(other);
    emit b->activated(other);
    QApplication::processEvents();
    EXPECT_EQ(name(), "idle_to_idle");
    window().document().undoStack()->undo();
    EXPECT_EQ(name(), "idle_to_stride") << "undo takes the old name back with the old clip";
}

} // namespace
} // namespace marrow::test
