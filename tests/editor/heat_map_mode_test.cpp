// SPDX-License-Identifier: MIT
// The weight heat map is Weight Paint mode's picture (issue 18): selecting a
// bone in Select or Pose mode, or for a blend profile, leaves the character
// lit; entering Weight Paint mode shows the weights and leaving it hides them
// again, unless the user had turned the heat map on (Shift+H, View › Weight
// Heat Map); and with nothing selected the mesh always stands out from the
// background. Checked on the pixels the viewport draws.
#include "app/editor/editor_actions.h"
#include "app/editor/pose_mode.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <QAction>
#include <QImage>

#include <algorithm>
#include <cmath>

namespace marrow::test {
namespace {

// How the mesh's pixels read: lit (grey, the heat map off), heat (a
// saturated ramp colour or the near-black of zero weights), merged (mesh
// within a hair of the background's colour: it disappears), or missed (the
// background itself: a vertex on the silhouette's far side of a pixel).
struct MeshLook {
    int lit = 0, heat = 0, merged = 0, missed = 0, samples = 0;
};

class HeatMapMode : public EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        // Bones and grid off: every sampled pixel is mesh or background.
        window().actions().bones->setChecked(false);
        window().actions().grid->setChecked(false);
    }

    ui::ToolManager& tools() { return window().viewport().tools(); }
    ui::ViewportTool* selectTool() { return tools().tools().front(); }

    void settle()
    {
        QApplication::processEvents();
        QTest::qWait(30);
        QApplication::processEvents();
    }

    // Samples the frame at every 17th posed vertex of every mesh.
    MeshLook look()
    {
        settle();
        ui::ViewportWidget& viewport = window().viewport();
        const QImage frame = viewport.grabFramebuffer().convertToFormat(QImage::Format_RGB32);
        const QRgb background = frame.pixel(2, 2);
        const qreal dpr = viewport.devicePixelRatioF();
        const glm::mat4 vp = viewport.viewProjection();
        MeshLook out;
        const auto& meshes = window().document().rig().meshes;
        for (std::size_t m = 0; m < meshes.size(); ++m) {
            const auto& positions = window().evaluator().skinnedPositions(m);
            for (std::size_t v = 0; v < positions.size(); v += 17) {
                const glm::vec4 c = vp * glm::vec4(positions[v], 1.f);
                if (c.w <= 0.f)
                    continue;
                const QPoint p(static_cast<int>((c.x / c.w * .5 + .5) * viewport.width() * dpr),
                               static_cast<int>((.5 - c.y / c.w * .5) * viewport.height() * dpr));
                if (!frame.rect().contains(p))
                    continue;
                const QRgb px = frame.pixel(p);
                ++out.samples;
                const int hi = std::max({qRed(px), qGreen(px), qBlue(px)});
                const int lo = std::min({qRed(px), qGreen(px), qBlue(px)});
                const int fromBackground = std::abs(qRed(px) - qRed(background)) +
                                           std::abs(qGreen(px) - qGreen(background)) +
                                           std::abs(qBlue(px) - qBlue(background));
                if (fromBackground <= 3)
                    ++out.missed;
                else if (fromBackground < 24)
                    ++out.merged;
                else if (hi - lo > 90 || hi < 40)
                    ++out.heat;  // a ramp colour, or zero weights' near-black
                else
                    ++out.lit;
            }
        }
        return out;
    }

    static std::string describe(const MeshLook& l)
    {
        return "lit " + std::to_string(l.lit) + ", heat " + std::to_string(l.heat) + ", merged " +
               std::to_string(l.merged) + ", missed " + std::to_string(l.missed) + " of " + std::to_string(l.samples);
    }
    static bool lit(const MeshLook& l) { return l.samples > 50 && l.lit * 10 >= l.samples * 8 && l.heat * 20 < l.samples; }
    static bool heat(const MeshLook& l) { return l.samples > 50 && l.heat * 10 >= l.samples * 8; }

    model::JointIndex joint(const char* name) { return window().document().rig().skeleton.find(name).value_or(-1); }
};

TEST_F(HeatMapMode, SelectingABoneOutsideWeightPaintLeavesTheCharacterLit)
{
    QAction* heatMap = window().actions().heatMap;
    EXPECT_FALSE(heatMap->isChecked()) << "the heat map starts off";
    EXPECT_FALSE(window().viewport().heatMap());

    // Select mode: a bone selected (as for the inspector or a blend profile).
    ASSERT_TRUE(tools().setActiveTool(selectTool()));
    window().selection().setJoints({joint("spine1"), joint("upperarm_L")});
    MeshLook l = look();
    EXPECT_TRUE(lit(l)) << "Select mode, bones selected: " << describe(l);

    // Pose mode, the same.
    ASSERT_TRUE(tools().setActiveTool(window().poseMode().tool));
    l = look();
    EXPECT_TRUE(lit(l)) << "Pose mode, a bone selected: " << describe(l);
    EXPECT_FALSE(window().viewport().heatMap());
}

TEST_F(HeatMapMode, WeightPaintModeShowsTheWeightsAndLeavingItHidesThem)
{
    QAction* heatMap = window().actions().heatMap;
    window().selection().selectJoint(joint("upperarm_L"));
    ASSERT_TRUE(tools().setActiveTool(window().poseMode().tool));

    tools().toggleMode();  // Ctrl+Tab
    ASSERT_EQ(tools().activeTool(), &window().brushTool());
    EXPECT_TRUE(heatMap->isChecked()) << "entering Weight Paint shows the weights";
    MeshLook l = look();
    EXPECT_TRUE(heat(l)) << "Weight Paint mode: " << describe(l);

    tools().toggleMode();
    EXPECT_EQ(tools().activeTool(), window().poseMode().tool) << "back to the tool before the mode";
    EXPECT_FALSE(heatMap->isChecked()) << "leaving Weight Paint hides the weights it showed";
    l = look();
    EXPECT_TRUE(lit(l)) << "back in Pose mode: " << describe(l);

    // A tool switch out of the mode (the toolbar, Q) hides them too.
    tools().toggleMode();
    EXPECT_TRUE(heatMap->isChecked());
    ASSERT_TRUE(tools().setActiveTool(selectTool()));
    EXPECT_FALSE(heatMap->isChecked());
}

TEST_F(HeatMapMode, AHeatMapTheUserTurnedOnStaysOn)
{
    QAction* heatMap = window().actions().heatMap;
    window().selection().selectJoint(joint("upperarm_L"));
    // Shift+H in Select mode: the user's choice, kept through the mode.
    heatMap->trigger();
    ASSERT_TRUE(heatMap->isChecked());
    EXPECT_TRUE(heat(look())) << "Shift+H shows the weights in any mode";
    tools().toggleMode();
    tools().toggleMode();
    EXPECT_NE(tools().activeTool(), &window().brushTool());
    EXPECT_TRUE(heatMap->isChecked()) << "leaving Weight Paint keeps the heat map the user turned on";

    // Turned off by the user inside the mode: off after it as well.
    tools().toggleMode();
    heatMap->trigger();
    ASSERT_FALSE(heatMap->isChecked());
    tools().toggleMode();
    EXPECT_FALSE(heatMap->isChecked());
    // Turned on inside the mode: the user's too, kept after it.
    tools().toggleMode();
    heatMap->trigger();
    heatMap->trigger();
    ASSERT_TRUE(heatMap->isChecked());
    tools().toggleMode();
    EXPECT_TRUE(heatMap->isChecked());
}

TEST_F(HeatMapMode, WithNothingSelectedTheMeshStandsOutFromTheBackground)
{
    window().selection().clearJoints();
    // Weight Paint mode (heat map on) and nothing to show: lit, never the
    // background's colour or the ramp.
    tools().toggleMode();
    ASSERT_TRUE(window().viewport().heatMap());
    MeshLook l = look();
    EXPECT_TRUE(lit(l)) << "Weight Paint, nothing selected: " << describe(l);
    EXPECT_EQ(l.merged, 0) << "no part of the lit mesh is as dark as the background: " << describe(l);
    // The same with Show Zero Weights on.
    window().brushState().setShowZeroWeights(true);
    l = look();
    EXPECT_TRUE(lit(l)) << "Show Zero Weights, nothing selected: " << describe(l);
    window().brushState().setShowZeroWeights(false);
    // And out of the mode, with the heat map turned on by the user.
    tools().toggleMode();
    window().actions().heatMap->setChecked(true);
    l = look();
    EXPECT_TRUE(lit(l)) << "Shift+H, nothing selected: " << describe(l);
    EXPECT_EQ(l.merged, 0) << describe(l);
}

} // namespace
} // namespace marrow::test
