// SPDX-License-Identifier: MIT
// A clip's length follows its keys (issue 36, item 4): a key past the end
// grows the clip, in the document, in the transport and in the saved file;
// undo gives the old length back byte for byte. Clip › Set Range… sets a
// manual frame range instead: one undo entry, saved, played over.
#include "document_fixture.h"
#include "insert_key_command.h"
#include "tiny_rigs.h"
#include "workspace_fixture.h"

#include "core/commands/set_clip_range_command.h"
#include "core/io/document_codec.h"
#include "core/workspace/pose_editor.h"

using namespace marrow;

namespace {

constexpr double kFps = 30.0;

float frameTime(int frame)
{
    return static_cast<float>(frame / kFps);
}

// The four-vertex rig with "bend" 40 frames long at 30 fps (keys at 0 and 40).
model::Rig fortyFrameRig()
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::Clip& bend = rig.clips[0];
    bend.tracks[0].rotation.times = {0.f, frameTime(40)};
    bend.duration = frameTime(40);
    return rig;
}

} // namespace

TEST(ClipLength, AKeyPastTheEndGrowsTheClipAndUndoGivesTheOldLengthBack)
{
    auto d = test::documentWith(fortyFrameRig());
    auto key = test::insertKeyCommand(*d, 0, 0, doc::ChannelKind::Rotation, frameTime(52), {0.f, 0.f, 0.f, 1.f},
                                      anim::Interpolation::Linear);
    ASSERT_TRUE(key);
    const std::string before = test::bytesOf(*d);
    d->undoStack()->push(key.release());
    EXPECT_EQ(d->rig().clips[0].duration, frameTime(52));
    const std::string after = test::bytesOf(*d);
    d->undoStack()->undo();
    EXPECT_EQ(d->rig().clips[0].duration, frameTime(40));
    EXPECT_TRUE(test::bytesOf(*d) == before) << "undo did not give the 40-frame clip back byte for byte";
    d->undoStack()->redo();
    EXPECT_EQ(d->rig().clips[0].duration, frameTime(52));
    EXPECT_TRUE(test::bytesOf(*d) == after);
}

TEST(ClipLength, MorphWeightKeysCountTowardsTheLength)
{
    // The clip's last keys are morph weights at 2 s; a joint key edit at
    // 0.5 s must not shorten it to the joints' last key (1 s).
    model::Rig rig = test::fourVertexSkinRig();
    mesh::MorphTarget target;
    target.positions.assign(rig.meshes[0].positions.size(), glm::vec3(0.f, 0.1f, 0.f));
    rig.meshes[0].morphTargets.push_back(target);
    rig.meshes[0].morphWeights = {0.f};
    anim::MorphTrack weights;
    weights.mesh = 0;
    weights.times = {0.f, 2.f};
    weights.values = {0.f, 1.f};
    rig.clips[0].morphTracks.push_back(weights);
    rig.clips[0].duration = 2.f;
    auto d = test::documentWith(std::move(rig));
    auto key = test::insertKeyCommand(*d, 0, 1, doc::ChannelKind::Rotation, 0.5f, {0.f, 0.f, 0.f, 1.f},
                                      anim::Interpolation::Linear);
    ASSERT_TRUE(key);
    test::expectDoUndoRedo(*d, key.release());
    EXPECT_EQ(d->rig().clips[0].duration, 2.f);
}

TEST(ClipLength, KeyingAPosedBonePastTheEndGrowsTheTransport)
{
    // I on a posed bone at frame 52 of a 40-frame clip: the key holds the
    // whole pose, so the override goes with the same edit. The transport
    // must follow the clip's new length at once (it stayed at 40: the
    // override's re-evaluation swallowed the pending duration update).
    test::Workspace w;
    ASSERT_TRUE(w.document->replaceRig(fortyFrameRig()) == std::nullopt);
    w.playback.setFps(kFps);
    w.playback.setScrubEnd(3.0);  // the timeline shows past the clip's end
    ws::PoseEditor editor(w.document.get(), &w.playback, &w.selection, &w.evaluator);
    w.playback.setTime(frameTime(52));
    ASSERT_EQ(w.playback.frame(), 52);
    ASSERT_EQ(w.playback.lastFrame(), 40);
    ws::PoseEditor::JointPose pose{0, w.evaluator.locals()[0]};
    pose.local.rotation = test::axisAngle({0.f, 0.f, 1.f}, 30.f);
    editor.applyPoses({&pose, 1}, {}, "Pose");
    ASSERT_TRUE(w.document->poseOverride(0));
    ASSERT_TRUE(editor.insertKeys({0}, anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit));
    EXPECT_FALSE(w.document->poseOverride(0));
    EXPECT_EQ(w.document->rig().clips[0].duration, frameTime(52));
    QCoreApplication::processEvents();
    EXPECT_EQ(w.playback.duration(), static_cast<double>(frameTime(52)));
    EXPECT_EQ(w.playback.lastFrame(), 52);
    // Playing reaches frame 52 before it wraps.
    w.playback.setTime(frameTime(50));
    w.playback.advance(2.0 / kFps);
    EXPECT_EQ(w.playback.frame(), 52);
    w.playback.advance(1.0 / kFps);
    EXPECT_EQ(w.playback.frame(), 1);
    // Undo: 40 frames again, in the transport too.
    w.document->undoStack()->undo();
    QCoreApplication::processEvents();
    EXPECT_EQ(w.playback.lastFrame(), 40);
}

// --- Clip › Set Range… (a manual frame range) ---------------------------------

namespace {

anim::ClipRange framesRange(int first, int last)
{
    return {frameTime(first), frameTime(last)};
}

} // namespace

TEST(ClipRange, SetRangeIsOneUndoEntryByteForByte)
{
    auto d = test::documentWith(fortyFrameRig());
    auto set = cmd::makeSetClipRangeCommand(d.get(), 0, framesRange(10, 60));
    ASSERT_TRUE(set);
    EXPECT_EQ(set->text(), "Set Frame Range");
    test::expectDoUndoRedo(*d, set.release());
    const anim::Clip& clip = d->rig().clips[0];
    ASSERT_TRUE(clip.range);
    EXPECT_EQ(*clip.range, framesRange(10, 60));
    EXPECT_EQ(clip.duration, frameTime(60));  // longer than its keys (40)

    // A key past the range's end leaves the length alone; undo, byte for byte.
    auto key = test::insertKeyCommand(*d, 0, 0, doc::ChannelKind::Rotation, frameTime(70), {0.f, 0.f, 0.f, 1.f},
                                      anim::Interpolation::Linear);
    ASSERT_TRUE(key);
    test::expectDoUndoRedo(*d, key.release());
    EXPECT_EQ(d->rig().clips[0].duration, frameTime(60));
    EXPECT_EQ(d->rig().clips[0].lastKeyTime(), frameTime(70));

    // "Follow the keys" clears it: the length is the last key's again.
    auto follow = cmd::makeSetClipRangeCommand(d.get(), 0, std::nullopt);
    ASSERT_TRUE(follow);
    EXPECT_EQ(follow->text(), "Clear Frame Range");
    test::expectDoUndoRedo(*d, follow.release());
    EXPECT_FALSE(d->rig().clips[0].range);
    EXPECT_EQ(d->rig().clips[0].duration, frameTime(70));
}

TEST(ClipRange, AShorterRangeAndItsClearingOnAClipWithoutKeys)
{
    auto d = test::documentWith(fortyFrameRig());
    test::expectDoUndoRedo(*d, cmd::makeSetClipRangeCommand(d.get(), 0, framesRange(0, 20)).release());
    EXPECT_EQ(d->rig().clips[0].duration, frameTime(20));  // shorter than its keys: they stay
    EXPECT_EQ(d->rig().clips[0].lastKeyTime(), frameTime(40));

    // A new clip without keys is a second long; its range and the range's
    // clearing give that second back on undo.
    anim::Clip empty;
    empty.name = "empty";
    empty.duration = 1.f;
    ASSERT_TRUE(d->addClip(2, empty));
    d->undoStack()->clear();
    test::expectDoUndoRedo(*d, cmd::makeSetClipRangeCommand(d.get(), 2, framesRange(0, 90)).release());
    test::expectDoUndoRedo(*d, cmd::makeSetClipRangeCommand(d.get(), 2, std::nullopt).release());
    EXPECT_EQ(d->rig().clips[2].duration, frameTime(90));  // no keys: the room the range gave
    d->undoStack()->undo();
    d->undoStack()->undo();
    EXPECT_EQ(d->rig().clips[2].duration, 1.f);
}

TEST(ClipRange, NothingToChangeOrNoRangeMakesNoEntry)
{
    auto d = test::documentWith(fortyFrameRig());
    EXPECT_FALSE(cmd::makeSetClipRangeCommand(d.get(), 0, framesRange(20, 10)));
    EXPECT_FALSE(cmd::makeSetClipRangeCommand(d.get(), 0, anim::ClipRange{-1.f, 1.f}));
    EXPECT_FALSE(cmd::makeSetClipRangeCommand(d.get(), 7, framesRange(0, 10)));
    auto same = cmd::makeSetClipRangeCommand(d.get(), 0, std::nullopt);  // it follows its keys already
    ASSERT_TRUE(same);
    EXPECT_TRUE(same->isObsolete());
    // The document refuses a length that is not the range's end.
    EXPECT_FALSE(d->setClipRange(0, framesRange(0, 10), frameTime(11)));
    EXPECT_FALSE(d->setClipRange(0, std::nullopt, -1.f));
    EXPECT_FALSE(d->rig().clips[0].range);
}

TEST(ClipRange, SavedOpenedAndSavedAgainByteForByte)
{
    auto d = test::documentWith(fortyFrameRig());
    const std::string without = test::bytesOf(*d);
    EXPECT_EQ(without.find("RNGE"), std::string::npos) << "a document without ranges keeps its bytes";
    d->undoStack()->push(cmd::makeSetClipRangeCommand(d.get(), 1, framesRange(12, 48)).release());
    const std::string saved = test::bytesOf(*d);
    EXPECT_NE(saved.find("RNGE"), std::string::npos);

    model::Rig opened;
    std::string error;
    doc::DocumentExtras extras;
    ASSERT_TRUE(doc::decodeDocument(saved, opened, error, &extras)) << error;
    ASSERT_TRUE(opened.clips[1].range);
    EXPECT_EQ(*opened.clips[1].range, framesRange(12, 48));
    EXPECT_EQ(opened.clips[1].duration, frameTime(48));
    EXPECT_FALSE(opened.clips[0].range);
    EXPECT_EQ(opened, d->rig());
    auto reopened = std::make_unique<doc::Document>();
    ASSERT_FALSE(reopened->replaceRig(opened, extras));
    EXPECT_TRUE(test::bytesOf(*reopened) == saved) << "open -> save changed the bytes";
}

TEST(ClipRange, ABrokenRangeSectionIsRefused)
{
    auto d = test::documentWith(fortyFrameRig());
    d->undoStack()->push(cmd::makeSetClipRangeCommand(d.get(), 0, framesRange(0, 50)).release());
    model::Rig rig = d->rig();
    rig.clips[0].range = anim::ClipRange{frameTime(30), frameTime(20)};  // what no build writes
    rig.clips[0].duration = frameTime(20);
    const std::string bytes = doc::encodeDocument(rig, {});
    model::Rig opened;
    std::string error;
    EXPECT_FALSE(doc::decodeDocument(bytes, opened, error));
    EXPECT_NE(error.find("frame range"), std::string::npos) << error;
}

// --- The transport over a range, and steps past the end -----------------------

TEST(ClipRange, PlaybackLoopsOverTheRangeAndStepsGoAnywhereWhenStopped)
{
    test::Workspace w;
    ASSERT_TRUE(w.document->replaceRig(fortyFrameRig()) == std::nullopt);
    w.playback.setFps(kFps);
    w.document->undoStack()->push(cmd::makeSetClipRangeCommand(w.document.get(), 0, framesRange(10, 30)).release());
    EXPECT_EQ(w.playback.firstFrame(), 10);
    EXPECT_EQ(w.playback.lastFrame(), 30);
    EXPECT_TRUE(w.playback.isRangeManual());

    // Play from outside the range starts at its start; the loop wraps there.
    w.playback.setTime(0.0);
    w.playback.play();
    EXPECT_EQ(w.playback.frame(), 10);
    w.playback.advance(19.0 / kFps);
    EXPECT_EQ(w.playback.frame(), 29);
    w.playback.advance(3.0 / kFps);
    EXPECT_EQ(w.playback.frame(), 12);
    w.playback.stepBackward();
    w.playback.stepBackward();
    w.playback.stepBackward();  // playing: wraps to the range's end
    EXPECT_EQ(w.playback.frame(), 30);
    w.playback.pause();
    w.playback.jumpToStart();
    EXPECT_EQ(w.playback.frame(), 10);

    // Stopped, steps leave the range either way and go past the timeline's
    // end; a refit of the timeline does not pull the playhead back.
    w.playback.setScrubEnd(frameTime(32));
    w.playback.jumpToEnd();
    for (int i = 0; i < 5; ++i)
        w.playback.stepForward();
    EXPECT_EQ(w.playback.frame(), 35);
    w.playback.setScrubEnd(frameTime(31));
    EXPECT_EQ(w.playback.frame(), 35);
    w.playback.stepBackward();
    EXPECT_EQ(w.playback.frame(), 34);

    // Undo: no range, the transport back to the keys' 40 frames from 0.
    w.document->undoStack()->undo();
    EXPECT_EQ(w.playback.firstFrame(), 0);
    EXPECT_EQ(w.playback.lastFrame(), 40);
    EXPECT_FALSE(w.playback.isRangeManual());
}
