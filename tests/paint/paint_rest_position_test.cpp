// SPDX-License-Identifier: MIT
// Rest Position in Weight Paint: the View menu's toggle and the dock's check
// box agree, the viewport shows the bound mesh at a posed time, and a stroke
// paints what is shown there.
#include "paint_fixture.h"

#include "app/editor/editor_actions.h"
#include "core/workspace/playback.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QCheckBox>

using namespace marrow;

class PaintRestPosition : public test::PaintSampleTest {};
MARROW_PAINT_ON_BOTH_SAMPLES(PaintRestPosition);

TEST_P(PaintRestPosition, PaintsTheBoundMeshWhileTheClipStaysPosed)
{
    const int run = document().rig().findClip("run");
    ASSERT_GE(run, 0);
    window().selection().setActiveClip(run);
    window().playback().setTime(.2);
    QApplication::processEvents();
    paintMode("upperarm_L", 14.f);
    const auto posedNow = window().evaluator().skinnedPositions(0);
    const std::vector<glm::vec3> posed(posedNow.begin(), posedNow.end());

    QAction* rest = window().actions().restPosition;
    ASSERT_TRUE(rest->isCheckable());
    QCheckBox* box = nullptr;
    for (QCheckBox* b : window().findChildren<QCheckBox*>())
        if (b->text() == QStringLiteral("Rest Position"))
            box = b;
    ASSERT_NE(box, nullptr) << "the Weight Paint dock offers the toggle";
    box->click();
    EXPECT_TRUE(rest->isChecked()) << "the dock's box turns the View menu's toggle on";
    EXPECT_TRUE(window().evaluator().restPosition());
    settle();
    EXPECT_EQ(window().playback().time(), .2) << "the clip's time stays";

    // The forearm where it was bound: the run swings it far from there.
    const auto& inverseBind = document().rig().skins[0].inverseBind;
    const glm::vec3 elbow = glm::vec3(glm::inverse(inverseBind[skinJoint(joint("forearm_L"))])[3]);
    const glm::vec3 wrist = glm::vec3(glm::inverse(inverseBind[skinJoint(joint("hand_L"))])[3]);
    const QPointF a = toScreen(glm::mix(elbow, wrist, .25f)), b = toScreen(glm::mix(elbow, wrist, .75f));
    const auto path = line(a, b, 10);
    const mesh::SkinWeights before = mesh0().weights;
    drag(path);
    const auto changed = changedRows(before, mesh0().weights);
    ASSERT_GT(changed.size(), 10u);
    std::size_t awayWhenPosed = 0;
    for (std::uint32_t v : changed) {
        EXPECT_LE(distanceToPath(toScreen(mesh0().positions[v]), path), 14. * 1.35 + 2.) << "vertex " << v;
        awayWhenPosed += distanceToPath(toScreen(posed[v]), path) > 40.;
    }
    EXPECT_EQ(awayWhenPosed, changed.size()) << "the run's picture has these vertices elsewhere";

    rest->trigger();
    EXPECT_FALSE(box->isChecked()) << "the menu turns the dock's box off";
    const auto back = window().evaluator().skinnedPositions(0);
    float drift = 0.f;
    for (std::uint32_t v : changed)
        drift = std::max(drift, glm::distance(back[v], posed[v]));
    EXPECT_GT(drift, 0.f) << "the repainted forearm deforms differently in the pose";
}
