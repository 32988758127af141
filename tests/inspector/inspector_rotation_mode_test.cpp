// SPDX-License-Identifier: MIT
// The inspector's rotation Mode: picking an Euler order converts the bone's
// keys in one undo entry, the angles are then shown and edited in that
// order, and undo puts the mode back in the box.
#include "rotation_angle.h"
#include "../widgets/widget_test_support.h"

#include "core/anim/rotation_mode.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/inspector/rotation_mode_box.h"

#include <QDoubleSpinBox>
#include <QUndoStack>

#include <glm/gtc/quaternion.hpp>

namespace marrow::test {
namespace {

struct ModeFixture {
    std::unique_ptr<doc::Document> document = openDocument("synthetic/public_rig.gltf");
    ws::Playback playback;
    ws::Selection selection{document.get()};
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    ui::InspectorPanel panel{document.get(), &selection, &evaluator};

    ModeFixture()
    {
        selection.setActiveClip(1);
        playback.setTime(0.3);
        evaluator.evaluate();
    }
    ui::RotationModeBox* box() const { return panel.findChild<ui::RotationModeBox*>(); }
    model::JointIndex animatedJoint() const
    {
        for (const anim::JointTrack& t : document->rig().clips[1].tracks)
            if (t.rotation.size() > 2)
                return t.joint;
        return -1;
    }
};

} // namespace

TEST(InspectorRotationMode, PickingAnOrderConvertsTheBoneAndShowsItsAngles)
{
    ModeFixture f;
    ASSERT_NE(f.box(), nullptr);
    EXPECT_FALSE(f.box()->isEnabled()) << "no joint shown";
    const model::JointIndex joint = f.animatedJoint();
    ASSERT_GE(joint, 0);
    f.selection.selectJoint(joint);
    ASSERT_TRUE(f.box()->isEnabled());
    EXPECT_EQ(f.box()->currentText().toStdString(), "Quaternion (WXYZ)");
    const glm::quat before = f.evaluator.locals()[static_cast<std::size_t>(joint)].rotation;

    const int zyx = f.box()->findData(static_cast<int>(anim::RotationMode::EulerZYX));
    f.box()->setCurrentIndex(zyx);
    emit f.box()->activated(zyx);
    EXPECT_EQ(f.document->rig().rotationModeOf(joint), anim::RotationMode::EulerZYX);
    EXPECT_EQ(f.document->undoStack()->count(), 1);
    f.evaluator.evaluate();
    const glm::quat after = f.evaluator.locals()[static_cast<std::size_t>(joint)].rotation;
    EXPECT_LT(test::rotationAngle(after, before), 1e-3f) << "the pose stays (between keys the curves differ a little)";

    // The boxes show this bone's ZYX angles: they give its rotation back.
    auto* panel = &f.panel;
    const glm::vec3 shown(static_cast<float>(panel->rotationBox(0)->value()),
                          static_cast<float>(panel->rotationBox(1)->value()),
                          static_cast<float>(panel->rotationBox(2)->value()));
    EXPECT_LT(test::rotationAngle(anim::eulerToQuat(glm::radians(shown), anim::RotationMode::EulerZYX), after), 1e-3f);

    f.document->undoStack()->undo();
    EXPECT_EQ(f.box()->currentText().toStdString(), "Quaternion (WXYZ)") << "undo shows in the box";
}

} // namespace marrow::test
