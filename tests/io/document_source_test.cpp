// SPDX-License-Identifier: MIT
// A .marrow document carries its glTF source (issue 19): glTF -> .marrow ->
// glTF loses nothing, a document opens and saves to the same bytes, the
// unedited document converts to the same glTF as its source, and an edit
// made before saving comes out in the glTF with the rest as it was.
#include "core/io/document_codec.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_source.h"
#include "core/io/model_import.h"
#include "carried_content.h"

#include <gtest/gtest.h>

#include <cstdio>
#include "shared_models.h"

namespace marrow {
namespace {

using test::expectSameCarriedContent;
using test::firstSkinned;
using test::weightVertexZeroToItsFirstJoint;

class DocumentSource : public ::testing::Test {
protected:
    void SetUp() override
    {
        imported = io::importModel(test::traitsSample());
        ASSERT_TRUE(imported.ok) << imported.error;
        ASSERT_NE(imported.gltfSource, nullptr);
        extras.fps = 24.0;
        extras.source = imported.gltfSource;
    }
    std::string glb(const model::Rig& rig, const io::GltfSource* source)
    {
        std::string bytes;
        io::GltfExportReport report;
        auto err = io::encodeGltf(rig, io::GltfContainer::Binary, bytes, {.source = source}, &report);
        EXPECT_FALSE(err) << *err;
        EXPECT_TRUE(report.carriedSource) << report.notCarried;
        return bytes;
    }
    io::ImportResult imported;
    doc::DocumentExtras extras;
};

TEST_F(DocumentSource, OpenAndSaveGiveTheSameBytesAndTheSourceComesBack)
{
    const std::string saved = doc::encodeDocument(imported.rig, extras);
    model::Rig rig;
    doc::DocumentExtras back;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(saved, rig, error, &back)) << error;
    ASSERT_NE(back.source, nullptr) << "the source section reads back";
    expectSameCarriedContent(back.source->summary(), imported.gltfSource->summary());
    EXPECT_TRUE(back.source->asImported == imported.rig);
    EXPECT_EQ(doc::encodeDocument(rig, back), saved) << "open -> save gives the bytes it opened";
    EXPECT_EQ(glb(rig, back.source.get()), glb(imported.rig, imported.gltfSource.get()))
        << "the document converts to the glTF its source converts to";
}

TEST_F(DocumentSource, AnEditSavedInTheDocumentComesOutInTheGltfWithTheRestAsItWas)
{
    model::Rig edited = imported.rig;
    const std::size_t body = firstSkinned(edited);
    ASSERT_LT(body, edited.meshes.size());
    mesh::SkinWeights& w = edited.meshes[body].weights;
    weightVertexZeroToItsFirstJoint(w);
    const std::string saved = doc::encodeDocument(edited, extras);
    model::Rig rig;
    doc::DocumentExtras back;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(saved, rig, error, &back)) << error;
    ASSERT_NE(back.source, nullptr);
    const std::string out = glb(rig, back.source.get());
    // Read the written glTF back through the importer, from memory.
    const std::string path = ::testing::TempDir() + "document_source_edit.glb";
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fwrite(out.data(), 1, out.size(), f);
        std::fclose(f);
    }
    const io::ImportResult reread = io::importModel(path);
    ASSERT_TRUE(reread.ok) << reread.error;
    EXPECT_TRUE(reread.rig.meshes[body].weights == edited.meshes[body].weights);
    EXPECT_TRUE(reread.rig.clips == imported.rig.clips);
    EXPECT_EQ(reread.gltfSource->summary().materials, imported.gltfSource->summary().materials);
    EXPECT_EQ(reread.gltfSource->summary().morphChannels, imported.gltfSource->summary().morphChannels);
}

TEST_F(DocumentSource, ADocumentFromAnotherFormatHasNoSourceSection)
{
    const std::string withSource = doc::encodeDocument(imported.rig, extras);
    extras.source.reset();
    const std::string without = doc::encodeDocument(imported.rig, extras);
    EXPECT_LT(without.size(), withSource.size());
    EXPECT_EQ(without.find("GSRC"), std::string::npos);
    model::Rig rig;
    doc::DocumentExtras back;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(without, rig, error, &back)) << error;
    EXPECT_EQ(back.source, nullptr);
}

} // namespace
} // namespace marrow
