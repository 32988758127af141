// SPDX-License-Identifier: MIT
// View › Follow Character (issue 18, "What the viewport shows"): while on,
// the view travels over the ground with the character, so a bone stays where
// it was on screen when the whole character moves; a rise is not followed,
// and with Follow off the character walks out of place.
#include "core/commands/set_joint_pose_command.h"
#include "core/workspace/pose_evaluator.h"
#include "editor_fixture.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

namespace marrow::test {
namespace {

class FollowViewTest : public EditorTest {
protected:
    ui::ViewportWidget& viewport() { return window().viewport(); }
    QAction* followAction()
    {
        for (QAction* top : window().menuBar()->actions())
            if (QMenu* menu = top->menu(); menu && top->text() == QObject::tr("&View"))
                for (QAction* a : menu->actions())
                    if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Follow Character"))
                        return a;
        return nullptr;
    }
    // A bone away from the root, whose screen position shows the character's.
    anim::JointIndex watchedBone()
    {
        const std::vector<std::uint8_t> bones = window().document().rig().boneMask();
        for (std::size_t j = bones.size(); j-- > 0;)
            if (bones[j] && viewport().boneScreenPosition(static_cast<anim::JointIndex>(j)))
                return static_cast<anim::JointIndex>(j);
        return anim::kNoParent;
    }
    // Moves the whole character: the root's pose shifted by `offset` (world
    // units; the sample's root has no parent).
    void shiftRoot(const glm::vec3& offset)
    {
        doc::Document& document = window().document();
        math::Transform pose = window().evaluator().locals()[0];
        pose.translation += offset;
        document.undoStack()->push(new cmd::SetJointPoseCommand(&document, 0, pose, document.beginInteraction()));
        QApplication::processEvents();
    }
    QPointF screenOf(anim::JointIndex joint) { return viewport().boneScreenPosition(joint).value_or(QPointF(-1e6, -1e6)); }
};

double pixels(const QPointF& a, const QPointF& b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); }

TEST_F(FollowViewTest, TheViewTravelsWithTheCharacterOverTheGroundOnly)
{
    QAction* follow = followAction();
    ASSERT_NE(follow, nullptr) << "View › Follow Character";
    ASSERT_TRUE(follow->isCheckable());
    EXPECT_FALSE(follow->isChecked()) << "off by default";
    ASSERT_EQ(window().document().rig().skeleton.parents[0], anim::kNoParent);
    const anim::JointIndex bone = watchedBone();
    ASSERT_NE(bone, anim::kNoParent);
    const float size = viewport().camera().distance();

    follow->trigger();
    ASSERT_TRUE(viewport().follow());
    const QPointF before = screenOf(bone);
    const glm::vec3 target = viewport().camera().target();
    shiftRoot({0.3f * size, 0.f, 0.2f * size});
    EXPECT_LT(pixels(screenOf(bone), before), 1.0) << "the bone stays in place on screen";
    EXPECT_NEAR(viewport().camera().target().x, target.x + 0.3f * size, 1e-3f * size);
    EXPECT_NEAR(viewport().camera().target().z, target.z + 0.2f * size, 1e-3f * size);

    // Up is not followed: a jump rises on screen.
    const QPointF ground = screenOf(bone);
    shiftRoot({0.f, 0.2f * size, 0.f});
    EXPECT_NEAR(viewport().camera().target().y, target.y, 1e-6f * size);
    EXPECT_GT(ground.y() - screenOf(bone).y(), 10.0) << "the bone rises on screen";

    // Off: the character leaves its place.
    follow->trigger();
    ASSERT_FALSE(viewport().follow());
    const QPointF still = screenOf(bone);
    shiftRoot({0.3f * size, 0.f, 0.f});
    EXPECT_GT(pixels(screenOf(bone), still), 20.0);
}

TEST_F(FollowViewTest, TurningFollowOnDoesNotMoveTheView)
{
    const glm::vec3 target = viewport().camera().target();
    QAction* follow = followAction();
    ASSERT_NE(follow, nullptr);
    follow->trigger();
    QApplication::processEvents();
    EXPECT_EQ(viewport().camera().target(), target);
}

} // namespace
} // namespace marrow::test
