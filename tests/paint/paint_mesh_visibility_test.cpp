// SPDX-License-Identifier: MIT
// Hide and isolate meshes with the mouse over the viewport: H hides the
// active mesh (not drawn, not picked by the brush or a Ctrl+click), Alt+H
// shows every mesh, numpad / isolates the active mesh and frames it, and
// again restores the hidden set and the camera. The View menu has them too.
#include "paint_meshes_fixture.h"

#include "widgets/bone_tree/bone_tree_view.h"

#include <QMenu>
#include <QMenuBar>

namespace marrow::test {
namespace {

TEST_F(PaintMeshesTest, HHidesTheActiveMeshSoItIsNeitherDrawnNorPicked)
{
    const QPointF torso = pointOn(kTorso);
    ASSERT_TRUE(drawn(kTorso));
    window().docks().boneTree->setFocus();  // keys go to the area under the mouse
    hoverViewport(torso);
    press(Qt::Key_H);
    EXPECT_TRUE(visibility().isHidden(kTorso));
    EXPECT_FALSE(visibility().isHidden(kHead));
    EXPECT_FALSE(drawn(kTorso));
    EXPECT_TRUE(drawn(kHead));
    EXPECT_NE(meshAt(torso), kTorso) << "a hidden mesh is not picked";

    // Neither painted nor switched to by a Ctrl+click.
    const mesh::SkinWeights before = document().rig().meshes[kTorso].weights;
    drag(line(torso, torso + QPointF(12, 6), 8));
    EXPECT_TRUE(changedRows(before, document().rig().meshes[kTorso].weights).empty());
    window().selection().setActiveMesh(kHead);
    ctrlClick(torso);
    EXPECT_NE(window().selection().activeMesh(), kTorso);
}

TEST_F(PaintMeshesTest, AltHShowsEveryMeshAgain)
{
    visibility().hide(kTorso);
    visibility().hide(kLegs);
    ASSERT_FALSE(drawn(kLegs));
    window().docks().boneTree->setFocus();
    hoverViewport(pointOn(kHead));
    press(Qt::Key_H, Qt::AltModifier);
    EXPECT_FALSE(visibility().anyHidden());
    EXPECT_TRUE(drawn(kTorso));
    EXPECT_TRUE(drawn(kLegs));
}

TEST_F(PaintMeshesTest, NumpadSlashIsolatesTheActiveMeshFramedAndTogglesBackToTheViewAndHiddenSet)
{
    visibility().hide(kLegs);
    const QPointF head = pointOn(kHead);
    window().selection().setActiveMesh(kHead);
    const glm::vec3 target = viewport().camera().target();
    const float distance = viewport().camera().distance();
    hoverViewport(head);
    press(Qt::Key_Slash, Qt::KeypadModifier);
    ASSERT_TRUE(visibility().localView());
    EXPECT_TRUE(drawn(kHead));
    EXPECT_FALSE(drawn(kTorso));
    EXPECT_FALSE(drawn(kLegs));
    EXPECT_LT(viewport().camera().distance(), distance * .8f) << "the head alone is framed, closer";

    hoverViewport(viewport().rect().center());
    press(Qt::Key_Slash, Qt::KeypadModifier);
    EXPECT_FALSE(visibility().localView());
    EXPECT_TRUE(drawn(kTorso));
    EXPECT_FALSE(drawn(kLegs)) << "leaving restores the hidden set Local View found";
    EXPECT_FLOAT_EQ(viewport().camera().distance(), distance);
    EXPECT_FLOAT_EQ(viewport().camera().target().y, target.y);
}

TEST_F(PaintMeshesTest, TheViewMenuOffersHideShowAndLocalView)
{
    QMenu* view = nullptr;
    for (QAction* top : window().menuBar()->actions())
        if (top->menu() && top->menu()->title() == QObject::tr("&View"))
            view = top->menu();
    ASSERT_NE(view, nullptr);
    QStringList names;
    for (QAction* a : view->actions())
        names << a->objectName();
    EXPECT_TRUE(names.contains(QStringLiteral("hideActiveMesh")));
    EXPECT_TRUE(names.contains(QStringLiteral("showAllMeshes")));
    EXPECT_TRUE(names.contains(QStringLiteral("localView")));
    // The menu works in any mode: here from Select mode.
    viewport().tools().toggleMode();
    ASSERT_NE(viewport().tools().activeTool(), &window().brushTool());
    for (QAction* a : view->actions())
        if (a->objectName() == QStringLiteral("hideActiveMesh"))
            a->trigger();
    EXPECT_TRUE(visibility().isHidden(kTorso));
}

} // namespace
} // namespace marrow::test
