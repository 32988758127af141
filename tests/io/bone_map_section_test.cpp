// SPDX-License-Identifier: MIT
// Retarget bone maps kept in a .marrow (the BMAP section, issue 40): they
// round-trip by source name, a document with none adds no bytes (older
// documents keep theirs), and a damaged section is refused with its reason.
#include "core/io/bone_map_section.h"
#include "core/io/document_codec.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <gtest/gtest.h>

namespace marrow {

namespace {

doc::BoneMaps someMaps()
{
    return {{"run.fbx", R"({"marrow_bone_map": 1, "pairs": [{"source": "Hips", "target": "hips"}]})"},
            {"Mixamo walk.glb", "{}"}};
}

} // namespace

TEST(BoneMapSection, MapsRoundTripThroughADocument)
{
    io::ImportResult in = io::importModel(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(in.ok) << in.error;
    EXPECT_EQ(doc::encodeDocument(in.rig, {}).find("BMAP"), std::string::npos) << "no maps, no section";
    doc::DocumentExtras extras;
    extras.boneMaps = someMaps();
    const std::string bytes = doc::encodeDocument(in.rig, extras);
    model::Rig back;
    doc::DocumentExtras read;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(bytes, back, error, &read)) << error;
    EXPECT_EQ(read.boneMaps, extras.boneMaps);
    EXPECT_EQ(doc::encodeDocument(back, read), bytes) << "open then save gives the same bytes";
}

TEST(BoneMapSection, ADamagedSectionIsRefusedWithItsReason)
{
    const std::string good = doc::encodeBoneMapSection(someMaps());
    doc::BoneMaps maps;
    std::string error;
    ASSERT_TRUE(doc::decodeBoneMapSection(good, maps, error)) << error;
    EXPECT_EQ(maps, someMaps());
    for (std::size_t cut = 0; cut < good.size(); ++cut) {
        error.clear();
        doc::BoneMaps untouched = {{"kept", "x"}};
        EXPECT_FALSE(doc::decodeBoneMapSection(good.substr(0, cut), untouched, error)) << "cut at " << cut;
        EXPECT_NE(error.find("bone map section"), std::string::npos) << error;
        EXPECT_EQ(untouched.size(), 1u) << "assigned only on success";
    }
    // Two maps under one name, and one with no name.
    std::string twice = doc::encodeBoneMapSection({{"a.fbx", "{}"}});
    twice[0] = '\x02';
    twice += twice.substr(4);
    EXPECT_FALSE(doc::decodeBoneMapSection(twice, maps, error));
    EXPECT_NE(error.find("two maps for a.fbx"), std::string::npos) << error;
    EXPECT_FALSE(doc::decodeBoneMapSection(doc::encodeBoneMapSection({{"", "{}"}}), maps, error));
    EXPECT_NE(error.find("no source name"), std::string::npos) << error;
}

} // namespace marrow
