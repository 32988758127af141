// SPDX-License-Identifier: MIT
// Choosing another clip A or B in the dock (issue 37): a new A keeps the
// exit inside it and cycles A exactly when A loops (model::clipLoops), a
// new B likewise sets Cycle B and keeps the offset inside it, each in the
// same undo entry as the choice, which one undo takes back whole.
#include "transition_fixture.h"

#include "core/model/transition_defaults.h"

#include <QCheckBox>
#include <QDoubleSpinBox>

namespace marrow::test {
namespace {

using TransitionClipChange = TransitionEditorTest;

// The shortest clip other than `not`, or -1.
model::ClipId shortestOtherThan(const model::Rig& rig, model::ClipId skip)
{
    model::ClipId best = -1;
    for (std::size_t c = 0; c < rig.clips.size(); ++c)
        if (static_cast<model::ClipId>(c) != skip &&
            (best < 0 || rig.clips[c].duration < rig.clips[static_cast<std::size_t>(best)].duration))
            best = static_cast<model::ClipId>(c);
    return best;
}

TEST_F(TransitionClipChange, ANewClipAClampsTheExitAndCyclesAsTheClipLoops)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    const model::Rig& rig = d.rig();
    const auto now = [&]() -> const model::Transition& { return rig.transitions[static_cast<std::size_t>(index)]; };
    const model::ClipId a = shortestOtherThan(rig, now().clipA);
    ASSERT_GE(a, 0);
    const anim::Clip& clipA = rig.clips[static_cast<std::size_t>(a)];
    const bool loops = model::clipLoops(clipA, &rig.skeleton);
    // Start from an exit past the new A's end and Cycle A the wrong way round.
    ui::TransitionFields* fields = panel().fields();
    fields->exitBox()->setValue(static_cast<double>(clipA.duration) + 0.5);
    ASSERT_GT(now().exit, clipA.duration);
    if (now().cycleA == loops)
        fields->cycleABox()->setChecked(!loops);
    ASSERT_NE(now().cycleA, loops);
    const model::Transition before = now();
    const int entries = d.undoStack()->count();

    fields->clipA()->setCurrentIndex(a);
    emit fields->clipA()->activated(a);
    QApplication::processEvents();
    EXPECT_EQ(now().clipA, a);
    EXPECT_LE(now().exit, clipA.duration) << "the exit inside the new A";
    EXPECT_DOUBLE_EQ(now().exit, clipA.duration);
    EXPECT_EQ(now().cycleA, loops);
    EXPECT_EQ(fields->cycleABox()->isChecked(), loops) << "the dock shows it";
    EXPECT_EQ(d.undoStack()->count(), entries + 1) << "one entry with the choice";
    d.undoStack()->undo();
    EXPECT_TRUE(now() == before);
}

TEST_F(TransitionClipChange, ANewClipBCyclesAsTheClipLoopsAndKeepsTheOffsetInside)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    const model::Rig& rig = d.rig();
    const auto now = [&]() -> const model::Transition& { return rig.transitions[static_cast<std::size_t>(index)]; };
    const model::ClipId b = shortestOtherThan(rig, now().clipB);
    ASSERT_GE(b, 0);
    const anim::Clip& clipB = rig.clips[static_cast<std::size_t>(b)];
    const bool loops = model::clipLoops(clipB, &rig.skeleton);
    ui::TransitionFields* fields = panel().fields();
    fields->offsetBox()->setValue(static_cast<double>(clipB.duration) + 0.5);
    if (now().cycleB == loops)
        fields->cycleBBox()->setChecked(!loops);
    ASSERT_NE(now().cycleB, loops);
    const model::Transition before = now();
    const int entries = d.undoStack()->count();

    fields->clipB()->setCurrentIndex(b);
    emit fields->clipB()->activated(b);
    QApplication::processEvents();
    EXPECT_EQ(now().clipB, b);
    EXPECT_EQ(now().cycleB, loops);
    EXPECT_DOUBLE_EQ(now().offset, clipB.duration);
    EXPECT_DOUBLE_EQ(now().exit, before.exit) << "A's side untouched";
    EXPECT_EQ(now().cycleA, before.cycleA);
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    d.undoStack()->undo();
    EXPECT_TRUE(now() == before);
}

} // namespace
} // namespace marrow::test
