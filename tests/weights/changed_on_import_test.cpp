// SPDX-License-Identifier: MIT
// View › Weights › Changed on Import and the Health panel's row (issue 23,
// label weights) on a real FBX whose weights the import renormalises; and
// the As Exported figure in the status bar, which frames its vertex when
// clicked.
#include "tests/editor/editor_fixture.h"

#include "app/editor/weight_view_menu.h"
#include "app/editor/weights_menu.h"
#include "core/model/import_changes.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "shared_models.h"
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/weight_paint/weight_health_panel.h"

#include <QAction>
#include <QLabel>
#include <QTreeWidget>

using namespace marrow;

using ChangedOnImportTest = test::EditorTest;

TEST_F(ChangedOnImportTest, TheViewAndTheHealthRowShowTheRowsTheImportRepaired)
{
    app::WeightViewMenu& views = window().weightViews();
    ui::WeightHealthPanel& panel = *window().weightTable().health;
    views.action(app::WeightViewMenu::View::ChangedOnImport)->trigger();
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("no weights were repaired")))
        << "the bundled sample is a glTF with clean weights: " << window().statusBar()->currentMessage().toStdString();

    ASSERT_TRUE(window().openFile(QString::fromStdString(test::model("assimp/models/FBX/animation_with_skeleton.fbx"))));
    QApplication::processEvents();
    const doc::Document& d = window().document();
    ASSERT_GT(d.importChanges().count(), 1000u) << "the file's rows do not sum to 1";
    EXPECT_EQ(window().viewport().renderer().weightView(), gl::WeightView::Scalar);
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("renormalised")))
        << window().statusBar()->currentMessage().toStdString();

    model::MeshId mesh = -1;
    for (std::size_t m = 0; m < d.importChanges().meshes.size() && mesh < 0; ++m)
        if (!d.importChanges().meshes[m].empty())
            mesh = static_cast<model::MeshId>(m);
    ASSERT_GE(mesh, 0);
    window().selection().setActiveMesh(mesh);
    panel.refresh();
    using Row = ui::WeightHealthPanel::Row;
    const std::vector<std::uint32_t> expected = model::changedVertices(d.importChanges(), static_cast<std::size_t>(mesh));
    ASSERT_EQ(panel.item(Row::ChangedOnImport)->text(1).toULongLong(), expected.size());
    panel.activate(Row::ChangedOnImport);
    const std::vector<std::uint8_t>& picked = window().vertexSelection().vertices(mesh);
    std::vector<std::uint32_t> selected;
    for (std::size_t v = 0; v < picked.size(); ++v)
        if (picked[v])
            selected.push_back(static_cast<std::uint32_t>(v));
    EXPECT_EQ(selected, expected) << "exactly the repaired vertices";
}

TEST_F(ChangedOnImportTest, ClickingTheLargestAsExportedFramesItsVertex)
{
    app::WeightViewMenu& views = window().weightViews();
    window().weightsMenu().exportProfile.four->trigger();
    window().weightsMenu().exportProfile.as8->trigger();
    views.action(app::WeightViewMenu::View::AsExported)->trigger();
    QLabel* link = views.largestLink();
    ASSERT_TRUE(link->isVisible()) << "the figure sits at the status bar's right";
    EXPECT_TRUE(link->text().contains(QStringLiteral("% of the mesh) at vertex "))) << link->text().toStdString();
    ASSERT_GT(views.largestExportedDisplacement(), 0.f);
    const model::MeshId mesh = views.shownLargest().mesh;
    const std::uint32_t vertex = views.shownLargest().vertex;
    ASSERT_GE(mesh, 0);
    EXPECT_TRUE(link->text().contains(QStringLiteral(" vertex %1<").arg(vertex))) << link->text().toStdString();
    EXPECT_TRUE(link->toolTip().contains(QString::fromStdString(window().document().rig().meshes[static_cast<std::size_t>(mesh)].name)));
    const glm::vec3 at = window().evaluator().skinnedPositions(mesh)[vertex];
    ASSERT_GT(glm::length(window().viewport().camera().target() - at), 1e-3f) << "not framed yet";
    // A click on the figure, as a user's: the link fills the label.
    QTest::mouseClick(link, Qt::LeftButton, {}, link->contentsRect().center());
    EXPECT_LT(glm::length(window().viewport().camera().target() - at), 1e-4f) << "the camera looks at that vertex";

    views.action(app::WeightViewMenu::View::Weight)->trigger();
    EXPECT_FALSE(link->isVisible()) << "only As Exported shows it";
}
