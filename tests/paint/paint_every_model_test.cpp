// SPDX-License-Identifier: MIT
// A new user's weight-painting session: every shared model opened one after
// another in one editor, in Weight Paint mode, with a stroke across the
// first skinned mesh (the active one, isolated in Local View) on the bone
// that weighs most on it (a hostile file in between). Nothing may crash; every stroke leaves a valid
// rig and one undo entry that restores it exactly.
#include "paint_fixture.h"

#include "core/workspace/mesh_visibility.h"

#include "every_model.h"

#include <QMessageBox>

#include <algorithm>
#include <filesystem>
#include <set>

using namespace marrow;

namespace {

} // namespace

class PaintEveryModel : public test::PaintTest {};

TEST_F(PaintEveryModel, AStrokeOnEachModelLeavesAValidRigAndUndoesExactly)
{
    window().files().setSaveQuestion([] { return int(QMessageBox::Discard); });
    viewport().tools().setActiveTool(&window().brushTool());
    std::size_t painted = 0, models = 0;
    for (const std::string& file : test::everyModelFile()) {
        SCOPED_TRACE(file);
        const model::Rig previous = document().rig();
        if (!window().openFile(QString::fromStdString(file))) {  // the invalid samples: refused, nothing lost
            if (QWidget* dialog = window().files().errorDialog())
                dialog->close();
            EXPECT_TRUE(document().rig() == previous);
            continue;
        }
        QApplication::processEvents();
        ++models;
        ASSERT_EQ(viewport().tools().activeTool(), &window().brushTool()) << "the mode survives an open";
        const model::Rig& rig = document().rig();
        // The largest skinned mesh, the one a file opens on.
        auto skinned = rig.meshes.end();
        for (auto m = rig.meshes.begin(); m != rig.meshes.end(); ++m)
            if (m->skinned() && (skinned == rig.meshes.end() || m->vertexCount() > skinned->vertexCount()))
                skinned = m;
        if (skinned == rig.meshes.end())
            continue;
        // The bone with the most weight on that mesh, so the stroke likely covers some of it.
        std::vector<double> total(rig.skins[static_cast<std::size_t>(skinned->skin)].joints.size(), 0.);
        for (std::size_t i = 0; i < skinned->weights.joints.size(); ++i)
            total[skinned->weights.joints[i]] += skinned->weights.weights[i];
        const auto bone = static_cast<std::size_t>(std::max_element(total.begin(), total.end()) - total.begin());
        window().selection().selectJoint(rig.skins[static_cast<std::size_t>(skinned->skin)].joints[bone]);
        // Only the active mesh (the largest skinned one) is painted: Local View
        // isolates and frames it, and the stroke crosses the view through its
        // vertex nearest the middle.
        const auto active = static_cast<std::size_t>(skinned - rig.meshes.begin());
        ASSERT_EQ(window().selection().activeMesh(), static_cast<model::MeshId>(active));
        ASSERT_TRUE(window().meshVisibility().toggleLocalView());
        const double w = viewport().width(), h = viewport().height();
        QPointF through(w * .5, h * .5);
        double nearest = 1e30;
        for (const glm::vec3& p : window().evaluator().skinnedPositions(active))
            if (const QPointF s = toScreen(p); QLineF(s, {w * .5, h * .5}).length() < nearest) {
                nearest = QLineF(s, {w * .5, h * .5}).length();
                through = s;
            }
        const model::Rig before = rig;
        drag(line(through - QPointF(w * .2, h * .05), through + QPointF(w * .2, h * .05), 24));
        window().meshVisibility().toggleLocalView();
        EXPECT_FALSE(document().rig().validate()) << *document().rig().validate();
        if (document().undoStack()->count() > 0) {
            ++painted;
            EXPECT_EQ(document().undoStack()->count(), 1);
            document().undoStack()->undo();
            EXPECT_TRUE(document().rig() == before) << "undo restores the rig";
        }
        if (models == 3) {  // a hostile file in between keeps the document
            EXPECT_FALSE(window().openFile(QString::fromStdString(test::model("hostile/node_cycle.gltf"))));
            if (QWidget* dialog = window().files().errorDialog())
                dialog->close();
            EXPECT_TRUE(document().rig() == before);
        }
    }
    EXPECT_GT(models, 20u);
    EXPECT_GT(painted, models / 2) << "most models got paint under a stroke across the view";
}
