// SPDX-License-Identifier: MIT
// The every-model matrix, posing and keys (issue 36): on every model, as the
// editor's actions run them: Paste Pose Flipped of the whole pose (flipping
// twice gives the pose back), a key past the clip's end (the clip grows to
// it), G and S on a channel's keys as the dope sheet lands them (G moves each
// key a frame, S keeps keys on frames and evenly spaced keys evenly spaced,
// none lost), and a switch of an animated bone to XYZ Euler (the pose at
// every key unchanged). Each is one undo entry that undoes byte for byte.
#include "real_bench.h"
#include "real_invariants.h"

#include "core/anim/pose_mirror.h"
#include "core/commands/animation_edit.h"
#include "core/commands/key_landing_edit.h"
#include "core/commands/set_rotation_mode_command.h"
#include "core/model/pose_clipboard.h"
#include "core/model/pose_pipeline.h"

#include <glm/gtc/quaternion.hpp>

#include <cmath>
#include <cstdio>

using namespace marrow;

namespace {

class AnimationMatrix : public ::testing::TestWithParam<test::RealModel> {};

float degreesBetween(glm::quat a, glm::quat b)
{
    const glm::quat d = glm::inverse(glm::normalize(a)) * glm::normalize(b);
    return glm::degrees(2.f * std::atan2(glm::length(glm::vec3(d.x, d.y, d.z)), std::abs(d.w)));
}

// The joint with the most rotation keys in `clip` (-1 when none is keyed).
model::JointIndex mostKeyedJoint(const model::Rig& rig, std::size_t clip)
{
    model::JointIndex best = -1;
    std::size_t keys = 1;
    const anim::Clip& c = rig.clips[clip];
    for (const anim::JointTrack& track : c.tracks)
        if (!anim::isEuler(track.rotationMode) && track.rotation.times.size() > keys) {
            best = track.joint;
            keys = track.rotation.times.size();
        }
    return best;
}

bool onFrames(const std::vector<float>& times, double fps)
{
    return std::all_of(times.begin(), times.end(),
                       [fps](float t) { return std::abs(t * fps - std::round(t * fps)) <= 1e-3; });
}

// Keys on frames, an even number of frames apart, all gaps equal.
bool evenGaps(const std::vector<float>& times, double fps)
{
    if (times.size() < 3)
        return false;
    const long gap = std::lround((times[1] - times[0]) * fps);
    for (std::size_t k = 0; k < times.size(); ++k) {
        if (std::abs(times[k] * fps - std::round(times[k] * fps)) > 1e-3)
            return false;
        if (k > 0 && std::lround((times[k] - times[k - 1]) * fps) != gap)
            return false;
    }
    return gap >= 2 && gap % 2 == 0;
}

std::vector<ws::PoseEditor::JointPose> posesOf(const std::vector<model::PastedJoint>& pasted)
{
    std::vector<ws::PoseEditor::JointPose> poses;
    for (const model::PastedJoint& p : pasted)
        poses.push_back({p.joint, p.local});
    return poses;
}

// Selects every joint, copies the pose shown and pastes it flipped (Ctrl+Shift+V).
void pasteWholePoseFlipped(test::RealBench& b)
{
    const model::Rig& rig = b.rig();
    std::vector<anim::JointIndex> all(rig.skeleton.size());
    for (std::size_t j = 0; j < all.size(); ++j)
        all[j] = static_cast<anim::JointIndex>(j);
    const model::PoseClipboard clip = model::copyPose(rig.skeleton, b.evaluator.locals(), all);
    const auto pasted = model::pasteFlipped(rig.skeleton, model::rigPoseMirror(rig), clip);
    b.poses.applyPoses(posesOf(pasted), b.document.beginInteraction(), QStringLiteral("Paste Pose Flipped"));
}

} // namespace

TEST_P(AnimationMatrix, FlipKeyPastTheEndRetimeAndRotationModeUndoExactly)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    doc::Document& d = b.document;
    const std::string opened = test::bytesOf(d);
    const int base = d.undoStack()->index();
    const model::Rig& rig = b.rig();
    const bool clips = !rig.clips.empty();
    if (clips) {
        b.selection.setActiveClip(0);
        b.playback.setDuration(rig.clips[0].duration);
        b.playback.setTime(std::round(.4 * rig.clips[0].duration * b.fps()) / b.fps());
    }

    // Paste Pose Flipped, twice: the pose shown comes back.
    {
        const std::string what = b.label + ": Paste Pose Flipped";
        const std::vector<math::Transform> shown(b.evaluator.locals().begin(), b.evaluator.locals().end());
        const float size = std::max(1e-3f, [&] {
            float s = 0.f;
            for (const math::Transform& t : shown)
                s = std::max(s, glm::length(t.translation));
            return s;
        }());
        test::expectOneUndoEntry(d, [&] { pasteWholePoseFlipped(b); }, what);
        test::expectOneUndoEntry(d, [&] { pasteWholePoseFlipped(b); }, what + " twice");
        const auto twice = b.evaluator.locals();
        ASSERT_EQ(twice.size(), shown.size()) << what;
        float worstDegrees = 0.f, worstDistance = 0.f;
        for (std::size_t j = 0; j < shown.size(); ++j) {
            worstDegrees = std::max(worstDegrees, degreesBetween(twice[j].rotation, shown[j].rotation));
            worstDistance = std::max(worstDistance, glm::distance(twice[j].translation, shown[j].translation) / size);
        }
        EXPECT_LT(worstDegrees, 2e-3f) << what << ": flipping twice turns a bone";
        EXPECT_LT(worstDistance, 1e-5f) << what << ": flipping twice moves a bone";
        test::undoTo(d, base, opened, what);
    }
    if (!clips)
        return;

    // A key past the end: the clip grows to hold it.
    const model::JointIndex joint = mostKeyedJoint(rig, 0);
    {
        const std::string what = b.label + ": Insert Key past the end";
        const double end = rig.clips[0].duration;
        const double at = std::ceil((end + .5) * b.fps()) / b.fps();
        b.playback.setScrubEnd(at + 1.0);
        b.playback.setTime(at);
        const model::JointIndex keyed = joint >= 0 ? joint : 0;
        b.selection.selectJoint(keyed);
        test::expectOneUndoEntry(
            d, [&] { EXPECT_TRUE(b.poses.insertKeys({keyed}, anim::kRotationBit)) << what; }, what);
        EXPECT_NEAR(b.rig().clips[0].duration, at, 1e-5) << what << ": the clip ends at its last key (was " << end << " at " << b.fps() << " fps)";
        test::undoTo(d, base, opened, what);
        EXPECT_EQ(b.rig().clips[0].duration, static_cast<float>(end)) << what;
    }
    if (joint < 0)
        return;  // no bone keyed enough to retime

    // G one frame later, then S 0.5 about the first key (the dope sheet's keys).
    const anim::QuatChannel channel = rig.clips[0].findTrack(joint)->rotation;
    std::set<doc::KeyId> keys;
    for (const float t : channel.times)
        keys.insert({joint, doc::ChannelKind::Rotation, t});
    const std::size_t count = keys.size();
    const float first = channel.times.front();
    for (const bool scale : {false, true}) {
        const std::string what = b.label + (scale ? ": S 0.5 on keys" : ": G on keys");
        test::expectOneUndoEntry(
            d,
            [&] {
                // As the dope sheet's G and S land them (KeyDragController::map: on frames).
                const double fps = b.fps();
                const auto map = [&](float t) {
                    // G moves by whole frames (a key between frames stays between them); S snaps.
                    if (!scale)
                        return static_cast<float>(t + 1.0 / fps);
                    return static_cast<float>(std::max(0.0, std::round((first + (t - first) * .5) * fps) / fps));
                };
                cmd::AnimationEdit edit(d, 0);
                cmd::landSelectedKeys(edit, keys, map, fps);
                if (auto command = edit.command(&d, QString::fromStdString(what)))
                    d.undoStack()->push(command.release());
            },
            what);
        const anim::QuatChannel& after = b.rig().clips[0].findTrack(joint)->rotation;
        EXPECT_EQ(after.times.size(), count) << what << ": every selected key lands on a frame of its own";
        if (scale && evenGaps(channel.times, b.fps())) {
            EXPECT_TRUE(evenGaps(after.times, b.fps()))
                << what << ": keys evenly spaced by an even number of frames stay evenly spaced";
        }
        if (!scale) {
            for (std::size_t k = 0; k < after.times.size() && k < count; ++k)
                EXPECT_NEAR(after.times[k], channel.times[k] + 1.0 / b.fps(), 1e-4) << what << ": key " << k << " moved wrong";
        } else if (onFrames(channel.times, b.fps())) {
            for (const float t : after.times)
                EXPECT_NEAR(t * b.fps(), std::round(t * b.fps()), 1e-3) << what << ": a key off the frames at " << t;
        }
        EXPECT_TRUE(std::is_sorted(after.times.begin(), after.times.end())) << what;
        test::undoTo(d, base, opened, what);
    }

    // The bone to XYZ Euler: the pose at every key is the same.
    {
        const std::string what = b.label + ": Rotation Mode XYZ Euler";
        model::PosePipeline pipeline(rig);
        std::vector<glm::quat> want;
        for (const float t : channel.times) {
            ASSERT_TRUE(pipeline.evaluate({.clip = 0, .time = t})) << what;
            want.push_back(pipeline.locals()[static_cast<std::size_t>(joint)].rotation);
        }
        test::expectOneUndoEntry(
            d, [&] { d.undoStack()->push(new cmd::SetRotationModeCommand(&d, joint, anim::RotationMode::EulerXYZ)); },
            what);
        model::PosePipeline converted(b.rig());
        for (std::size_t k = 0; k < want.size(); ++k) {
            ASSERT_TRUE(converted.evaluate({.clip = 0, .time = channel.times[k]})) << what;
            EXPECT_LT(degreesBetween(converted.locals()[static_cast<std::size_t>(joint)].rotation, want[k]), 1e-2f)
                << what << " at key " << k;
        }
        test::undoTo(d, base, opened, what);
    }
    std::printf("[real animation] %-60s joint %s, %zu keys\n", b.label.c_str(),
                rig.skeleton.names[static_cast<std::size_t>(joint)].c_str(), count);
}

INSTANTIATE_TEST_SUITE_P(Real, AnimationMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
