// SPDX-License-Identifier: MIT
// The rows an import repairs reach the document (issue 23's Changed on
// Import): a tiny glTF written here with known bad rows (which a saved
// .marrow and a carried glTF write then hold repaired), and a real FBX
// through the Assimp worker, whose reply carries them across the pipe.
#include "core/document/document.h"
#include "core/document/document_io.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

using namespace marrow;

namespace {

// Six vertices (two triangles) on one joint pair. Rows 1 (sum 0.6) and 4
// (sum 2) are renormalised; row 2 has no weight and is bound to the node.
std::string writeGltf(const QTemporaryDir& dir)
{
    std::string bin;
    const auto put = [&bin](const void* p, std::size_t n) { bin.append(static_cast<const char*>(p), n); };
    const float positions[18] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 2, 1, 0};
    const std::uint8_t joints[24] = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0};
    const float weights[24] = {1, 0, 0, 0, .3f, .3f, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0};
    const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    const float up[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1};
    put(positions, sizeof positions);
    put(joints, sizeof joints);
    put(weights, sizeof weights);
    put(identity, sizeof identity);
    put(up, sizeof up);
    {
        std::ofstream out(dir.filePath(QStringLiteral("rows.bin")).toStdString(), std::ios::binary);
        out.write(bin.data(), static_cast<std::streamsize>(bin.size()));
    }
    using J = nlohmann::json;
    const auto view = [](int offset, int length) { return J{{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}}; };
    const J doc = {
        {"asset", {{"version", "2.0"}}},
        {"scene", 0},
        {"scenes", J::array({{{"nodes", {0, 2}}}})},
        {"nodes", J::array({{{"name", "Hip"}, {"children", {1}}},
                            {{"name", "Hand"}, {"translation", {0, 1, 0}}},
                            {{"name", "body"}, {"mesh", 0}, {"skin", 0}}})},
        {"skins", J::array({{{"joints", {0, 1}}, {"inverseBindMatrices", 3}}})},
        {"meshes", J::array({{{"primitives", J::array({{{"attributes", {{"POSITION", 0}, {"JOINTS_0", 1}, {"WEIGHTS_0", 2}}}}})}}})},
        {"buffers", J::array({{{"uri", "rows.bin"}, {"byteLength", bin.size()}}})},
        {"bufferViews", J::array({view(0, 72), view(72, 24), view(96, 96), view(192, 128)})},
        {"accessors", J::array({{{"bufferView", 0}, {"componentType", 5126}, {"count", 6}, {"type", "VEC3"},
                                 {"min", {0, 0, 0}}, {"max", {3, 1, 0}}},
                                {{"bufferView", 1}, {"componentType", 5121}, {"count", 6}, {"type", "VEC4"}},
                                {{"bufferView", 2}, {"componentType", 5126}, {"count", 6}, {"type", "VEC4"}},
                                {{"bufferView", 3}, {"componentType", 5126}, {"count", 2}, {"type", "MAT4"}}})}};
    const QString path = dir.filePath(QStringLiteral("rows.gltf"));
    std::ofstream(path.toStdString()) << doc.dump();
    return path.toStdString();
}

} // namespace

TEST(ImportChangesDocument, AGltfsRepairedRowsAreListedAndReachTheDocument)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string path = writeGltf(dir);
    const io::ImportResult r = io::importGltf(path);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.importChanges.meshes.size(), 1u);
    const model::MeshImportChanges& m = r.importChanges.meshes[0];
    EXPECT_EQ(m.renormalised, (std::vector<std::uint32_t>{1, 4}));
    EXPECT_TRUE(m.trimmed.empty());
    EXPECT_EQ(m.boundToNode, (std::vector<std::uint32_t>{2}));

    doc::Document document;
    ASSERT_FALSE(doc::openDocument(document, QString::fromStdString(path)));
    EXPECT_EQ(document.importChanges(), r.importChanges);

    // Saved and reopened, the document's weights are its own: nothing to show.
    const QString saved = dir.filePath(QStringLiteral("rows.marrow"));
    ASSERT_FALSE(doc::saveDocument(document, saved));
    doc::Document reopened;
    const auto reopenError = doc::openDocument(reopened, saved);
    ASSERT_FALSE(reopenError) << *reopenError;
    EXPECT_EQ(reopened.importChanges().count(), 0u);
    EXPECT_EQ(reopened.rig(), document.rig());

    // A carried glTF write keeps the skin the repair grew (row 2 follows the
    // body node, a third skin joint), so it reads back as it was written.
    const std::string written = dir.filePath(QStringLiteral("written.glb")).toStdString();
    ASSERT_FALSE(io::exportGltf(document.rig(), written, {.source = document.gltfSource().get()}));
    const io::ImportResult back = io::importGltf(written);
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_EQ(back.rig.skins[0].joints.size(), 3u);
    EXPECT_EQ(back.rig.meshes[0].weights, document.rig().meshes[0].weights);
    EXPECT_EQ(back.importChanges.count(), 0u) << "the written rows need no repair";
}

TEST(ImportChangesDocument, AnFbxsRenormalisedRowsCrossTheWorkersPipe)
{
    const io::ImportResult r = io::importModel(test::model("assimp/models/FBX/animation_with_skeleton.fbx"));
    ASSERT_TRUE(r.ok) << r.error;
    // The warning's figure and the listed rows agree.
    std::size_t warned = 0;
    const std::regex figure(R"((\d+) vertices had weights not summing to 1)");
    for (const std::string& w : r.warnings) {
        std::smatch match;
        if (std::regex_search(w, match, figure))
            warned += std::stoul(match[1]);
    }
    std::size_t listed = 0;
    for (const model::MeshImportChanges& m : r.importChanges.meshes)
        listed += m.renormalised.size();
    EXPECT_GT(warned, 1000u) << "the file renormalises thousands of rows";
    EXPECT_EQ(listed, warned);
    EXPECT_TRUE(r.importChanges.fits(r.rig.meshes));
    // Every listed row now sums to 1, as the repair promised.
    for (std::size_t i = 0; i < r.importChanges.meshes.size(); ++i)
        for (std::uint32_t v : r.importChanges.meshes[i].renormalised) {
            float sum = 0.f;
            for (float w : r.rig.meshes[i].weights.weightRow(v))
                sum += w;
            ASSERT_NEAR(sum, 1.f, 1e-5f) << "mesh " << i << " vertex " << v;
        }
}
