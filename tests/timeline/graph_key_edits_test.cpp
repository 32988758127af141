// SPDX-License-Identifier: MIT
// The graph view's key edits on track copies (Qt-free): a move retimes the
// selected keys of each channel (and nudges the grabbed component, a
// quaternion's renormalised),
// the selection follows, moves stop at time 0, and a handle drag sets one
// component's slopes as the key's handle type says.
#include "widgets/timeline/graph/graph_key_edits.h"
#include "widgets/timeline/graph/quat_component.h"

#include <gtest/gtest.h>

namespace marrow::test {
namespace {

using doc::ChannelKind;
using doc::KeyId;

anim::JointTrack track()
{
    anim::JointTrack t;
    t.joint = 2;
    t.translation.times = {0.f, 0.5f, 1.f};
    t.translation.values = {{0, 0, 0}, {1, 2, 3}, {0, 0, 0}};
    t.rotation.times = {0.f, 0.5f, 1.f};
    t.rotation.values = {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)};
    return t;
}

TEST(GraphKeyEdits, MoveRetimesOnlyTheSelectedKeys)
{
    anim::JointTrack t = track();
    const std::set<KeyId> keys{{2, ChannelKind::Translation, 0.5f}, {7, ChannelKind::Rotation, 0.5f}};
    ui::graph::KeyMove move;
    move.dt = 0.25;
    move.component = 1;
    move.valueKind = ChannelKind::Translation;
    move.dv = 0.5;
    ui::graph::applyKeyMove(t, 2, keys, move);
    EXPECT_EQ(t.translation.times, (std::vector<float>{0.f, 0.75f, 1.f}));
    EXPECT_EQ(t.translation.values[1], glm::vec3(1, 2.5f, 3)) << "only the grabbed component moves in value";
    EXPECT_EQ(t.rotation.times, (std::vector<float>{0.f, 0.5f, 1.f})) << "joint 7's key is another joint's";

    EXPECT_EQ(ui::graph::movedKeys(keys, move),
              (std::set<KeyId>{{2, ChannelKind::Translation, 0.75f}, {7, ChannelKind::Rotation, 0.75f}}));
}

TEST(GraphKeyEdits, AQuaternionComponentMovesAndTheKeyStaysUnit)
{
    anim::JointTrack t = track();
    ui::graph::KeyMove move;
    move.dt = -0.25;
    move.component = 0;  // x
    move.valueKind = ChannelKind::Rotation;
    move.dv = 0.6;
    ui::graph::applyKeyMove(t, 2, {{2, ChannelKind::Rotation, 1.f}}, move);
    EXPECT_EQ(t.rotation.times, (std::vector<float>{0.f, 0.5f, 0.75f}));
    EXPECT_FLOAT_EQ(t.rotation.values[2].x, 0.6f) << "the grabbed component lands where dropped";
    EXPECT_FLOAT_EQ(t.rotation.values[2].w, 0.8f) << "the others take up the rest";
    EXPECT_EQ(t.rotation.values[0], track().rotation.values[0]);
    // Past the bound it stops at 1; the others that are zero stay so.
    move.dv = 5.0;
    move.dt = 0.0;
    anim::JointTrack u = track();
    ui::graph::applyKeyMove(u, 2, {{2, ChannelKind::Rotation, 0.5f}}, move);
    EXPECT_EQ(u.rotation.values[1], glm::quat(0.f, 1.f, 0.f, 0.f));
}

TEST(GraphKeyEdits, QuaternionComponentEditsRenormalise)
{
    const glm::quat q = glm::normalize(glm::quat(0.5f, 0.5f, -0.5f, 0.2f));
    const glm::quat w = ui::graph::withComponent(q, 3, 0.1);
    EXPECT_FLOAT_EQ(w.w, 0.1f);
    EXPECT_NEAR(glm::length(w), 1.0, 1e-6);
    EXPECT_NEAR(w.x / w.y, q.x / q.y, 1e-5) << "the others keep their direction";
    EXPECT_EQ(ui::graph::withComponent(glm::quat(1.f, 0.f, 0.f, 0.f), 3, 0.5), glm::quat(1.f, 0.f, 0.f, 0.f))
        << "nothing to take up the rest: only normalised";
}

TEST(GraphKeyEdits, MovesStopAtTimeZero)
{
    const std::set<KeyId> keys{{0, ChannelKind::Scale, 0.25f}, {1, ChannelKind::Scale, 0.75f}};
    EXPECT_EQ(ui::graph::clampMoveToZero(keys, -1.0), -0.25);
    EXPECT_EQ(ui::graph::clampMoveToZero(keys, -0.125), -0.125);
    EXPECT_EQ(ui::graph::clampMoveToZero(keys, 2.0), 2.0);
    EXPECT_EQ(ui::graph::clampMoveToZero({}, -1.0), -1.0);
}

TEST(GraphKeyEdits, HandleDragsFollowTheKeysHandleType)
{
    using ui::graph::HandleSide;
    anim::Vec3Channel c = track().translation;
    c.interpolations.assign(3, anim::Interpolation::CubicSpline);
    c.inTangents = {{1, 1, 1}, {2, 2, 2}, {3, 3, 3}};
    c.outTangents = {{1, 1, 1}, {4, 4, 4}, {3, 3, 3}};
    c.tangentModes = {anim::TangentMode::Flat, anim::TangentMode::Free, anim::TangentMode::Aligned};
    // Free: the dragged side alone.
    ui::graph::setHandleSlope(c, 1, 2, HandleSide::Out, -1.5f);
    EXPECT_EQ(c.inTangents[1], glm::vec3(2, 2, 2));
    EXPECT_EQ(c.outTangents[1], glm::vec3(4, 4, -1.5f));
    EXPECT_EQ(c.tangentMode(1), anim::TangentMode::Free);
    // Aligned: the other side takes the same slope.
    ui::graph::setHandleSlope(c, 2, 0, HandleSide::In, 7.f);
    EXPECT_EQ(c.inTangents[2], glm::vec3(7, 3, 3));
    EXPECT_EQ(c.outTangents[2], glm::vec3(7, 3, 3));
    EXPECT_EQ(c.tangentMode(2), anim::TangentMode::Aligned);
    // Any other type becomes Aligned.
    ui::graph::setHandleSlope(c, 0, 1, HandleSide::Out, 0.5f);
    EXPECT_EQ(c.inTangents[0].y, 0.5f);
    EXPECT_EQ(c.outTangents[0].y, 0.5f);
    EXPECT_EQ(c.tangentMode(0), anim::TangentMode::Aligned);
    EXPECT_EQ(ui::graph::keyIndexAt(c, 1.f), 2u);
    EXPECT_EQ(ui::graph::keyIndexAt(c, 0.3f), 3u) << "no key there: size()";
}

} // namespace
} // namespace marrow::test
