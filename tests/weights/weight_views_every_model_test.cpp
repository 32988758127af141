// SPDX-License-Identifier: MIT
// A new user's weight-inspection session (issue 23, label weights): every
// shared model opened one after another in one editor, each weight view
// chosen from the Health dock's Show selector, a hostile file in between.
// Changed on Import shows exactly what a direct import reports; As Exported
// is zero under 8 influences in float and, under 4 in u8, finite and small
// against the mesh; nothing crashes and a refused file changes nothing.
#include "tests/editor/editor_fixture.h"

#include "app/editor/weight_table_dock.h"
#include "app/editor/weight_view_menu.h"
#include "app/editor/weights_menu.h"
#include "core/io/model_import.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/import_changes.h"
#include "core/workspace/selection.h"
#include "every_model.h"
#include "widgets/viewport/renderer/renderer.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/weight_paint/weight_health_panel.h"

#include <QAction>
#include <QComboBox>
#include <QMessageBox>
#include <QTreeWidgetItem>

#include <cmath>

using namespace marrow;
using View = app::WeightViewMenu::View;

namespace {

class WeightViewsEveryModel : public test::EditorTest {
protected:
    void show(View view)
    {
        auto* box = window().findChild<QComboBox*>(QStringLiteral("WeightViewSelector"));
        ASSERT_NE(box, nullptr);
        emit box->activated(static_cast<int>(view));
        QApplication::processEvents();
        ASSERT_EQ(window().weightViews().view(), view);
    }
    // The largest skinned mesh's bounding-box diagonal at rest.
    double largestMeshSize()
    {
        double size = 0.0;
        for (const mesh::Mesh& m : window().document().rig().meshes) {
            if (m.skinned())
                size = std::max(size, static_cast<double>(mesh::Aabb::of(m.positions).diagonal()));
        }
        return size;
    }
};

} // namespace

TEST_F(WeightViewsEveryModel, EachViewOnEachModelShowsWhatTheImportAndTheProfileDo)
{
    window().files().setSaveQuestion([] { return int(QMessageBox::Discard); });
    app::WeightViewMenu& views = window().weightViews();
    ui::WeightHealthPanel& health = *window().weightTable().health;
    std::size_t models = 0, changed = 0;
    for (const std::string& file : test::everyModelFile()) {
        SCOPED_TRACE(file);
        if (!window().openFile(QString::fromStdString(file))) {  // the invalid samples: refused
            if (QWidget* dialog = window().files().errorDialog())
                dialog->close();
            continue;
        }
        ++models;
        const doc::Document& d = window().document();
        const io::ImportResult direct = io::importModel(file);
        ASSERT_TRUE(direct.ok) << direct.error;
        EXPECT_EQ(d.importChanges(), direct.importChanges) << "the editor's open and a direct import agree";
        changed += d.importChanges().count();

        show(View::ChangedOnImport);
        EXPECT_EQ(window().viewport().renderer().weightView(), gl::WeightView::Scalar);
        EXPECT_EQ(window().statusBar()->currentMessage().contains(QStringLiteral("renormalised (green)")),
                  d.importChanges().count() > 0)
            << window().statusBar()->currentMessage().toStdString();
        health.refresh();
        const model::MeshId active = window().selection().activeMesh();
        if (active >= 0 && d.rig().meshes[static_cast<std::size_t>(active)].skinned()) {
            EXPECT_EQ(health.item(ui::WeightHealthPanel::Row::ChangedOnImport)->text(1).toULongLong(),
                      model::changedVertices(d.importChanges(), static_cast<std::size_t>(active)).size());
        }

        show(View::InfluenceCount);
        EXPECT_EQ(window().viewport().renderer().weightView(), gl::WeightView::InfluenceCount);
        show(View::Normalisation);
        show(View::SymmetryError);
        show(View::AsExported);
        EXPECT_EQ(views.largestExportedDisplacement(), 0.f) << "8 influences in float store the weights as they are";
        window().weightsMenu().exportProfile.four->trigger();
        window().weightsMenu().exportProfile.as8->trigger();
        QApplication::processEvents();
        const float largest = views.largestExportedDisplacement();
        EXPECT_TRUE(std::isfinite(largest));
        EXPECT_LT(largest, 0.1 * std::max(largestMeshSize(), 1e-9)) << "the cut moves vertices, it does not tear the mesh";

        if (models == 3) {  // a hostile file in between keeps the document and what its import changed
            const model::ImportChanges before = d.importChanges();
            EXPECT_FALSE(window().openFile(QString::fromStdString(test::model("hostile/node_cycle.gltf"))));
            if (QWidget* dialog = window().files().errorDialog())
                dialog->close();
            EXPECT_EQ(window().document().importChanges(), before);
        }
    }
    EXPECT_GE(models, 10u);
    EXPECT_GT(changed, 1000u) << "cesium_man and animation_with_skeleton.fbx renormalise";
    window().document().undoStack()->setClean();
}
