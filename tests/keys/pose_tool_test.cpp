// SPDX-License-Identifier: MIT
// Posing in the real window (label keys): R Z 9 0 Enter turns a bone 90
// degrees about Z in one undo entry, Esc restores exactly, an Auto IK grab
// puts the hand on its target with the bone lengths kept, a gizmo ring drag
// turns about its axis, and paste flipped mirrors a pose onto the other side.
#include "app/editor/pose_mode.h"
#include "core/model/pose_clipboard.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "tests/document/document_fixture.h"
#include "tests/editor/editor_fixture.h"
#include "glm_expect.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QSpinBox>
#include <QUndoStack>

#include <glm/gtc/quaternion.hpp>

namespace marrow::test {
namespace {

class PoseToolTest : public EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        if (HasFatalFailure())
            return;
        ui::ToolManager& tools = viewport().tools();
        for (ui::ViewportTool* tool : tools.tools())
            if (auto* pose = qobject_cast<ui::PoseTool*>(tool))
                m_tool = pose;
        ASSERT_TRUE(m_tool) << "no Pose tool";
        ASSERT_TRUE(tools.setActiveTool(m_tool));
        viewport().setFocus();
        QApplication::processEvents();
    }

    ui::ViewportWidget& viewport() { return window().viewport(); }
    QUndoStack& stack() { return *window().document().undoStack(); }
    anim::JointIndex joint(const char* name)
    {
        const auto j = window().document().rig().skeleton.find(name);
        EXPECT_TRUE(j) << name;
        return j.value_or(0);
    }
    std::vector<math::Transform> locals() const
    {
        const auto l = m_window->evaluator().locals();
        return {l.begin(), l.end()};
    }
    glm::mat4 world(anim::JointIndex j) { return window().evaluator().worlds()[static_cast<std::size_t>(j)]; }
    static glm::quat rotationOf(const glm::mat4& m)
    {
        return glm::quat_cast(glm::mat3(glm::normalize(glm::vec3(m[0])), glm::normalize(glm::vec3(m[1])),
                                        glm::normalize(glm::vec3(m[2]))));
    }
    void keys(std::initializer_list<Qt::Key> sequence)
    {
        for (Qt::Key key : sequence)
            QTest::keyClick(&viewport(), key);
        QApplication::processEvents();
    }
    void hoverTo(const QPointF& at)
    {
        QMouseEvent move(QEvent::MouseMove, at, viewport().mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(&viewport(), &move);
    }
    void dragTo(const QPointF& at)
    {
        QMouseEvent move(QEvent::MouseMove, at, viewport().mapToGlobal(at), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&viewport(), &move);
    }

    ui::PoseTool* m_tool = nullptr;
};

TEST_F(PoseToolTest, RotateWithTypedNumbersTurnsTheBoneNinetyDegreesAboutZInOneUndoEntry)
{
    const anim::JointIndex arm = joint("upperarm_L");
    window().selection().selectJoint(arm);
    const auto before = locals();
    const glm::quat worldBefore = rotationOf(world(arm));
    const int count = stack().count();
    keys({Qt::Key_R, Qt::Key_Z, Qt::Key_9, Qt::Key_0});
    ASSERT_TRUE(m_tool->transforming());
    EXPECT_EQ(m_tool->valueText(), "Rot 90° Z");
    EXPECT_TRUE(m_tool->statusHint().startsWith("Rot 90° Z")) << m_tool->statusHint().toStdString();
    keys({Qt::Key_Z});
    EXPECT_EQ(m_tool->valueText(), "Rot 90° Z local");
    keys({Qt::Key_Z});  // a third time: off again, about the view axis
    keys({Qt::Key_Z, Qt::Key_Return});
    EXPECT_FALSE(m_tool->transforming());
    EXPECT_EQ(stack().count(), count + 1) << "one undo entry";

    const glm::quat worldAfter = rotationOf(world(arm));
    EXPECT_QUAT_EQUIV(worldAfter, glm::angleAxis(glm::radians(90.f), glm::vec3(0.f, 0.f, 1.f)) * worldBefore, 1e-5f);
    const auto after = locals();
    const glm::quat delta = glm::inverse(before[static_cast<std::size_t>(arm)].rotation) * after[static_cast<std::size_t>(arm)].rotation;
    EXPECT_NEAR(glm::degrees(glm::angle(delta)), 90.f, 1e-2f) << "the local rotation turned 90 degrees";
    EXPECT_EQ(after[static_cast<std::size_t>(arm)].translation, before[static_cast<std::size_t>(arm)].translation);

    stack().undo();
    QApplication::processEvents();
    EXPECT_QUAT_EQUIV(locals()[static_cast<std::size_t>(arm)].rotation, before[static_cast<std::size_t>(arm)].rotation, 1e-6f);
}

TEST_F(PoseToolTest, EscRestoresThePoseAndLeavesNoUndoEntry)
{
    const anim::JointIndex arm = joint("forearm_L");
    window().selection().selectJoint(arm);
    const auto before = locals();
    const int count = stack().count(), index = stack().index();
    hoverTo({500., 300.});
    keys({Qt::Key_R});
    hoverTo({560., 340.});
    hoverTo({600., 420.});
    ASSERT_TRUE(m_tool->transforming());
    EXPECT_GT(glm::length(locals()[static_cast<std::size_t>(arm)].rotation - before[static_cast<std::size_t>(arm)].rotation),
              1e-3f)
        << "the mouse turned the bone";
    keys({Qt::Key_Escape});
    EXPECT_FALSE(m_tool->transforming());
    const auto after = locals();
    for (std::size_t j = 0; j < before.size(); ++j)
        EXPECT_EQ(after[j], before[j]) << "joint " << j;
    EXPECT_EQ(stack().count(), count);
    EXPECT_EQ(stack().index(), index);
    EXPECT_FALSE(stack().canRedo()) << "the cancelled transform is not redoable";

    // A right click cancels a grab too.
    keys({Qt::Key_G});
    hoverTo({640., 380.});
    QTest::mouseClick(&viewport(), Qt::RightButton, Qt::NoModifier, QPoint(640, 380));
    EXPECT_FALSE(m_tool->transforming());
    EXPECT_EQ(locals()[static_cast<std::size_t>(arm)], before[static_cast<std::size_t>(arm)]);
    EXPECT_EQ(stack().count(), count);
}

TEST_F(PoseToolTest, TwoBoneIkGrabPutsTheHandOnTheTargetKeepingBoneLengths)
{
    const anim::JointIndex upper = joint("upperarm_L"), fore = joint("forearm_L"), hand = joint("hand_L");
    window().selection().selectJoint(hand);
    m_tool->setAutoIk(true);
    ASSERT_EQ(m_tool->ikChainLength(), 2);
    const glm::vec3 start(world(hand)[3]);
    const float upperLength = glm::distance(glm::vec3(world(upper)[3]), glm::vec3(world(fore)[3]));
    const float foreLength = glm::distance(glm::vec3(world(fore)[3]), start);
    const auto before = locals();
    const int count = stack().count();
    const std::string bytesBefore = bytesOf(window().document());
    // The arm points along +X: 0.15 back towards the body is in reach.
    keys({Qt::Key_G, Qt::Key_X, Qt::Key_Minus, Qt::Key_0, Qt::Key_Period, Qt::Key_1, Qt::Key_5});
    EXPECT_EQ(m_tool->valueText(), "Move -0.15 X (IK)");
    keys({Qt::Key_Return});
    EXPECT_EQ(stack().count(), count + 1) << "one undo entry";
    const glm::vec3 target = start + glm::vec3(-.15f, 0.f, 0.f);
    EXPECT_LT(glm::distance(glm::vec3(world(hand)[3]), target), 1e-4f);
    EXPECT_NEAR(glm::distance(glm::vec3(world(upper)[3]), glm::vec3(world(fore)[3])), upperLength, 1e-5f);
    EXPECT_NEAR(glm::distance(glm::vec3(world(fore)[3]), glm::vec3(world(hand)[3])), foreLength, 1e-5f);
    const auto after = locals();
    EXPECT_EQ(after[static_cast<std::size_t>(hand)], before[static_cast<std::size_t>(hand)]) << "the hand's own local stays";
    for (anim::JointIndex j : {upper, fore}) {
        EXPECT_EQ(after[static_cast<std::size_t>(j)].translation, before[static_cast<std::size_t>(j)].translation);
        EXPECT_EQ(after[static_cast<std::size_t>(j)].scale, before[static_cast<std::size_t>(j)].scale);
    }
    EXPECT_NE(after[static_cast<std::size_t>(upper)].rotation, before[static_cast<std::size_t>(upper)].rotation);

    // The drag's one entry undoes and redoes byte for byte.
    const std::string bytesAfter = bytesOf(window().document());
    stack().undo();
    EXPECT_TRUE(bytesOf(window().document()) == bytesBefore) << "undo restores the document exactly";
    stack().redo();
    EXPECT_TRUE(bytesOf(window().document()) == bytesAfter) << "redo gives the drag back";
}

TEST_F(PoseToolTest, DraggingTheZRingTurnsTheBoneAboutZ)
{
    const anim::JointIndex arm = joint("upperarm_L");
    window().selection().selectJoint(arm);
    m_tool->setGizmoKind(ui::gizmo::Kind::Rotate);
    m_tool->setLocalAxes(false);
    ui::ToolContext& ctx = viewport().tools().context();
    const auto frame = m_tool->gizmoFrame(ctx);
    ASSERT_TRUE(frame);
    std::vector<glm::vec3> ring;
    const ui::gizmo::Handle z{ui::gizmo::HandleType::Ring, 2};
    ui::gizmo::handleSegments(*frame, z, ring);
    const glm::vec2 size(static_cast<float>(ctx.viewportSize.width()), static_cast<float>(ctx.viewportSize.height()));
    // A point of the ring that picks as the Z ring, and one a sixth of a turn on.
    std::optional<std::size_t> from;
    for (std::size_t i = 0; i < ring.size() && !from; i += 2) {
        const auto p = ui::pose_transform::project(ctx.viewProjection(), size, ring[i]);
        if (p && ui::gizmo::pick(*frame, ui::gizmo::Kind::Rotate, ctx.viewProjection(), size, *p) == z)
            from = i;
    }
    ASSERT_TRUE(from);
    const auto screen = [&](std::size_t i) {
        const glm::vec2 p = *ui::pose_transform::project(ctx.viewProjection(), size, ring[i % ring.size()]);
        return QPointF(p.x, p.y);
    };
    const glm::quat worldBefore = rotationOf(world(arm));
    const int count = stack().count();
    hoverTo(screen(*from));
    ASSERT_EQ(m_tool->hoveredHandle(), z) << "hovering lights the ring";
    QTest::mousePress(&viewport(), Qt::LeftButton, Qt::NoModifier, screen(*from).toPoint());
    ASSERT_TRUE(m_tool->transforming());
    for (std::size_t step = 2; step <= 20; step += 2)
        dragTo(screen(*from + step));
    QTest::mouseRelease(&viewport(), Qt::LeftButton, Qt::NoModifier, screen(*from + 20).toPoint());
    EXPECT_FALSE(m_tool->transforming());
    EXPECT_EQ(stack().count(), count + 1) << "one undo entry for the drag";
    const glm::quat turn = rotationOf(world(arm)) * glm::inverse(worldBefore);
    const float degrees = glm::degrees(glm::angle(turn));
    EXPECT_GT(degrees, 20.f) << "the drag turned the bone";
    const glm::vec3 axis = glm::axis(turn);
    EXPECT_GT(std::abs(axis.z), .999f) << "about Z: " << axis.x << ", " << axis.y << ", " << axis.z;
}

TEST_F(PoseToolTest, PasteFlippedMirrorsTheLeftArmOntoTheRight)
{
    window().selection().setActiveClip(-1);  // the rest pose, so only the pasted bones differ
    QApplication::processEvents();
    const anim::JointIndex upperL = joint("upperarm_L"), handL = joint("hand_L"), handR = joint("hand_R");
    const glm::mat4 mirror = model::rigPoseMirror(window().document().rig()).reflection;
    const auto mirrored = [&](anim::JointIndex j) { return glm::vec3(mirror * world(j)[3]); };
    // The sample is only nearly symmetric: its rest mismatch is the tolerance.
    const float restMismatch = glm::distance(mirrored(handL), glm::vec3(world(handR)[3]));
    const glm::vec3 restRight(world(handR)[3]);
    window().selection().selectJoint(upperL);
    keys({Qt::Key_R, Qt::Key_Z, Qt::Key_4, Qt::Key_0, Qt::Key_Return});
    const int count = stack().count();
    QTest::keyClick(&viewport(), Qt::Key_C, Qt::ControlModifier);
    QTest::keyClick(&viewport(), Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
    QApplication::processEvents();
    EXPECT_EQ(stack().count(), count + 1) << "paste flipped is one undo entry";
    const glm::vec3 right(world(handR)[3]);
    EXPECT_GT(glm::distance(right, restRight), .1f) << "the right arm moved";
    EXPECT_LT(glm::distance(mirrored(handL), right), restMismatch + 1e-4f) << "rest mismatch " << restMismatch;
}

TEST_F(PoseToolTest, KeymapsAndTheOptionsToolbarDriveTheTool)
{
    ui::ToolManager& tools = viewport().tools();
    const app::PoseMode& mode = window().poseMode();
    ASSERT_TRUE(tools.setActiveTool(tools.tools().front()));  // Select
    viewport().setFocus();
    keys({Qt::Key_W});  // Blender keymap: W picks the Pose tool
    EXPECT_EQ(tools.activeTool(), m_tool);
    EXPECT_EQ(tools.actionFor(m_tool)->toolTip(), "Pose (W)");

    ui::EditorSettings maya = window().settings();
    maya.navigation = ui::EditorSettings::Navigation::Maya;
    window().applySettings(maya);
    ASSERT_TRUE(tools.setActiveTool(tools.tools().front()));
    viewport().setFocus();
    keys({Qt::Key_E});
    EXPECT_EQ(tools.activeTool(), m_tool) << "Maya: E is the rotate tool";
    EXPECT_EQ(m_tool->gizmoKind(), ui::gizmo::Kind::Rotate);
    keys({Qt::Key_W});
    EXPECT_EQ(m_tool->gizmoKind(), ui::gizmo::Kind::Move);
    EXPECT_TRUE(mode.moveGizmo->isChecked());
    window().selection().selectJoint(joint("upperarm_L"));
    keys({Qt::Key_R});
    EXPECT_EQ(m_tool->gizmoKind(), ui::gizmo::Kind::Scale);
    EXPECT_FALSE(m_tool->transforming()) << "no modal R in the Maya keymap";

    mode.autoIk->trigger();
    EXPECT_TRUE(m_tool->autoIk());
    mode.chainLength->setValue(3);
    EXPECT_EQ(m_tool->ikChainLength(), 3);
    mode.localAxes->trigger();
    EXPECT_FALSE(m_tool->localAxes());
}

} // namespace
} // namespace marrow::test
