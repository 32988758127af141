// SPDX-License-Identifier: MIT
// Every command keeps the invariant: do, undo gives the original bytes back;
// redo gives the bytes after the first do.
#include "document_fixture.h"
#include "insert_key_command.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include "core/commands/add_clip_command.h"
#include "core/commands/key_edit.h"
#include "core/commands/paint_weights_command.h"
#include "core/commands/remove_clip_command.h"
#include "core/commands/rename_clip_command.h"
#include "core/commands/rename_joint_command.h"
#include "core/commands/set_joint_pose_command.h"
#include "core/commands/undo_macro.h"
#include "core/io/model_import.h"

#include <QSignalSpy>

using namespace marrow;
using doc::ChannelKind;
using anim::Interpolation;

namespace {

// A one-key edit as a raw pointer, for expectDoUndoRedo and push.
QUndoCommand* setKey(doc::Document& d, model::ClipId clip, model::JointIndex joint, ChannelKind kind, float time,
                     glm::vec4 value, Interpolation mode, std::optional<test::KeySlopes> slopes = std::nullopt)
{
    return test::insertKeyCommand(d, clip, joint, kind, time, value, mode, slopes).release();
}

// A rig with a cubic channel too: "bend" gets a CUBICSPLINE translation on the elbow.
model::Rig rigWithCubic()
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::JointTrack& elbow = rig.clips[0].tracks[0];
    elbow.translation = test::vec3Channel({0.f, 0.5f, 1.f}, {{2.f, 0.f, 0.f}, {2.f, 0.5f, 0.f}, {2.f, 0.f, 0.f}},
                                          Interpolation::CubicSpline);
    elbow.translation.inTangents = {{0.1f, 0.2f, 0.3f}, {-1.f, 1.f / 3.f, 0.7f}, {0.f, -0.f, 1e-30f}};
    elbow.translation.outTangents = {{0.4f, 0.5f, 0.6f}, {2.f, -1.f / 7.f, 0.9f}, {3.f, 1.f, 0.f}};
    return rig;
}

} // namespace

TEST(Commands, RenameJoint)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QSignalSpy spy(d.get(), &doc::Document::jointRenamed);
    test::expectDoUndoRedo(*d, new cmd::RenameJointCommand(d.get(), 1, "forearm"));
    EXPECT_EQ(d->rig().skeleton.names[1], "forearm");
    ASSERT_EQ(spy.count(), 5);  // do, undo, redo, undo, redo
    EXPECT_EQ(spy.at(0).at(0).value<model::JointIndex>(), 1);
    EXPECT_EQ(d->undoStack()->undoText(), QStringLiteral("Rename Joint"));
}

TEST(Commands, RenameJointToItsOwnNameMakesNoEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 1, "elbow"));
    d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 7, "nobody"));
    EXPECT_EQ(d->undoStack()->count(), 0);
}

TEST(Commands, RenameClip)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    test::expectDoUndoRedo(*d, cmd::makeRenameClipCommand(d.get(), 1, "raise").release());
    EXPECT_EQ(d->rig().clips[1].name, "raise");
}

TEST(Commands, SetKeyInsertsNewKey)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QSignalSpy spy(d.get(), &doc::Document::keysChanged);
    test::expectDoUndoRedo(*d, setKey(*d, 0, 1, ChannelKind::Rotation, 0.5f, {0.f, 0.f, 0.3826834f, 0.9238795f}, Interpolation::Linear));
    ASSERT_EQ(d->rig().clips[0].tracks[0].rotation.size(), 3u);
    EXPECT_EQ(d->rig().clips[0].tracks[0].rotation.times[1], 0.5f);
    ASSERT_FALSE(spy.isEmpty());
    EXPECT_EQ(spy.at(0).at(0).toInt(), 0);
    EXPECT_EQ(spy.at(0).at(1).value<model::JointIndex>(), 1);
    EXPECT_EQ(spy.at(0).at(2).value<anim::ChannelMask>(), anim::kRotationBit);
}

TEST(Commands, SetKeyOverwritesExistingKey)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    test::expectDoUndoRedo(*d, setKey(*d, 1, 0, ChannelKind::Translation, 2.f, {5.f, 6.f, 7.f, 0.f}, Interpolation::Linear));
    EXPECT_EQ(d->rig().clips[1].tracks[0].translation.size(), 2u);
    EXPECT_EQ(d->rig().clips[1].tracks[0].translation.values[1], glm::vec3(5.f, 6.f, 7.f));
}

TEST(Commands, SetKeyCreatesTrackAndExtendsDuration)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    test::expectDoUndoRedo(*d, setKey(*d, 0, 0, ChannelKind::Scale, 3.f, {2.f, 2.f, 2.f, 0.f}, Interpolation::Step));
    ASSERT_EQ(d->rig().clips[0].tracks.size(), 2u);
    EXPECT_EQ(d->rig().clips[0].duration, 3.f);
    EXPECT_EQ(d->rig().clips[0].tracks[1].scale.segment(0), Interpolation::Step);
    EXPECT_TRUE(d->rig().clips[0].tracks[1].scale.inTangents.empty());
}

TEST(Commands, SetKeyChangingInterpolationRestoresTangentArrays)
{
    auto d = test::documentWith(rigWithCubic());
    // Modes are per key: a Linear key in a cubic channel keeps every tangent
    // (its own segment is linear, the others stay cubic); undo removes it exactly.
    test::expectDoUndoRedo(*d, setKey(*d, 0, 1, ChannelKind::Translation, 0.25f, {1.f, 1.f, 1.f, 0.f}, Interpolation::Linear));
    const auto& cubic = d->rig().clips[0].tracks[0].translation;
    ASSERT_EQ(cubic.inTangents.size(), cubic.size());
    const auto at = static_cast<std::size_t>(std::find(cubic.times.begin(), cubic.times.end(), .25f) - cubic.times.begin());
    ASSERT_LT(at, cubic.size());
    EXPECT_EQ(cubic.segment(at), Interpolation::Linear);
    EXPECT_FALSE(cubic.uniformInterpolation()) << "the channel now mixes modes";
    // Linear -> Cubic zero-fills tangents; undo removes them again.
    test::expectDoUndoRedo(*d, setKey(*d, 1, 0, ChannelKind::Translation, 1.f, {0.f, 2.f, 0.f, 0.f},
                                      Interpolation::CubicSpline, test::KeySlopes{{1, 2, 3, 0}, {4, 5, 6, 0}}));
    const auto& ch = d->rig().clips[1].tracks[0].translation;
    ASSERT_EQ(ch.inTangents.size(), 3u);
    EXPECT_EQ(ch.inTangents[1], glm::vec3(1, 2, 3));
    EXPECT_EQ(ch.outTangents[0], glm::vec3(0.f));
}

TEST(Commands, SetKeyOutOfRangeMakesNoCommand)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    EXPECT_EQ(setKey(*d, 9, 0, ChannelKind::Scale, 0.f, glm::vec4(1.f), Interpolation::Linear), nullptr) << "no clip 9";
    EXPECT_EQ(setKey(*d, 0, 42, ChannelKind::Scale, 0.f, glm::vec4(1.f), Interpolation::Linear), nullptr) << "no joint 42";
    EXPECT_EQ(d->undoStack()->count(), 0);
    EXPECT_EQ(test::bytesOf(*d), before);
}

TEST(Commands, RemoveKeys)
{
    auto d = test::documentWith(rigWithCubic());
    const std::set<doc::KeyId> keys = {{1, ChannelKind::Translation, 0.5f}, {1, ChannelKind::Rotation, 0.f},
                                       {1, ChannelKind::Translation, 0.f}, {1, ChannelKind::Scale, 0.f}};
    cmd::AnimationEdit edit(*d, 0);
    cmd::deleteKeys(edit, keys);
    test::expectDoUndoRedo(*d, edit.command(d.get(), QStringLiteral("Delete Keys")).release());
    EXPECT_EQ(d->rig().clips[0].tracks[0].translation.size(), 1u);
    EXPECT_EQ(d->rig().clips[0].tracks[0].translation.inTangents.size(), 1u);
    EXPECT_EQ(d->rig().clips[0].tracks[0].rotation.size(), 1u);
}

TEST(Commands, AddAndRemoveClip)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QSignalSpy spy(d.get(), &doc::Document::clipsChanged);
    anim::Clip wave = d->rig().clips[0];
    wave.name = "wave";
    test::expectDoUndoRedo(*d, new cmd::AddClipCommand(d.get(), wave, 1));
    EXPECT_EQ(d->rig().clips[1].name, "wave");
    test::expectDoUndoRedo(*d, new cmd::AddClipCommand(d.get(), wave));
    EXPECT_EQ(d->rig().clips[3].name, "wave");
    test::expectDoUndoRedo(*d, new cmd::RemoveClipCommand(d.get(), 0));
    EXPECT_EQ(d->rig().clips[0].name, "wave");
    EXPECT_EQ(spy.count(), 15);
}

TEST(Commands, AddInvalidClipIsRefused)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    anim::Clip bad;
    bad.tracks.push_back({});
    bad.tracks.back().joint = 42;
    d->undoStack()->push(new cmd::AddClipCommand(d.get(), bad));
    EXPECT_EQ(d->undoStack()->count(), 0);
    EXPECT_EQ(d->rig().clips.size(), 2u);
}

TEST(Commands, PaintWeights)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QSignalSpy spy(d.get(), &doc::Document::weightsChanged);
    skin::WeightDelta delta(4);
    const auto& w = d->rig().meshes[0].weights;
    const std::uint16_t j[4] = {1, 0, 0, 0};
    const float f[4] = {0.6f, 0.4f, 0.f, 0.f};
    const std::uint16_t jj[4] = {1, 0, 0, 0};
    ASSERT_TRUE(delta.add(1, w.jointRow(1), w.weightRow(1), j, f));
    ASSERT_TRUE(delta.add(3, w.jointRow(3), w.weightRow(3), jj, w.weightRow(3)));
    test::expectDoUndoRedo(*d, new cmd::PaintWeightsCommand(d.get(), 0, d->beginInteraction(), delta));
    EXPECT_EQ(d->rig().meshes[0].weights.weights[4], 0.6f);
    ASSERT_FALSE(spy.isEmpty());
    EXPECT_EQ(spy.at(0).at(0).toInt(), 0);
    EXPECT_EQ(spy.at(0).at(1).value<QList<quint32>>(), (QList<quint32>{1, 3}));
}

TEST(Commands, PoseOverrideIsUndoableAndSaved)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QSignalSpy spy(d.get(), &doc::Document::poseOverrideChanged);
    const math::Transform pose = test::trs({2.f, 0.5f, 0.f}, test::axisAngle({0, 0, 1}, 30.f));
    test::expectDoUndoRedo(*d, new cmd::SetJointPoseCommand(d.get(), 1, pose, d->beginInteraction()));
    ASSERT_TRUE(d->poseOverride(1).has_value());
    EXPECT_EQ(*d->poseOverride(1), pose);
    d->undoStack()->undo();
    EXPECT_FALSE(d->poseOverride(1).has_value());
    EXPECT_EQ(spy.count(), 6);
}

TEST(Commands, MacroIsOneEntryAndUndoesEverything)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    {
        cmd::UndoMacro macro(d->undoStack(), QObject::tr("Mirror Names"));
        d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 0, "L_shoulder"));
        d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 1, "L_elbow"));
        d->undoStack()->push(setKey(*d, 0, 0, ChannelKind::Scale, 0.f, glm::vec4(2.f), Interpolation::Linear));
    }
    EXPECT_EQ(d->undoStack()->count(), 1);
    EXPECT_EQ(d->undoStack()->undoText(), QStringLiteral("Mirror Names"));
    const std::string after = test::bytesOf(*d);
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), before);
    d->undoStack()->redo();
    EXPECT_EQ(test::bytesOf(*d), after);
}

TEST(Commands, RandomSequenceUndoesToTheStartOnARealModel)
{
    io::ImportResult imported = io::importModel(test::model("ozz-animation/gltf/khronos/cesium_man.gltf"));
    ASSERT_TRUE(imported.ok) << imported.error;
    auto d = test::documentWith(std::move(imported.rig));
    const std::string start = test::bytesOf(*d);
    std::vector<std::string> states{start};
    QUndoStack* s = d->undoStack();
    const int joints = static_cast<int>(d->rig().skeleton.size());
    for (int i = 0; i < 40; ++i) {
        const int joint = (i * 7) % joints;
        switch (i % 4) {
        case 0: s->push(new cmd::RenameJointCommand(d.get(), joint, "j" + std::to_string(i))); break;
        case 1:
            if (QUndoCommand* c = setKey(*d, 0, joint, ChannelKind(i % 3), 0.1f * i, glm::vec4(0.f, 0.f, 0.f, 1.f),
                                         i % 8 == 1 ? Interpolation::CubicSpline : Interpolation::Linear))
                s->push(c);
            break;
        case 2: {
            cmd::AnimationEdit edit(*d, 0);
            cmd::deleteKeys(edit, {{joint, ChannelKind::Rotation, d->rig().clips[0].duration}});
            if (auto c = edit.command(d.get(), QStringLiteral("Delete Keys")))
                s->push(c.release());
            break;
        }
        case 3: s->push(new cmd::AddClipCommand(d.get(), d->rig().clips[0], 0)); break;
        }
        if (s->count() == static_cast<int>(states.size()))
            states.push_back(test::bytesOf(*d));
    }
    ASSERT_GT(states.size(), 20u);
    for (int i = s->count(); i > 0; --i) {
        EXPECT_TRUE(test::bytesOf(*d) == states[static_cast<std::size_t>(i)]) << "state " << i;
        s->undo();
    }
    EXPECT_TRUE(test::bytesOf(*d) == start);
    while (s->canRedo())
        s->redo();
    EXPECT_TRUE(test::bytesOf(*d) == states.back());
}
