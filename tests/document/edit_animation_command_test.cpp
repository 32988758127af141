// SPDX-License-Identifier: MIT
// EditAnimationCommand: every key edit's undo restores the document byte for
// byte (overwritten keys, created tracks, durations, overrides), and pushes
// of one interaction merge into one entry.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "core/commands/edit_animation_command.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

std::vector<std::size_t> all(std::size_t n)
{
    std::vector<std::size_t> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = i;
    return v;
}

} // namespace

TEST(EditAnimationCommand, MoveWithAnOverwrittenKeyUndoesExactly)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::AnimationEdit edit(*d, 1);  // "lift": shoulder translation keys at 0 and 2
    const std::size_t first[] = {0};
    anim::retimeKeys(edit.track(0)->translation, first, [](float t) { return t + 2.f; });
    auto command = edit.command(d.get(), "Move Keys");
    ASSERT_TRUE(command);
    test::expectDoUndoRedo(*d, command.release());
    const auto& ch = d->rig().clips[1].findTrack(0)->translation;
    ASSERT_EQ(ch.size(), 1u);  // the key at 2 was overwritten
    EXPECT_EQ(ch.values[0], glm::vec3(0.f, 1.f, 0.f));
}

TEST(EditAnimationCommand, NewTrackIsAppendedAndRemovedOnUndo)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::AnimationEdit edit(*d, 0);  // "bend" animates only the elbow
    anim::insertKey(edit.track(0)->scale, 0.5f, glm::vec3(2.f), anim::Interpolation::Linear);
    test::expectDoUndoRedo(*d, edit.command(d.get(), "Insert Keys").release());
    EXPECT_EQ(d->rig().clips[0].tracks.size(), 2u);
    d->undoStack()->undo();
    EXPECT_EQ(d->rig().clips[0].tracks.size(), 1u);
}

TEST(EditAnimationCommand, DurationFollowsTheLastKey)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::AnimationEdit edit(*d, 0);
    const auto keys = all(2);
    anim::retimeKeys(edit.track(1)->rotation, keys, [](float t) { return t * 3.f; });
    test::expectDoUndoRedo(*d, edit.command(d.get(), "Scale Keys").release());
    EXPECT_FLOAT_EQ(d->rig().clips[0].duration, 3.f);
}

TEST(EditAnimationCommand, InterpolationAndTangentModeEditsUndo)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    {
        cmd::AnimationEdit edit(*d, 0);
        anim::setKeyInterpolation(edit.track(1)->rotation, all(2), anim::Interpolation::CubicSpline);
        test::expectDoUndoRedo(*d, edit.command(d.get(), "Set Interpolation").release());
    }
    cmd::AnimationEdit edit(*d, 0);
    anim::setKeyTangentMode(edit.track(1)->rotation, all(2), anim::TangentMode::Flat);
    test::expectDoUndoRedo(*d, edit.command(d.get(), "Set Tangent Mode").release());
    EXPECT_EQ(d->rig().clips[0].findTrack(1)->rotation.tangentMode(0), anim::TangentMode::Flat);
}

TEST(EditAnimationCommand, CarriesPoseOverrides)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::AnimationEdit edit(*d, 0);
    math::Transform pose;
    pose.translation = {0.f, 5.f, 0.f};
    edit.setPose(0, pose);
    anim::insertKey(edit.track(0)->translation, 0.f, pose.translation, anim::Interpolation::Linear);
    test::expectDoUndoRedo(*d, edit.command(d.get(), "Pose").release());
    ASSERT_TRUE(d->poseOverride(0));
    EXPECT_EQ(d->poseOverride(0)->translation, pose.translation);
}

TEST(EditAnimationCommand, NothingChangedMakesNoCommand)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::AnimationEdit edit(*d, 0);
    edit.track(1);  // copied, untouched
    EXPECT_FALSE(edit.command(d.get(), "Nothing"));
}

TEST(EditAnimationCommand, OneInteractionMergesKeepingTheFirstBefore)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    const model::InteractionId drag = d->beginInteraction();
    for (int step = 1; step <= 3; ++step) {
        cmd::AnimationEdit edit(*d, 1);
        const std::size_t key[] = {1};
        anim::retimeKeys(edit.track(0)->translation, key, [](float t) { return t + 0.25f; });
        d->undoStack()->push(edit.command(d.get(), "Move Keys", drag).release());
    }
    EXPECT_EQ(d->undoStack()->count(), 1);
    EXPECT_FLOAT_EQ(d->rig().clips[1].findTrack(0)->translation.times[1], 2.75f);
    EXPECT_FLOAT_EQ(d->rig().clips[1].duration, 2.75f);
    d->undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(*d) == before);
}

TEST(EditAnimationCommand, RefusesAnInvalidState)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    doc::AnimationState bad;
    bad.clip = 0;
    anim::JointTrack t;
    t.joint = 1;
    t.rotation.times = {1.f, 0.f};  // decreasing
    t.rotation.values = {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
    bad.tracks.push_back({1, t});
    bad.duration = 1.f;
    const std::string before = test::bytesOf(*d);
    EXPECT_FALSE(d->applyAnimationState(bad));
    EXPECT_TRUE(test::bytesOf(*d) == before);
}
