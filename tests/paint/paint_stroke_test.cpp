// SPDX-License-Identifier: MIT
#include "paint_fixture.h"

#include "tests/document/document_fixture.h"
#include "weight_rows.h"

#include <QDockWidget>
#include <QLabel>
#include <QStatusBar>
#include <QSignalSpy>

using namespace marrow;

namespace {

struct Stroke {
    std::vector<QPointF> path;
    float radius = 0.f;
};

} // namespace

class PaintStroke : public test::PaintSampleTest {
protected:
    // A stroke along the left upper arm, from shoulder side to elbow side.
    Stroke armStroke(float radius)
    {
        const QPointF a = toScreen(jointWorld("upperarm_L")), b = toScreen(jointWorld("forearm_L"));
        return {line(a + (b - a) * .3, a + (b - a) * .8, 16), radius};
    }
};
MARROW_PAINT_ON_BOTH_SAMPLES(PaintStroke);

TEST_P(PaintStroke, RaisesTheBoneOnlyWithinTheBrushOfThePathAndKeepsRowsValid)
{
    paintMode("upperarm_L", 24.f);
    skin::BrushSettings s = brush().settings();
    s.weight = 1.f;
    s.strength = .7f;
    brush().setSettings(s);
    // spine3 locked: it keeps every bit, whatever the brush takes from the others.
    document().setJointsLocked({joint("spine3")}, true);
    const mesh::SkinWeights before = mesh0().weights;
    const Stroke stroke = armStroke(24.f);
    drag(stroke.path);

    const mesh::SkinWeights& after = mesh0().weights;
    const std::vector<std::uint32_t> changed = changedRows(before, after);
    ASSERT_GT(changed.size(), 20u) << "the stroke painted something";
    const auto posed = window().evaluator().skinnedPositions(0);
    const std::uint16_t arm = skinJoint(joint("upperarm_L")), spine3 = skinJoint(joint("spine3"));
    std::size_t raised = 0;
    for (std::uint32_t v : changed) {
        // Sphere falloff is 3D at the hit's depth: allow a little for vertices nearer the camera.
        EXPECT_LE(distanceToPath(toScreen(posed[v]), stroke.path), stroke.radius * 1.35 + 2.) << "vertex " << v;
        EXPECT_GE(weight(after, v, arm), weight(before, v, arm)) << "vertex " << v;
        raised += weight(after, v, arm) > weight(before, v, arm);
        EXPECT_EQ(test::bitsOf(weight(after, v, spine3)), test::bitsOf(weight(before, v, spine3))) << "locked spine3 at " << v;
        double sum = 0.;
        int influences = 0;
        for (float w : after.weightRow(v)) {
            sum += w;
            influences += w > 0.f;
        }
        EXPECT_NEAR(sum, 1., 1e-5) << "vertex " << v;
        EXPECT_LE(influences, after.stride);
    }
    EXPECT_EQ(raised, changed.size());
    EXPECT_FALSE(after.validate(document().rig().skins[0].joints.size()));
}

TEST_P(PaintStroke, ManyDabsAreOneUndoEntryAndCtrlZRestoresTheBytes)
{
    paintMode("upperarm_L", 20.f);
    const model::Rig before = document().rig();
    const std::string bytes = test::bytesOf(document());
    QSignalSpy dabs(&document(), &doc::Document::weightsChanged);
    const std::size_t uploadedBefore = viewport().bytesUploaded();
    drag(armStroke(20.f).path);
    EXPECT_GE(dabs.count(), 3) << "the stroke made several dabs";
    EXPECT_EQ(document().undoStack()->count(), 1);
    EXPECT_EQ(document().undoStack()->text(0).toStdString(), "Paint Weights");
    // Uploads: the changed rows' ranges only, far less than the whole mesh's rows.
    QTest::qWait(30);
    const std::size_t uploaded = viewport().bytesUploaded() - uploadedBefore;
    EXPECT_LT(uploaded, mesh0().vertexCount() * 48 / 4) << "bytes " << uploaded;

    QTest::keyClick(&window(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(document().rig() == before) << "Ctrl+Z restores the rig";
    EXPECT_EQ(test::bytesOf(document()), bytes);
    QTest::keyClick(&window(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_FALSE(document().rig() == before) << "redo paints again";
}

TEST_P(PaintStroke, CtrlTabTogglesWeightPaintAndTheStatusBarNamesIt)
{
    ui::ToolManager& tools = viewport().tools();
    ASSERT_NE(tools.activeTool(), &window().brushTool());
    viewport().setFocus();
    QTest::keyClick(&window(), Qt::Key_Tab, Qt::ControlModifier);
    EXPECT_EQ(tools.activeTool(), &window().brushTool());
    EXPECT_TRUE(window().findChild<QDockWidget*>(QStringLiteral("WeightPaintDock"))->isVisible());
    EXPECT_TRUE(viewport().heatMap()) << "entering the mode shows the weights";
    bool named = false;
    for (const QLabel* label : window().statusBar()->findChildren<QLabel*>())
        named |= label->text().contains(QStringLiteral("Weight Paint"));
    EXPECT_TRUE(named) << "the status bar names the mode";
    QTest::keyClick(&window(), Qt::Key_Tab, Qt::ControlModifier);
    EXPECT_NE(tools.activeTool(), &window().brushTool());
}

TEST_P(PaintStroke, CtrlDragSubtractsAndCtrlClickOnABonePicksIt)
{
    paintMode("upperarm_L", 24.f);
    const mesh::SkinWeights before = mesh0().weights;
    drag(armStroke(24.f).path, Qt::ControlModifier);
    const std::uint16_t arm = skinJoint(joint("upperarm_L"));
    const auto changed = changedRows(before, mesh0().weights);
    ASSERT_FALSE(changed.empty());
    for (std::uint32_t v : changed)
        EXPECT_LE(weight(mesh0().weights, v, arm), weight(before, v, arm));

    const auto bone = viewport().boneScreenPosition(joint("thigh_R"));
    ASSERT_TRUE(bone);
    drag({*bone}, Qt::ControlModifier);
    EXPECT_EQ(window().selection().currentJoint(), joint("thigh_R"));
}

TEST_P(PaintStroke, SampleModeReadsTheWeightUnderTheCursor)
{
    paintMode("upperarm_L", 10.f);
    brush().setMode(skin::BrushMode::Sample);
    brush().setWeight(0.f);
    const QPointF at = toScreen(glm::mix(jointWorld("upperarm_L"), jointWorld("forearm_L"), .6f));
    drag({at});
    EXPECT_GT(brush().settings().weight, .5f) << "the middle of the upper arm is mostly upperarm_L";
    EXPECT_EQ(document().undoStack()->count(), 0) << "sampling changes nothing";
    EXPECT_FALSE(brush().readout().isEmpty());
    EXPECT_TRUE(brush().readout().contains(QStringLiteral("upperarm_L"))) << brush().readout().toStdString();
    const auto bone = viewport().boneScreenPosition(joint("thigh_R"));
    ASSERT_TRUE(bone);
    drag({*bone}, Qt::ControlModifier);
    EXPECT_EQ(window().selection().currentJoint(), joint("thigh_R")) << "Ctrl+click picks a bone in Sample mode too";
}
