// SPDX-License-Identifier: MIT
// Save As with a glTF name exports to it (the document keeps its own file
// and modified mark); any other suffix is refused with the reason and no
// file, never given a second suffix. The bundled character's export passes
// the Khronos validator and poses as the document does.
#include "tests/editor/editor_fixture.h"

#include "app/editor/export_controller.h"
#include "core/io/gltf_import.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/pose_pipeline.h"
#include "run_process.h"

#include <QDir>
#include <QFile>
#include <QMessageBox>

using namespace marrow;

namespace {

class SaveAsExport : public test::EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        ASSERT_TRUE(m_out.isValid());
        window().exporter().setWarningAnswer([](const QStringList&) { return true; });
    }
    void TearDown() override
    {
        if (QWidget* box = window().files().errorDialog())
            box->close();
        EditorTest::TearDown();
    }
    QTemporaryDir m_out;
};

// Every mesh skinned at `clip`, `time`.
std::vector<std::vector<glm::vec3>> posed(const model::Rig& rig, int clip, double time)
{
    model::PosePipeline pipeline(rig);
    model::PoseRequest request;
    request.clip = clip;
    request.time = time;
    EXPECT_TRUE(pipeline.evaluate(request));
    std::vector<std::vector<glm::vec3>> out;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        out.emplace_back(rig.meshes[m].vertexCount());
        EXPECT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, out.back(), {}));
    }
    return out;
}

} // namespace

TEST_F(SaveAsExport, AGlbNameExportsAndTheDocumentKeepsItsFile)
{
    doc::Document& d = window().document();
    const QString before = d.filePath();
    QString suggested;
    window().files().setSaveAsPathProvider([&](const QString& s) {
        suggested = s;
        return m_out.filePath(QStringLiteral("character.glb"));
    });
    EXPECT_TRUE(window().files().saveAs());
    EXPECT_TRUE(suggested.endsWith(QStringLiteral(".marrow")));
    EXPECT_TRUE(QFile::exists(m_out.filePath(QStringLiteral("character.glb"))));
    EXPECT_FALSE(QFile::exists(m_out.filePath(QStringLiteral("character.glb.marrow")))) << "no second suffix";
    EXPECT_EQ(d.filePath(), before) << "an export is no save: the document keeps its file";
    EXPECT_EQ(d.exportPath(), QFileInfo(m_out.filePath(QStringLiteral("character.glb"))).absoluteFilePath());
}

TEST_F(SaveAsExport, OtherSuffixesAreRefusedWithTheReasonAndNoFile)
{
    for (const char* name : {"character.fbx", "character.obj", "character.v2"}) {
        const QString path = m_out.filePath(QLatin1String(name));
        EXPECT_FALSE(window().files().saveOrExport(path)) << name;
        EXPECT_FALSE(window().files().lastError().isEmpty()) << name;
        EXPECT_TRUE(window().files().lastError().contains(QStringLiteral(".glb"))) << "names what works";
        EXPECT_EQ(QDir(m_out.path()).entryList(QDir::Files).size(), 0) << name << ": nothing written";
        if (QWidget* box = window().files().errorDialog())
            box->close();
    }
    EXPECT_TRUE(window().files().lastError().contains(QStringLiteral("character.v2")));
    window().files().saveOrExport(m_out.filePath(QStringLiteral("character.fbx")));
    EXPECT_TRUE(window().files().lastError().contains(QStringLiteral("FBX")));
}

TEST_F(SaveAsExport, ANameWithoutASuffixIsSavedAsADocument)
{
    window().files().setSaveAsPathProvider([&](const QString&) { return m_out.filePath(QStringLiteral("plain")); });
    EXPECT_TRUE(window().files().saveAs());
    EXPECT_TRUE(QFile::exists(m_out.filePath(QStringLiteral("plain.marrow"))));
}

TEST_F(SaveAsExport, TheBundledCharactersExportValidatesAndPosesLikeTheDocument)
{
    const QString glb = m_out.filePath(QStringLiteral("character.glb"));
    ASSERT_TRUE(window().files().saveOrExport(glb)) << window().exporter().lastError().toStdString();
    const model::Rig& rig = window().document().rig();
    const io::ImportResult back = io::importGltf(glb.toStdString());
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_EQ(back.rig.meshes.size(), rig.meshes.size());
    ASSERT_EQ(back.rig.clips.size(), rig.clips.size());
    for (int c = -1; c < static_cast<int>(rig.clips.size()); ++c)
        for (const double t : {0.0, 0.2371, 0.5}) {
            const auto want = posed(rig, c, t), got = posed(back.rig, c, t);
            for (std::size_t m = 0; m < want.size(); ++m) {
                float worst = 0.f;
                for (std::size_t v = 0; v < want[m].size(); ++v)
                    worst = std::max(worst, glm::distance(want[m][v], got[m][v]));
                EXPECT_LT(worst, 1e-5f * mesh::Aabb::of(want[m]).diagonal()) << "clip " << c << " at " << t;
            }
        }
#ifdef MARROW_VALIDATE_SCRIPT
    const test::ProcessResult valid = test::runProcess({MARROW_NODE_EXE, MARROW_VALIDATE_SCRIPT, glb.toStdString()});
    EXPECT_EQ(valid.exitCode, 0) << valid.out << valid.err;
#else
    GTEST_SKIP() << "the Khronos validator is not installed (npm ci --prefix tools); the pose was checked";
#endif
}
