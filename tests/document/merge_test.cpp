// SPDX-License-Identifier: MIT
// Continuous interactions make one undo entry each; merges keep the first
// "before"; a net no-op vanishes. And a key edit's undo restores tangents bit for bit.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/change_value_command.h"
#include "core/commands/paint_weights_command.h"
#include "core/commands/rename_clip_command.h"
#include "core/commands/set_joint_pose_command.h"
#include "insert_key_command.h"

#include <bit>
#include <cstring>

using namespace marrow;

namespace {

math::Transform posed(float degrees)
{
    return test::trs({2.f, 0.f, 0.f}, test::axisAngle({0.f, 0.f, 1.f}, degrees));
}

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

} // namespace

TEST(Merge, ThreeJointPosePushesInOneInteractionMakeOneEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QUndoStack* s = d->undoStack();
    const model::InteractionId drag = d->beginInteraction();
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(10.f), drag));
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(20.f), drag));
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(30.f), drag));
    EXPECT_EQ(s->count(), 1);
    EXPECT_EQ(*d->poseOverride(1), posed(30.f));

    // A second drag is a second entry.
    const model::InteractionId drag2 = d->beginInteraction();
    EXPECT_FALSE(drag2 == drag);
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(40.f), drag2));
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(50.f), drag2));
    EXPECT_EQ(s->count(), 2);

    s->undo();
    EXPECT_EQ(*d->poseOverride(1), posed(30.f));
    s->undo();  // the first entry's before: no override at all
    EXPECT_FALSE(d->poseOverride(1).has_value());
}

TEST(Merge, PosesOfOtherJointsOrWithoutInteractionDoNotMerge)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QUndoStack* s = d->undoStack();
    const model::InteractionId drag = d->beginInteraction();
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(10.f), drag));
    s->push(new cmd::SetJointPoseCommand(d.get(), 0, posed(10.f), drag));
    s->push(new cmd::SetJointPoseCommand(d.get(), 0, posed(20.f), {}));
    s->push(new cmd::SetJointPoseCommand(d.get(), 0, posed(30.f), {}));
    EXPECT_EQ(s->count(), 4);
}

TEST(Merge, DragBackToTheStartLeavesNoEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QUndoStack* s = d->undoStack();
    const model::InteractionId drag = d->beginInteraction();
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(10.f), drag));
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, std::nullopt, drag));
    EXPECT_EQ(s->count(), 0);
    EXPECT_FALSE(d->poseOverride(1).has_value());
}

TEST(Merge, NoMergeIntoTheCleanState)
{
    // QUndoStack never merges into the command at the clean index: saving
    // mid-drag splits the drag, so the saved state stays reachable by undo.
    auto d = test::documentWith(test::fourVertexSkinRig());
    QUndoStack* s = d->undoStack();
    const model::InteractionId drag = d->beginInteraction();
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(10.f), drag));
    s->setClean();
    s->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(20.f), drag));
    EXPECT_EQ(s->count(), 2);
}

TEST(Merge, PaintWeightsKeepsTheFirstBefore)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QUndoStack* s = d->undoStack();
    const std::string original = test::bytesOf(*d);
    const auto& w = d->rig().meshes[0].weights;
    const model::InteractionId stroke = d->beginInteraction();
    const std::uint16_t j10[4] = {1, 0, 0, 0};
    const float a[4] = {0.6f, 0.4f, 0.f, 0.f};
    const float b[4] = {0.5f, 0.5f, 0.f, 0.f};

    auto dab = [&](std::uint32_t v, const float* after) {
        skin::WeightDelta delta(4);
        delta.add(v, w.jointRow(v), w.weightRow(v), j10, std::span<const float>(after, 4));
        s->push(new cmd::PaintWeightsCommand(d.get(), 0, stroke, delta));
    };
    dab(1, a);  // v1: before (.75 shoulder, .25 elbow) -> a
    dab(1, b);  // v1 again: before is now a, but the stroke keeps the original
    dab(2, a);  // a new vertex is appended
    ASSERT_EQ(s->count(), 1);
    auto* cmd = static_cast<const cmd::PaintWeightsCommand*>(s->command(0));
    ASSERT_EQ(cmd->delta().vertices(), (std::vector<std::uint32_t>{1, 2}));
    EXPECT_EQ(cmd->delta().beforeWeights()[0], 0.75f);
    EXPECT_EQ(cmd->delta().beforeJoints()[0], 0);
    EXPECT_EQ(cmd->delta().afterWeights()[0], 0.5f);
    EXPECT_EQ(w.weights[4], 0.5f);
    s->undo();
    EXPECT_EQ(test::bytesOf(*d), original);

    // Another stroke on another mesh or interaction does not merge.
    s->redo();
    skin::WeightDelta delta(4);
    delta.add(0, w.jointRow(0), w.weightRow(0), j10, std::span<const float>(a, 4));
    s->push(new cmd::PaintWeightsCommand(d.get(), 0, d->beginInteraction(), delta));
    EXPECT_EQ(s->count(), 2);
}

TEST(Merge, PaintStrokeThatRestoresEveryRowIsObsolete)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QUndoStack* s = d->undoStack();
    const auto& w = d->rig().meshes[0].weights;
    const std::vector<std::uint16_t> j0(w.jointRow(1).begin(), w.jointRow(1).end());
    const std::vector<float> w0(w.weightRow(1).begin(), w.weightRow(1).end());
    const std::uint16_t j10[4] = {1, 0, 0, 0};
    const float a[4] = {0.6f, 0.4f, 0.f, 0.f};
    const model::InteractionId stroke = d->beginInteraction();
    skin::WeightDelta first(4);
    first.add(1, w.jointRow(1), w.weightRow(1), j10, a);
    s->push(new cmd::PaintWeightsCommand(d.get(), 0, stroke, first));
    skin::WeightDelta back(4);
    back.add(1, w.jointRow(1), w.weightRow(1), j0, w0);
    s->push(new cmd::PaintWeightsCommand(d.get(), 0, stroke, back));
    EXPECT_EQ(s->count(), 0);
}

TEST(Merge, ChangeValueMergesWithinAnInteractionAndKeepsFirstBefore)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QUndoStack* s = d->undoStack();
    const model::InteractionId typing = d->beginInteraction();
    s->push(cmd::makeRenameClipCommand(d.get(), 0, "b", typing).release());
    s->push(cmd::makeRenameClipCommand(d.get(), 0, "be", typing).release());
    s->push(cmd::makeRenameClipCommand(d.get(), 0, "bent", typing).release());
    ASSERT_EQ(s->count(), 1);
    auto* c = static_cast<const cmd::ChangeValueCommand<std::string>*>(s->command(0));
    EXPECT_EQ(c->before(), "bend");
    EXPECT_EQ(c->after(), "bent");
    s->push(cmd::makeRenameClipCommand(d.get(), 1, "x", typing).release());  // another clip: no merge
    EXPECT_EQ(s->count(), 2);
    s->push(cmd::makeRenameClipCommand(d.get(), 1, "lift", typing).release());  // back to the start: gone
    EXPECT_EQ(s->count(), 1);
    s->undo();
    EXPECT_EQ(d->rig().clips[0].name, "bend");
}

TEST(SetKey, OverCubicKeyRestoresTangentsBitForBit)
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::JointTrack& elbow = rig.clips[0].tracks[0];
    elbow.translation = test::vec3Channel({0.f, 0.5f, 1.f}, {{2.f, 0.f, 0.f}, {2.f, 0.1f, 0.f}, {2.f, 0.f, 0.f}},
                                          anim::Interpolation::CubicSpline);
    // Awkward bit patterns: negative zero, a denormal, a value with no short decimal form.
    const float denormal = std::bit_cast<float>(0x00000123u);
    elbow.translation.inTangents = {glm::vec3(0.f), {-0.f, denormal, 1.f / 3.f}, glm::vec3(0.f)};
    elbow.translation.outTangents = {glm::vec3(0.f), {0.1f, -1e-38f, 7.f / 11.f}, glm::vec3(0.f)};
    auto d = test::documentWith(rig);

    auto replace = test::insertKeyCommand(*d, 0, 1, doc::ChannelKind::Translation, 0.5f, {9.f, 9.f, 9.f, 0.f},
                                          anim::Interpolation::CubicSpline,
                                          test::KeySlopes{{1.f, 1.f, 1.f, 0.f}, {2.f, 2.f, 2.f, 0.f}});
    ASSERT_TRUE(replace);
    d->undoStack()->push(replace.release());
    const auto& ch = d->rig().clips[0].tracks[0].translation;
    ASSERT_EQ(ch.size(), 3u);
    EXPECT_EQ(ch.inTangents[1], glm::vec3(1.f));
    d->undoStack()->undo();
    EXPECT_EQ(bits(ch.values[1].y), bits(0.1f));
    EXPECT_EQ(bits(ch.inTangents[1].x), 0x80000000u);  // -0 stays -0
    EXPECT_EQ(bits(ch.inTangents[1].y), 0x00000123u);
    EXPECT_EQ(bits(ch.inTangents[1].z), bits(1.f / 3.f));
    EXPECT_EQ(bits(ch.outTangents[1].y), bits(-1e-38f));
    EXPECT_EQ(bits(ch.outTangents[1].z), bits(7.f / 11.f));
    EXPECT_EQ(ch.uniformInterpolation(), anim::Interpolation::CubicSpline);
    EXPECT_TRUE(d->rig() == rig);
}
