// SPDX-License-Identifier: MIT
// Ctrl+click picks the bone to paint: by its drawn shape while bones show,
// and by the largest weight under the cursor while they are hidden
// (Blender's weight-paint bone sampling). A refused stroke says why in the
// status bar.
#include "paint_fixture.h"

#include "app/editor/editor_actions.h"
#include "core/workspace/weight_paint_session.h"

#include <QAction>
#include <QStatusBar>

using namespace marrow;

namespace {

class PaintBonePick : public test::PaintTest {
protected:
    // A point on the left upper arm's surface, a third of the way to the elbow.
    QPointF upperArm()
    {
        const QPointF a = toScreen(jointWorld("upperarm_L")), b = toScreen(jointWorld("forearm_L"));
        return a + (b - a) * .4;
    }
    void ctrlClick(QPointF at)
    {
        QTest::mouseClick(&viewport(), Qt::LeftButton, Qt::ControlModifier, at.toPoint());
        QApplication::processEvents();
    }
    // The joint with the largest weight at the vertex the brush sees under `at`.
    model::JointIndex heaviestUnder(QPointF at)
    {
        const ui::OrbitCamera& cam = viewport().camera();
        const ui::Ray r = cam.rayThrough(static_cast<float>(at.x()), static_cast<float>(at.y()),
                                     static_cast<float>(viewport().width()), static_cast<float>(viewport().height()));
        const auto hit = window().paintSession().pick({r.origin, r.direction});
        EXPECT_TRUE(hit.has_value());
        if (!hit)
            return -1;
        const mesh::Mesh& m = document().rig().meshes[static_cast<std::size_t>(hit->mesh)];
        const auto joints = m.weights.jointRow(hit->vertex);
        const auto weights = m.weights.weightRow(hit->vertex);
        const auto best = std::max_element(weights.begin(), weights.end()) - weights.begin();
        return document().rig().skins[static_cast<std::size_t>(m.skin)].joints[joints[static_cast<std::size_t>(best)]];
    }
};

TEST_F(PaintBonePick, WithBonesHiddenCtrlClickPicksTheHeaviestBoneUnderTheCursor)
{
    paintMode("head", 10.f);
    window().actions().bones->setChecked(false);
    settle();
    ASSERT_FALSE(viewport().showBones());
    const QPointF at = upperArm();
    const model::JointIndex expected = heaviestUnder(at);
    ASSERT_NE(expected, joint("head"));
    const mesh::SkinWeights before = mesh0().weights;
    ctrlClick(at);
    EXPECT_EQ(window().selection().currentJoint(), expected);
    EXPECT_TRUE(changedRows(before, mesh0().weights).empty()) << "a pick paints nothing";
}

TEST_F(PaintBonePick, PaintingALockedBoneSaysSoInTheStatusBar)
{
    paintMode("upperarm_L", 10.f);
    document().setJointsLocked({joint("upperarm_L")}, true);
    const QPointF at = upperArm();
    drag(line(at, at + QPointF(20., 0.), 4));
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("locked")))
        << window().statusBar()->currentMessage().toStdString();
}

} // namespace
