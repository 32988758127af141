// SPDX-License-Identifier: MIT
// Lossless files through the editor (issue 19): open the real-traits sample
// (materials, a texture, morph targets and their channel, a camera, a light,
// an unknown extension), paint a stroke, save a .marrow, open it again and
// write glTF from the document: the materials, images, morph targets,
// camera and light are all there, and the painted weights too.
#include "paint_fixture.h"

#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/gltf_source.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/renderer/renderer.h"
#include "carried_content.h"

#include <QTemporaryDir>

#include <algorithm>
#include <span>
#include <vector>
#include "shared_models.h"

namespace marrow::test {
namespace {

class PaintLosslessTest : public PaintTest {
protected:
    QString sample() const override { return QString::fromStdString(test::traitsSample()); }
};

TEST_F(PaintLosslessTest, PaintSaveReopenAndExportKeepTheMaterialsImagesAndMorphTargets)
{
    ASSERT_NE(document().gltfSource(), nullptr) << "a glTF opens with its source";
    const io::GltfSource::Summary was = document().gltfSource()->summary();
    const std::vector<mesh::Material> materials = document().rig().materials;
    const std::vector<mesh::Texture> textures = document().rig().textures;
    ASSERT_FALSE(textures.empty());
    ASSERT_GT(was.materials, 0u);
    ASSERT_GT(was.images, 0u);
    ASSERT_GT(was.morphTargets, 0u);

    // A stroke across the middle of the view, over the body.
    const std::size_t body = firstSkinned(document().rig());
    ASSERT_LT(body, document().rig().meshes.size());
    paintMode("mixamorig:Spine", 40.f);
    const mesh::SkinWeights before = document().rig().meshes[body].weights;
    const double w = viewport().width(), h = viewport().height();
    std::vector<QPointF> path;
    for (int i = 0; i <= 20; ++i)
        path.emplace_back(w * (0.3 + 0.02 * i), h * 0.45);
    drag(path);
    settle();
    const mesh::SkinWeights painted = document().rig().meshes[body].weights;
    ASSERT_FALSE(painted == before) << "the stroke must paint the body";

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString saved = dir.filePath(QStringLiteral("painted.marrow"));
    ASSERT_TRUE(window().files().saveTo(saved)) << window().files().lastError().toStdString();
    ASSERT_TRUE(window().files().open(saved, false)) << window().files().lastError().toStdString();
    ASSERT_NE(document().gltfSource(), nullptr) << "the .marrow carries the source";
    expectSameCarriedContent(document().gltfSource()->summary(), was);
    EXPECT_TRUE(document().rig().meshes[body].weights == painted);
    EXPECT_TRUE(document().rig().materials == materials) << "what the viewport draws comes back";
    EXPECT_TRUE(document().rig().textures == textures) << "the same image bytes";

    std::string bytes;
    io::GltfExportReport report;
    ASSERT_FALSE(io::encodeGltf(document().rig(), io::GltfContainer::Binary, bytes,
                                {.source = document().gltfSource().get()}, &report));
    EXPECT_TRUE(report.carriedSource) << report.notCarried;
    const io::ImportResult out = io::importGltfBytes(bytes, "export");
    ASSERT_TRUE(out.ok) << out.error;
    expectSameCarriedContent(out.gltfSource->summary(), was);
    EXPECT_TRUE(out.rig.meshes[body].weights == painted) << "the painted weights are in the export";
    EXPECT_TRUE(out.rig.clips == document().rig().clips);
    EXPECT_TRUE(out.rig.materials == materials);
    EXPECT_TRUE(out.rig.textures == textures);
}

// The viewport draws the head as the pose has it, morph targets included:
// its default weight at rest, the idle clip's keys while it plays (transform
// feedback from the viewport's own renderer against the CPU pose).
TEST_F(PaintLosslessTest, TheViewportDrawsTheHeadsMorphedShape)
{
    const model::Rig& rig = document().rig();
    std::size_t head = rig.meshes.size();
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (!rig.meshes[m].morphTargets.empty())
            head = m;
    ASSERT_LT(head, rig.meshes.size());
    const int idle = rig.findClip("idle");
    ASSERT_GE(idle, 0);
    window().selection().setActiveClip(idle);
    for (const double t : {0.0, 0.6}) {
        window().playback().setTime(t);
        settle();
        viewport().repaint();
        const std::span<const float> weights = window().evaluator().morphWeights(head);
        ASSERT_EQ(weights.size(), 1u);
        const std::span<const glm::vec3> cpu = window().evaluator().skinnedPositions(static_cast<int>(head));
        std::vector<glm::vec3> gpu;
        viewport().makeCurrent();
        ASSERT_TRUE(viewport().renderer().captureSkinnedPositions(head, gpu));
        viewport().doneCurrent();
        ASSERT_EQ(gpu.size(), cpu.size());
        double worst = 0.0;
        for (std::size_t v = 0; v < gpu.size(); ++v)
            worst = std::max(worst, static_cast<double>(glm::length(gpu[v] - cpu[v])));
        EXPECT_LT(worst, 1e-5) << "t=" << t << ", morph weight " << weights[0];
        EXPECT_NE(weights[0], 0.f) << "the head is morphed at t=" << t;
    }
}

} // namespace
} // namespace marrow::test
