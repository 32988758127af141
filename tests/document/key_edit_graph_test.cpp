// SPDX-License-Identifier: MIT
// The graph view's key edits through cmd::key_edit: a move that also shifts
// the grabbed component (converted per track, as the graph's Euler degrees
// are), only on the keys of that channel; moves stop at time 0; a handle
// drag's slope; each one command, undo and redo byte-exact.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/key_edit.h"

#include <QUndoCommand>

using namespace marrow;
using doc::ChannelKind;
using doc::KeyId;

namespace {

constexpr model::JointIndex kElbow = 1;

// "bend" gets an elbow translation keyed at 0, 0.5, 1 (y = 0, 2, 0).
model::Rig rig()
{
    model::Rig r = test::fourVertexSkinRig();
    r.clips[0].tracks[0].translation =
        test::vec3Channel({0.f, 0.5f, 1.f}, {{0.f, 0.f, 0.f}, {1.f, 2.f, 3.f}, {0.f, 0.f, 0.f}});
    return r;
}

const anim::JointTrack& elbow(const doc::Document& d) { return *d.rig().clips[0].findTrack(kElbow); }

void push(doc::Document& d, const cmd::AnimationEdit& edit)
{
    auto command = edit.command(&d, QStringLiteral("Move Keys"));
    ASSERT_NE(command, nullptr);
    test::expectDoUndoRedo(d, command.release());
}

} // namespace

TEST(KeyEditGraph, MoveShiftsTheGrabbedComponentOfItsChannelOnly)
{
    auto d = test::documentWith(rig());
    const glm::quat bent = elbow(*d).rotation.values[1];
    cmd::AnimationEdit edit(*d, 0);
    cmd::ValueShift shift;
    shift.kind = ChannelKind::Translation;
    shift.component = 1;
    shift.delta = [](const anim::JointTrack& track) { return track.joint == kElbow ? 0.25 : 99.0; };
    const auto moved = cmd::moveKeys(edit,
                                     {{kElbow, ChannelKind::Translation, 0.5f}, {kElbow, ChannelKind::Rotation, 1.f}},
                                     0.25f, shift);
    EXPECT_EQ(moved, (std::set<KeyId>{{kElbow, ChannelKind::Translation, 0.75f}, {kElbow, ChannelKind::Rotation, 1.25f}}));
    push(*d, edit);
    const anim::Vec3Channel& t = elbow(*d).translation;
    EXPECT_EQ(t.times, (std::vector<float>{0.f, 0.75f, 1.f}));
    EXPECT_EQ(t.values[1], glm::vec3(1.f, 2.25f, 3.f)) << "only the grabbed component moves in value";
    EXPECT_EQ(elbow(*d).rotation.times, (std::vector<float>{0.f, 1.25f}));
    EXPECT_EQ(elbow(*d).rotation.values[1], bent) << "the rotation key moved in time alone";
}

TEST(KeyEditGraph, MovesStopAtTimeZero)
{
    const std::set<KeyId> keys{{0, ChannelKind::Scale, 0.25f}, {1, ChannelKind::Scale, 0.75f}};
    EXPECT_EQ(cmd::clampMoveDelta(keys, -1.f), -0.25f);
    EXPECT_EQ(cmd::clampMoveDelta(keys, -0.125f), -0.125f);
    EXPECT_EQ(cmd::clampMoveDelta(keys, 2.f), 2.f);
    EXPECT_EQ(cmd::clampMoveDelta({}, -1.f), -1.f);
}

TEST(KeyEditGraph, HandleSlopeIsOneUndoableEdit)
{
    model::Rig r = rig();
    anim::Vec3Channel& c = r.clips[0].tracks[0].translation;
    c.interpolations.assign(3, anim::Interpolation::CubicSpline);
    c.inTangents.assign(3, glm::vec3(1.f));
    c.outTangents.assign(3, glm::vec3(1.f));
    c.tangentModes.assign(3, anim::TangentMode::Free);
    auto d = test::documentWith(r);
    cmd::AnimationEdit edit(*d, 0);
    cmd::setKeyHandleSlope(edit, {kElbow, ChannelKind::Translation, 0.5f}, 2, anim::HandleSide::In, -3.f);
    cmd::setKeyHandleSlope(edit, {kElbow, ChannelKind::Translation, 0.3f}, 2, anim::HandleSide::In, 9.f);  // no key
    push(*d, edit);
    EXPECT_EQ(elbow(*d).translation.inTangents[1], glm::vec3(1.f, 1.f, -3.f));
    EXPECT_EQ(elbow(*d).translation.outTangents[1], glm::vec3(1.f)) << "a Free key's other side stays";
    EXPECT_EQ(elbow(*d).translation.inTangents[0], glm::vec3(1.f));
}
