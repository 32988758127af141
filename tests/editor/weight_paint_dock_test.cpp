// SPDX-License-Identifier: MIT
// The Weight Paint dock: tabbed behind the Inspector, listed in the View
// menu, and editing the window's one BrushState (the brush tool's).
#include "app/editor/editor_docks.h"
#include "editor_fixture.h"
#include "widgets/weight_paint/paint_bone_list.h"
#include "widgets/weight_paint/paint_bone_list_model.h"
#include "widgets/weight_paint/slider_field.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>

namespace marrow::test {
namespace {

TEST_F(EditorTest, WeightPaintDockIsTabbedWithTheInspectorAndInTheViewMenu)
{
    const app::EditorDocks& d = window().docks();
    ASSERT_NE(d.weightPaint, nullptr);
    EXPECT_TRUE(window().tabifiedDockWidgets(d.inspector).contains(d.weightPaint));
    EXPECT_EQ(window().dockWidgetArea(d.weightPaint), Qt::RightDockWidgetArea);
    bool inViewMenu = false;
    for (QAction* menu : window().menuBar()->actions())
        if (menu->menu() && menu->text().remove(QLatin1Char('&')) == QStringLiteral("View"))
            inViewMenu = menu->menu()->actions().contains(d.weightPaint->toggleViewAction());
    EXPECT_TRUE(inViewMenu);
}

TEST_F(EditorTest, WeightPaintPanelEditsTheWindowsBrushAndListsTheSampleBones)
{
    ui::WeightPaintPanel* panel = window().docks().weightPaintPanel;
    ASSERT_NE(panel, nullptr);
    window().brushState().setRadius(123.f);  // as F-drag in the viewport would
    EXPECT_DOUBLE_EQ(panel->radiusField()->value(), 123.0);
    panel->strengthField()->spinBox()->setValue(0.4);
    EXPECT_FLOAT_EQ(window().brushState().settings().strength, 0.4f);
    ASSERT_GE(panel->mesh(), 0);
    EXPECT_GT(panel->boneList()->model()->rowCount(), 2);
    const auto joint = window().document().rig().skeleton.find("upperarm_L");
    ASSERT_TRUE(joint.has_value());
    window().selection().selectJoint(*joint);
    EXPECT_EQ(panel->boneLabel()->text(), QStringLiteral("upperarm_L"));
}

} // namespace
} // namespace marrow::test
