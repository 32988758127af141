// SPDX-License-Identifier: MIT
// The key edit helper (core/commands/key_edit.h) through AnimationEdit's
// command: move (overwriting an unselected key), scale, delete, paste,
// duplicate, interpolation and tangent mode, each do/undo/redo byte-exact,
// and each returning the keys as they stand afterwards.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/key_edit.h"

#include <QUndoCommand>

using namespace marrow;
using anim::Interpolation;
using doc::ChannelKind;
using doc::KeyId;

namespace {

constexpr model::JointIndex kShoulder = 0;
constexpr model::JointIndex kEditElbow = 1;

// "bend" gets an elbow translation keyed at 0, 0.25, 0.5 and 1 (x = 1, 2, 3, 4)
// and a shoulder rotation keyed at 0, 0.5 and 1.
model::Rig editRig()
{
    model::Rig r = test::fourVertexSkinRig();
    anim::Clip& bend = r.clips[0];
    bend.tracks[0].translation =
        test::vec3Channel({0.f, 0.25f, 0.5f, 1.f}, {{1.f, 0.f, 0.f}, {2.f, 0.f, 0.f}, {3.f, 0.f, 0.f}, {4.f, 0.f, 0.f}});
    anim::JointTrack shoulder;
    shoulder.joint = kShoulder;
    shoulder.rotation = test::quatChannel({0.f, 0.5f, 1.f}, {glm::quat(1.f, 0.f, 0.f, 0.f),
                                                              test::axisAngle({1.f, 0.f, 0.f}, 30.f),
                                                              test::axisAngle({1.f, 0.f, 0.f}, 60.f)});
    bend.tracks.push_back(shoulder);
    return r;
}

const anim::JointTrack& track(const doc::Document& d, model::JointIndex joint)
{
    return *d.rig().clips[0].findTrack(joint);
}

KeyId elbowT(float t) { return KeyId{kEditElbow, ChannelKind::Translation, t}; }

// Pushes the edit's command through expectDoUndoRedo and checks its text.
void pushEdit(doc::Document& d, const cmd::AnimationEdit& edit, const char* text)
{
    auto command = edit.command(&d, QString::fromLatin1(text));
    ASSERT_NE(command, nullptr);
    test::expectDoUndoRedo(d, command.release());
    EXPECT_EQ(d.undoStack()->undoText(), QString::fromLatin1(text));
}

std::vector<float> xs(const anim::Vec3Channel& c)
{
    std::vector<float> out;
    for (const glm::vec3& v : c.values)
        out.push_back(v.x);
    return out;
}

} // namespace

TEST(KeyEdit, MoveOverwritesTheUnselectedKeyItLandsOnAndUndoBringsItBack)
{
    auto d = test::documentWith(editRig());
    cmd::AnimationEdit edit(*d, 0);
    const auto moved = cmd::moveKeys(edit, {elbowT(0.f), elbowT(0.25f)}, 0.25f);
    EXPECT_EQ(moved, (std::set<KeyId>{elbowT(0.25f), elbowT(0.5f)}));
    pushEdit(*d, edit, "Move Keys");
    const anim::Vec3Channel& t = track(*d, kEditElbow).translation;
    EXPECT_EQ(t.times, (std::vector<float>{0.25f, 0.5f, 1.f}));
    EXPECT_EQ(xs(t), (std::vector<float>{1.f, 2.f, 4.f})) << "the key at 0.5 (x = 3) was replaced";
    d->undoStack()->undo();
    EXPECT_EQ(xs(track(*d, kEditElbow).translation), (std::vector<float>{1.f, 2.f, 3.f, 4.f}));
}

TEST(KeyEdit, MoveStopsTheEarliestKeyAtZero)
{
    auto d = test::documentWith(editRig());
    cmd::AnimationEdit edit(*d, 0);
    const auto moved = cmd::moveKeys(edit, {elbowT(0.25f), elbowT(0.5f)}, -1.f);
    EXPECT_EQ(moved, (std::set<KeyId>{elbowT(0.f), elbowT(0.25f)}));
    pushEdit(*d, edit, "Move Keys");
    EXPECT_EQ(track(*d, kEditElbow).translation.times, (std::vector<float>{0.f, 0.25f, 1.f}));
    EXPECT_EQ(xs(track(*d, kEditElbow).translation), (std::vector<float>{2.f, 3.f, 4.f}));
}

TEST(KeyEdit, ScaleAboutAPivotAndTheClipGrows)
{
    auto d = test::documentWith(editRig());
    cmd::AnimationEdit edit(*d, 0);
    const auto scaled = cmd::scaleKeys(edit, {elbowT(0.5f), elbowT(1.f)}, 0.5f, 2.f);
    EXPECT_EQ(scaled, (std::set<KeyId>{elbowT(0.5f), elbowT(1.5f)}));
    pushEdit(*d, edit, "Scale Keys");
    EXPECT_EQ(track(*d, kEditElbow).translation.times, (std::vector<float>{0.f, 0.25f, 0.5f, 1.5f}));
    EXPECT_FLOAT_EQ(d->rig().clips[0].duration, 1.5f) << "the duration follows the last key";
}

TEST(KeyEdit, DeleteAcrossJointsAndChannels)
{
    auto d = test::documentWith(editRig());
    cmd::AnimationEdit edit(*d, 0);
    cmd::deleteKeys(edit, {elbowT(0.f), KeyId{kShoulder, ChannelKind::Rotation, 0.5f}, elbowT(0.7f)});
    pushEdit(*d, edit, "Delete Keys");
    EXPECT_EQ(track(*d, kEditElbow).translation.times, (std::vector<float>{0.25f, 0.5f, 1.f}));
    EXPECT_EQ(track(*d, kShoulder).rotation.times, (std::vector<float>{0.f, 1.f}));
}

TEST(KeyEdit, KeysThatDoNotExistMakeNoCommand)
{
    auto d = test::documentWith(editRig());
    cmd::AnimationEdit edit(*d, 0);
    cmd::deleteKeys(edit, {elbowT(0.7f), KeyId{kShoulder, ChannelKind::Scale, 0.f}});
    EXPECT_TRUE(cmd::moveKeys(edit, {elbowT(0.3f)}, 0.1f).empty());
    EXPECT_EQ(edit.command(d.get(), QStringLiteral("Delete Keys")), nullptr);
}

TEST(KeyEdit, PasteLandsTheEarliestCopyOnTheTimeAndKeepsModes)
{
    auto d = test::documentWith(editRig());
    // A Step key among the copies: pasting keeps its mode.
    {
        cmd::AnimationEdit edit(*d, 0);
        cmd::setKeysInterpolation(edit, {elbowT(0.25f)}, Interpolation::Step);
        pushEdit(*d, edit, "Set Interpolation");
    }
    const cmd::KeyClipboard clipboard =
        cmd::copyKeys(d->rig().clips[0], {elbowT(0.25f), elbowT(0.5f), KeyId{kShoulder, ChannelKind::Rotation, 0.5f}});
    ASSERT_EQ(clipboard.entries.size(), 2u);
    cmd::AnimationEdit edit(*d, 0);
    const auto pasted = cmd::pasteKeys(edit, clipboard, 0.75f);
    // The shoulder's copy was 0.25 s after the earliest copy: it lands on the key at 1 and replaces it.
    EXPECT_EQ(pasted, (std::set<KeyId>{elbowT(0.75f), elbowT(1.f), KeyId{kShoulder, ChannelKind::Rotation, 1.f}}));
    pushEdit(*d, edit, "Paste Keys");
    const anim::Vec3Channel& t = track(*d, kEditElbow).translation;
    EXPECT_EQ(t.times, (std::vector<float>{0.f, 0.25f, 0.5f, 0.75f, 1.f}));
    EXPECT_EQ(xs(t), (std::vector<float>{1.f, 2.f, 3.f, 2.f, 3.f})) << "the key at 1 took the copy's value";
    EXPECT_EQ(t.segment(3), Interpolation::Step);
    EXPECT_EQ(t.segment(4), Interpolation::Linear);
    const anim::QuatChannel& r = track(*d, kShoulder).rotation;
    EXPECT_EQ(r.times, (std::vector<float>{0.f, 0.5f, 1.f}));
    EXPECT_EQ(r.values[2], r.values[1]) << "30 degrees pasted over 60";
}

TEST(KeyEdit, DuplicateLeavesTheOriginals)
{
    auto d = test::documentWith(editRig());
    cmd::AnimationEdit edit(*d, 0);
    const auto copies = cmd::duplicateKeys(edit, {elbowT(0.f), elbowT(0.25f)}, [](float t) { return t + 2.f; });
    EXPECT_EQ(copies, (std::set<KeyId>{elbowT(2.f), elbowT(2.25f)}));
    pushEdit(*d, edit, "Duplicate Keys");
    EXPECT_EQ(track(*d, kEditElbow).translation.times, (std::vector<float>{0.f, 0.25f, 0.5f, 1.f, 2.f, 2.25f}));
    EXPECT_EQ(xs(track(*d, kEditElbow).translation), (std::vector<float>{1.f, 2.f, 3.f, 4.f, 1.f, 2.f}));
}

TEST(KeyEdit, SetInterpolationOnlyOnTheSelectedKeys)
{
    auto d = test::documentWith(editRig());
    cmd::AnimationEdit edit(*d, 0);
    cmd::setKeysInterpolation(edit, {elbowT(0.25f), KeyId{kShoulder, ChannelKind::Rotation, 0.f}},
                              Interpolation::CubicSpline);
    pushEdit(*d, edit, "Set Interpolation");
    const anim::Vec3Channel& t = track(*d, kEditElbow).translation;
    EXPECT_EQ(t.segment(0), Interpolation::Linear);
    EXPECT_EQ(t.segment(1), Interpolation::CubicSpline);
    EXPECT_EQ(t.segment(2), Interpolation::Linear);
    EXPECT_EQ(t.inTangents.size(), 4u) << "a cubic key brings tangent arrays";
    EXPECT_EQ(track(*d, kShoulder).rotation.segment(0), Interpolation::CubicSpline);
}

TEST(KeyEdit, SetTangentModeFlatZeroesTheSlopes)
{
    auto d = test::documentWith(editRig());
    {
        cmd::AnimationEdit edit(*d, 0);
        cmd::setKeysInterpolation(edit, {elbowT(0.f), elbowT(0.25f), elbowT(0.5f), elbowT(1.f)},
                                  Interpolation::CubicSpline);
        cmd::setKeysTangentMode(edit, {elbowT(0.f), elbowT(0.25f), elbowT(0.5f), elbowT(1.f)},
                                anim::TangentMode::AutoClamped);
        pushEdit(*d, edit, "Set Interpolation");
    }
    cmd::AnimationEdit edit(*d, 0);
    cmd::setKeysTangentMode(edit, {elbowT(0.25f)}, anim::TangentMode::Flat);
    pushEdit(*d, edit, "Set Tangent Mode");
    const anim::Vec3Channel& t = track(*d, kEditElbow).translation;
    EXPECT_EQ(t.tangentMode(1), anim::TangentMode::Flat);
    EXPECT_EQ(t.tangentMode(2), anim::TangentMode::AutoClamped);
    EXPECT_EQ(t.inTangents[1], glm::vec3(0.f));
    EXPECT_EQ(t.outTangents[1], glm::vec3(0.f));
    EXPECT_NE(t.outTangents[2], glm::vec3(0.f)) << "an auto-clamped neighbour on a slope keeps a slope";
}
