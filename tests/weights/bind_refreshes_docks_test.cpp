// SPDX-License-Identifier: MIT
// Issue 36 item 6: after Weights › Bind to Skeleton every dock follows at
// once, without saving and reopening. A file with the bundled character's
// skeleton (plain nodes: no skin yet) and its body as a static mesh on a
// node of its own is bound with Nearest Bone: the Weight Paint dock's mesh
// chooser lists the body as skinned, its bone list fills, the Skeleton
// tree's Deform column shows the bound bones; Undo takes them all back to
// "no skin", Redo brings them again.
#include "../paint/paint_fixture.h"

#include "app/editor/editor_docks.h"
#include "app/editor/weights_menu.h"
#include "core/io/gltf_export.h"
#include "core/model/mesh_bind.h"
#include "widgets/bone_tree/bone_tree_model.h"
#include "widgets/weight_paint/mesh_chooser.h"
#include "widgets/weight_paint/paint_bone_list.h"
#include "widgets/weight_paint/paint_bone_list_model.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QAction>
#include <QFile>
#include <QStandardItemModel>
#include <QTextStream>
#include <QUndoStack>

using namespace marrow;

namespace {

// The rig's skeleton without its skins, and its skinned meshes as static
// ones on a new root node (a mesh modelled beside a skeleton drawn for it).
model::Rig unboundCopy(const model::Rig& rigged)
{
    model::Rig rig;
    rig.skeleton = rigged.skeleton;
    rig.skeleton.names.push_back("statue");
    rig.skeleton.parents.push_back(anim::kNoParent);
    rig.skeleton.rest.push_back(math::Transform{});
    const auto holder = static_cast<anim::JointIndex>(rig.skeleton.size() - 1);
    for (mesh::Mesh m : rigged.meshes) {
        if (!m.skinned())
            continue;
        m.skin = -1;
        m.weights = {};
        m.node = holder;
        m.material = -1;
        rig.meshes.push_back(std::move(m));
    }
    return rig;
}

class BindRefreshesDocks : public test::PaintTest {
protected:
    ui::WeightPaintPanel& panel() { return *window().docks().weightPaintPanel; }
    ui::BoneTreeModel& bones() { return *window().docks().boneModel; }

    // What the chooser's row for `mesh` says, and whether it can be chosen.
    QString chooserText(model::MeshId mesh)
    {
        ui::MeshChooser* chooser = panel().meshChooser();
        const int row = chooser->findData(mesh);
        return row < 0 ? QString() : chooser->itemText(row);
    }
    bool chooserEnabled(model::MeshId mesh)
    {
        ui::MeshChooser* chooser = panel().meshChooser();
        const auto* items = qobject_cast<QStandardItemModel*>(chooser->model());
        const int row = chooser->findData(mesh);
        return items && row >= 0 && items->item(row)->isEnabled();
    }
    // The joints whose Deform cell shows an icon, and those whose icon says "deforms".
    std::pair<int, int> deformIcons()
    {
        int shown = 0, on = 0;
        for (model::JointIndex j = 0; j < bones().jointCount(); ++j) {
            const QModelIndex cell = bones().indexForJoint(j, ui::BoneTreeModel::DeformColumn);
            if (!bones().data(cell, Qt::DecorationRole).isNull())
                ++shown;
            if (bones().data(cell, ui::BoneTreeModel::DeformRole).toBool())
                ++on;
        }
        return {shown, on};
    }
    void expectUnbound(const char* when)
    {
        EXPECT_FALSE(document().rig().meshes[0].skinned()) << when;
        EXPECT_TRUE(chooserText(0).contains(QStringLiteral("no skin"))) << when << ": " << chooserText(0).toStdString();
        EXPECT_FALSE(chooserEnabled(0)) << when;
        EXPECT_EQ(panel().mesh(), -1) << when;
        EXPECT_EQ(panel().boneList()->model()->rowCount(), 0) << when;
        EXPECT_EQ(deformIcons(), std::make_pair(0, 0)) << when << ": plain nodes show no Deform icon";
    }
    void expectBound(const char* when)
    {
        ASSERT_TRUE(document().rig().meshes[0].skinned()) << when;
        const model::Skin& skin = document().rig().skins[static_cast<std::size_t>(document().rig().meshes[0].skin)];
        EXPECT_FALSE(chooserText(0).contains(QStringLiteral("no skin"))) << when << ": " << chooserText(0).toStdString();
        EXPECT_TRUE(chooserText(0).contains(QStringLiteral("vertices"))) << when;
        EXPECT_TRUE(chooserEnabled(0)) << when;
        EXPECT_EQ(panel().meshChooser()->mesh(), 0) << when;
        EXPECT_EQ(panel().mesh(), 0) << when << ": the dock paints the bound mesh";
        EXPECT_EQ(panel().boneList()->model()->rowCount(), static_cast<int>(skin.joints.size())) << when;
        const auto [shown, on] = deformIcons();
        EXPECT_EQ(shown, static_cast<int>(skin.joints.size())) << when << ": every bound bone has its Deform icon";
        int deforming = 0;
        for (const std::uint8_t d : document().deformMask())
            deforming += d ? 1 : 0;
        EXPECT_GT(on, 0) << when;
        EXPECT_EQ(on, deforming) << when << ": the icons say what the document's Deform flags say";
    }
};

TEST_F(BindRefreshesDocks, BindUndoAndRedoReachEveryDockAtOnce)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("statue.gltf"));
    ASSERT_FALSE(io::exportGltf(unboundCopy(document().rig()), file.toStdString()));
    open(file);
    ASSERT_EQ(document().rig().meshes.size(), 1u);
    ASSERT_TRUE(document().rig().skins.empty());
    ASSERT_EQ(window().selection().activeMesh(), 0);
    expectUnbound("opened");

    window().weightsMenu().bindNearest->trigger();
    QApplication::processEvents();
    expectBound("bound");

    document().undoStack()->undo();
    QApplication::processEvents();
    expectUnbound("after Undo");

    document().undoStack()->redo();
    QApplication::processEvents();
    expectBound("after Redo");
}

// A skeleton alone, then File › Import Mesh of an OBJ box around its spine:
// no mesh was active, so the bind makes the bound one active, as reopening
// the file would.
TEST_F(BindRefreshesDocks, AnImportedMeshIsPaintableAsSoonAsItIsBound)
{
    model::Rig skeleton = unboundCopy(document().rig());
    skeleton.meshes.clear();
    const std::vector<glm::mat4> rest = model::restWorlds(skeleton.skeleton);
    const glm::vec3 hips(rest[static_cast<std::size_t>(joint("hips"))][3]);
    const glm::vec3 head(rest[static_cast<std::size_t>(joint("head"))][3]);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString rigFile = dir.filePath(QStringLiteral("skeleton.gltf"));
    ASSERT_FALSE(io::exportGltf(skeleton, rigFile.toStdString()));
    open(rigFile);
    ASSERT_TRUE(document().rig().meshes.empty());
    ASSERT_EQ(window().selection().activeMesh(), -1);

    // A box from the hips to the head, 0.2 wide and deep.
    const QString objFile = dir.filePath(QStringLiteral("column.obj"));
    {
        QFile obj(objFile);
        ASSERT_TRUE(obj.open(QIODevice::WriteOnly | QIODevice::Text));
        QTextStream out(&obj);
        for (int i = 0; i < 8; ++i) {
            const glm::vec3 at = (i & 4 ? head : hips) + glm::vec3(i & 1 ? .1f : -.1f, 0.f, i & 2 ? .1f : -.1f);
            out << "v " << at.x << ' ' << at.y << ' ' << at.z << '\n';
        }
        for (const char* face : {"1 2 4 3", "5 7 8 6", "1 5 6 2", "3 4 8 7", "1 3 7 5", "2 6 8 4"})
            out << "f " << face << '\n';
    }
    ASSERT_TRUE(window().files().importMesh(objFile)) << window().files().lastError().toStdString();
    settle();
    ASSERT_EQ(document().rig().meshes.size(), 1u);
    expectUnbound("imported");

    window().weightsMenu().bindNearest->trigger();
    QApplication::processEvents();
    EXPECT_EQ(window().selection().activeMesh(), 0) << "the bound mesh is the one Weight Paint paints";
    expectBound("bound");

    document().undoStack()->undo();
    QApplication::processEvents();
    expectUnbound("after Undo");
    document().undoStack()->redo();
    QApplication::processEvents();
    expectBound("after Redo");
}

} // namespace
