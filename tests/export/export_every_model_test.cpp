// SPDX-License-Identifier: MIT
// File › Export on every shared model in one editor session, a hostile file
// opened (and refused) between each: each document exports to a .glb that
// reads back posed as the document at rest and in its first clip, carrying
// a glTF source's cameras and lights; a refused open leaves the document
// exportable.
#include "tests/editor/editor_fixture.h"

#include "app/editor/export_controller.h"
#include "core/io/gltf_import.h"
#include "core/io/gltf_source.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/pose_pipeline.h"
#include "every_model.h"

#include <QFile>
#include <QMessageBox>

using namespace marrow;

namespace {

// Every mesh skinned in `pose`, one list after another.
std::vector<glm::vec3> posedPoints(const model::Rig& rig, const model::PoseRequest& pose)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate(pose));
    std::vector<glm::vec3> out;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        std::vector<glm::vec3> points(rig.meshes[m].vertexCount());
        EXPECT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, points, {}));
        out.insert(out.end(), points.begin(), points.end());
    }
    return out;
}

class ExportEveryModel : public test::EditorTest {};

} // namespace

TEST_F(ExportEveryModel, EveryModelExportsFromTheEditorAndReadsBackPosedAsTheDocument)
{
    QTemporaryDir out;
    ASSERT_TRUE(out.isValid());
    window().exporter().setWarningAnswer([](const QStringList&) { return true; });
    window().files().setSaveQuestion([] { return int(QMessageBox::Discard); });
    const QString hostile = QString::fromStdString(test::model("hostile/node_cycle.gltf"));
    int exported = 0;
    for (const std::string& file : test::everyModelFile()) {
        if (!window().openFile(QString::fromStdString(file))) {
            if (QWidget* box = window().files().errorDialog())
                box->close();
            continue;  // a model the editor refuses is the open tests' business
        }
        const model::Rig& rig = window().document().rig();
        const QString glb = out.filePath(QStringLiteral("m%1.glb").arg(exported));
        ASSERT_TRUE(window().exporter().exportTo(glb)) << file << ": " << window().exporter().lastError().toStdString();
        const io::ImportResult back = io::importGltf(glb.toStdString());
        ASSERT_TRUE(back.ok) << file << ": " << back.error;
        ASSERT_EQ(back.rig.meshes.size(), rig.meshes.size()) << file;
        ASSERT_EQ(back.rig.clips.size(), rig.clips.size()) << file;
        for (const int clip : {-1, rig.clips.empty() ? -1 : 0}) {
            model::PoseRequest pose;
            pose.clip = clip;
            pose.time = clip < 0 ? 0.0 : 0.5 * rig.clips[0].duration;
            const std::vector<glm::vec3> want = posedPoints(rig, pose), got = posedPoints(back.rig, pose);
            ASSERT_EQ(want.size(), got.size()) << file;
            float worst = 0.f;
            for (std::size_t v = 0; v < want.size(); ++v)
                worst = std::max(worst, glm::distance(want[v], got[v]));
            EXPECT_LE(worst, 1e-4f * std::max(mesh::Aabb::of(want).diagonal(), 1e-6f)) << file << " clip " << clip;
        }
        if (const auto& source = window().document().gltfSource()) {
            EXPECT_EQ(back.gltfSource->summary().cameras, source->summary().cameras) << file;
            EXPECT_EQ(back.gltfSource->summary().lights, source->summary().lights) << file;
        }
        ++exported;
        // A hostile file between models: refused, and the document still exports.
        EXPECT_FALSE(window().openFile(hostile));
        if (QWidget* box = window().files().errorDialog())
            box->close();
        EXPECT_TRUE(window().exporter().exportTo(out.filePath(QStringLiteral("again.glb")))) << file;
    }
    EXPECT_GE(exported, 15) << "most shared models open and export";
    std::printf("[export every model] %d models exported and read back\n", exported);
}
