// SPDX-License-Identifier: MIT
// The camera stays where the user put it through rig edits (issue 36): the
// front orthographic view re-zoomed and shifted after Add Joint, Extrude,
// Undo and the Rest Position toggle, so the next joint placed with the
// mouse landed off target. Only opening a file and Frame All frame.
#include "rig_fixture.h"

#include "app/editor/editor_actions.h"

using namespace marrow;

namespace {

using CameraStaysOnRigEdits = test::RigEditTest;

struct CameraState {
    glm::vec3 target;
    float distance, yaw, pitch, halfHeight;
    bool ortho;
};

CameraState stateOf(const ui::OrbitCamera& c)
{
    return {c.target(), c.distance(), c.yaw(), c.pitch(), c.viewHalfHeight(), c.orthographic()};
}

void expectSame(const CameraState& a, const CameraState& b, const char* after)
{
    EXPECT_EQ(a.target, b.target) << after;
    EXPECT_EQ(a.distance, b.distance) << after;
    EXPECT_EQ(a.yaw, b.yaw) << after;
    EXPECT_EQ(a.pitch, b.pitch) << after;
    EXPECT_EQ(a.halfHeight, b.halfHeight) << after;
    EXPECT_EQ(a.ortho, b.ortho) << after;
}

TEST_F(CameraStaysOnRigEdits, FrontOrthoViewStaysThroughAddExtrudeUndoAndRestPosition)
{
    key(Qt::Key_1, Qt::KeypadModifier);
    ASSERT_TRUE(viewport().camera().orthographic()) << "numpad 1: Front Orthographic";
    // Zoomed and panned away from the framed view, as a user placing joints is.
    viewport().camera().setDistance(viewport().camera().distance() * 0.5f);
    viewport().camera().setTarget(viewport().camera().target() + glm::vec3(0.1f, 0.2f, 0.f));
    const CameraState before = stateOf(viewport().camera());

    key(Qt::Key_Tab);
    ASSERT_TRUE(editing());
    const std::size_t joints = document().rig().skeleton.size();
    window().selection().selectJoint(joint("head"));
    key(Qt::Key_A, Qt::ShiftModifier);
    ASSERT_EQ(document().rig().skeleton.size(), joints + 1) << "Shift+A added a joint";
    expectSame(stateOf(viewport().camera()), before, "Add Joint");
    key(Qt::Key_E);
    key(Qt::Key_Return);
    ASSERT_EQ(document().rig().skeleton.size(), joints + 2) << "E extruded";
    expectSame(stateOf(viewport().camera()), before, "Extrude");
    key(Qt::Key_Z, Qt::ControlModifier);
    ASSERT_EQ(document().rig().skeleton.size(), joints + 1) << "Ctrl+Z undid the extrusion";
    expectSame(stateOf(viewport().camera()), before, "Undo");
    key(Qt::Key_Tab);
    ASSERT_FALSE(editing());
    expectSame(stateOf(viewport().camera()), before, "leaving Edit Skeleton");
    window().actions().restPosition->trigger();
    QApplication::processEvents();
    expectSame(stateOf(viewport().camera()), before, "Rest Position on");
    window().actions().restPosition->trigger();
    QApplication::processEvents();
    expectSame(stateOf(viewport().camera()), before, "Rest Position off");
}

} // namespace
