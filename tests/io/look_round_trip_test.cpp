// SPDX-License-Identifier: MIT
// Looks and morphs kept through every path that is not a carried glTF
// source (issue 19): the import worker's reply, a .marrow document (a glTF
// source's images referenced, not stored twice), and a fresh glTF write of
// an Assimp-read model or of a rig whose source cannot be carried.
#include "core/io/document_codec.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/model_import.h"
#include "core/io/rig_codec.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace marrow {
namespace {

std::string roundTripTraitsObj() { return std::filesystem::path(test::traitsSample()).replace_extension(".obj").string(); }

model::Rig loadForRoundTrip(const std::string& path)
{
    const io::ImportResult r = io::importModel(path);
    EXPECT_TRUE(r.ok) << r.error;
    return r.rig;
}

std::size_t occurrences(const std::string& haystack, const std::vector<std::uint8_t>& bytes)
{
    const std::string needle(bytes.begin(), bytes.end());
    std::size_t n = 0;
    auto it = haystack.begin();
    while ((it = std::search(it, haystack.end(), needle.begin(), needle.end())) != haystack.end()) {
        ++n;
        ++it;
    }
    return n;
}

model::Rig freshRoundTrip(const model::Rig& rig)
{
    std::string bytes;
    io::GltfExportReport report;
    const auto err = io::encodeGltf(rig, io::GltfContainer::Binary, bytes, {}, &report);
    EXPECT_FALSE(err) << *err;
    EXPECT_FALSE(report.carriedSource);
    const io::ImportResult back = io::importGltfBytes(bytes, "fresh write");
    EXPECT_TRUE(back.ok) << back.error;
    return back.rig;
}

TEST(LookRoundTrip, TheWorkersReplyCarriesMorphsAndLooks)
{
    const model::Rig rig = loadForRoundTrip(test::traitsSample());
    io::ImportResult sent;
    sent.ok = true;
    sent.rig = rig;
    io::ImportResult received;
    std::string error;
    ASSERT_TRUE(io::decodeImportResult(io::encodeImportResult(sent), received, error)) << error;
    EXPECT_TRUE(received.rig == rig) << "morph targets, morph tracks, materials, textures and colours come back";
    ASSERT_FALSE(received.rig.textures.empty());
    EXPECT_EQ(*received.rig.textures[0].bytes, *rig.textures[0].bytes);
}

TEST(LookRoundTrip, AnAssimpModelsLookSurvivesADocument)
{
    const model::Rig rig = loadForRoundTrip(roundTripTraitsObj());
    ASSERT_FALSE(rig.textures.empty());
    const std::string saved = doc::encodeDocument(rig, {});
    EXPECT_EQ(occurrences(saved, *rig.textures[0].bytes), 1u) << "the image is stored once";
    model::Rig back;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(saved, back, error)) << error;
    EXPECT_TRUE(back == rig);
    EXPECT_EQ(doc::encodeDocument(back, {}), saved) << "open -> save gives the bytes it opened";
}

TEST(LookRoundTrip, ADocumentWithAGltfSourceReferencesItsImages)
{
    const io::ImportResult imported = io::importModel(test::traitsSample());
    ASSERT_TRUE(imported.ok) << imported.error;
    doc::DocumentExtras extras;
    extras.source = imported.gltfSource;
    const std::string saved = doc::encodeDocument(imported.rig, extras);
    EXPECT_EQ(occurrences(saved, *imported.rig.textures[0].bytes), 1u) << "in the source section only";
    model::Rig back;
    doc::DocumentExtras backExtras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(saved, back, error, &backExtras)) << error;
    EXPECT_TRUE(back.textures == imported.rig.textures) << "bytes resolved from the source";
    EXPECT_TRUE(back.materials == imported.rig.materials);
}

TEST(LookRoundTrip, AFreshGltfWriteOfAnAssimpModelKeepsMaterialsTexturesAndColours)
{
    const model::Rig rig = loadForRoundTrip(roundTripTraitsObj());
    const model::Rig back = freshRoundTrip(rig);
    ASSERT_EQ(back.materials.size(), rig.materials.size());
    for (std::size_t m = 0; m < rig.materials.size(); ++m) {
        EXPECT_EQ(back.materials[m].name, rig.materials[m].name);
        EXPECT_EQ(back.materials[m].baseColour, rig.materials[m].baseColour);
        EXPECT_EQ(back.materials[m].baseColourMap.texture >= 0, rig.materials[m].baseColourMap.texture >= 0);
    }
    ASSERT_EQ(back.textures.size(), rig.textures.size());
    EXPECT_EQ(*back.textures[0].bytes, *rig.textures[0].bytes) << "the same PNG bytes";
    ASSERT_EQ(back.meshes.size(), rig.meshes.size());
    for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
        EXPECT_EQ(back.meshes[i].material, rig.meshes[i].material);
        EXPECT_EQ(back.meshes[i].colours, rig.meshes[i].colours);
        EXPECT_EQ(back.meshes[i].uvs, rig.meshes[i].uvs);
    }
}

// A source that cannot be carried (a joint added, here: none given) still
// writes the morph targets, default weights, target names and channels.
TEST(LookRoundTrip, AFreshGltfWriteKeepsMorphTargetsAndTheirChannels)
{
    const model::Rig rig = loadForRoundTrip(test::traitsSample());
    const model::Rig back = freshRoundTrip(rig);
    ASSERT_EQ(back.meshes.size(), rig.meshes.size());
    std::size_t targets = 0;
    for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
        EXPECT_EQ(back.meshes[i].morphTargets, rig.meshes[i].morphTargets) << rig.meshes[i].name;
        EXPECT_EQ(back.meshes[i].morphWeights, rig.meshes[i].morphWeights) << rig.meshes[i].name;
        targets += rig.meshes[i].morphTargets.size();
    }
    EXPECT_EQ(targets, 1u);
    ASSERT_EQ(back.clips.size(), rig.clips.size());
    std::size_t tracks = 0;
    for (std::size_t c = 0; c < rig.clips.size(); ++c) {
        EXPECT_EQ(back.clips[c].morphTracks, rig.clips[c].morphTracks) << rig.clips[c].name;
        tracks += rig.clips[c].morphTracks.size();
    }
    EXPECT_EQ(tracks, 1u);
}

} // namespace
} // namespace marrow
