// SPDX-License-Identifier: MIT
// A slowed blend profile finishes (issue 21): setting spine1 and everything
// below it to blend 4 times slower from the dock makes the preview (and the
// playback's range) run until the slowest joint is B's, and half a second
// on (B settling), the transition
// track shows where that is, and at the preview's last time the viewport
// shows B's pose on every joint (the root's ground position carried on from
// the blend by Match root).
#include "transition_fixture.h"

#include "core/anim/transition_pose.h"
#include "core/workspace/pose_evaluator.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/timeline/transition/transition_track_layout.h"
#include "widgets/transitions/blend_profile_editor.h"

#include <QDoubleSpinBox>
#include <QPushButton>

using namespace marrow;

namespace {
using SlowedProfileTest = test::TransitionEditorTest;
} // namespace

TEST_F(SlowedProfileTest, TheUpperBodyReachesBBeforeThePreviewEnds)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    const auto spine = d.rig().skeleton.find("spine1");
    ASSERT_TRUE(spine);
    window().selection().selectJoint(*spine);
    panel().profileEditor()->scaleBox()->setValue(4.0);
    QTest::mouseClick(panel().profileEditor()->setButton(), Qt::LeftButton);
    ASSERT_EQ(d.undoStack()->undoText(), "Set Blend Profile");
    QApplication::processEvents();

    const model::Rig& rig = d.rig();
    const model::Transition& t = rig.transitions[static_cast<std::size_t>(index)];
    const double slowestEnd = t.exit + 4.0 * t.duration;
    EXPECT_GT(slowestEnd, ui::transitionSpans(t, rig).bClipEnd) << "the profile, not B's length, sets the end";
    EXPECT_NEAR(preview().length(), slowestEnd + 0.5, 1e-9) << "and B settles for half a second";
    EXPECT_DOUBLE_EQ(window().playback().duration(), preview().length());
    EXPECT_DOUBLE_EQ(ui::transitionSpans(t, rig).slowestEnd, slowestEnd) << "the track marks it";

    window().playback().setTime(preview().length());
    QApplication::processEvents();
    anim::TransitionPoser poser = t.poser(rig);
    std::vector<math::Transform> b(rig.skeleton.size());
    ASSERT_TRUE(poser.poseSide(window().playback().time(), anim::TransitionPoser::Side::B, b));
    const auto shown = window().evaluator().locals();
    ASSERT_EQ(shown.size(), b.size());
    // Match root carries B's root on from where the blend left it (its
    // velocity blended), so only its ground position differs from B alone.
    ASSERT_TRUE(poser.rootMatch());
    const auto root = static_cast<std::size_t>(poser.rootMatch()->joint);
    const glm::vec3 up = poser.rootMatch()->up;
    for (std::size_t j = 0; j < b.size(); ++j) {
        const glm::vec3 apart = shown[j].translation - b[j].translation;
        EXPECT_LT(j == root ? std::abs(glm::dot(apart, up)) : glm::length(apart), 1e-6f) << rig.skeleton.names[j];
        EXPECT_GT(std::abs(glm::dot(shown[j].rotation, b[j].rotation)), 1.f - 1e-6f) << rig.skeleton.names[j];
    }
}
