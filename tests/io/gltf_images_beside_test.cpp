// SPDX-License-Identifier: MIT
// A .gltf write keeps image files as files (issue 19): a carried source's
// external images and a fresh write's textures are written beside the
// .gltf, with the same bytes, under names a different file in the folder
// does not hold; a .glb embeds them; the same bytes already there are not
// rewritten.
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::uint8_t> bytes(const fs::path& p)
{
    const std::string s = read(p);
    return {s.begin(), s.end()};
}

struct Folder {
    fs::path path;
    explicit Folder(const std::string& name)
        : path(fs::temp_directory_path() / ("marrow_beside_" + std::to_string(::getpid()) + "_" + name))
    {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~Folder() { fs::remove_all(path); }
};

fs::path sampleDir() { return fs::path(test::traitsSample()).parent_path(); }
const char* const kPngs[] = {"marrow_character_traits_albedo.png", "marrow_character_traits_normal.png",
                             "marrow_character_traits_occlusion.png"};

TEST(GltfImagesBeside, ACarriedSourcesExternalImagesAreCopiedBesideTheGltf)
{
    const io::ImportResult r = io::importModel(test::traitsSample());
    ASSERT_TRUE(r.ok) << r.error;
    Folder out("carried");
    io::GltfExportReport report;
    ASSERT_FALSE(io::exportGltf(r.rig, (out.path / "hero.gltf").string(), {.source = r.gltfSource.get()}, &report));
    EXPECT_TRUE(report.carriedSource);
    const nlohmann::json doc = nlohmann::json::parse(read(out.path / "hero.gltf"));
    ASSERT_EQ(doc.at("images").size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        const nlohmann::json& image = doc["images"][i];
        EXPECT_FALSE(image.contains("bufferView")) << i;
        EXPECT_EQ(image.value("uri", ""), kPngs[i]);
        EXPECT_EQ(bytes(out.path / kPngs[i]), bytes(sampleDir() / kPngs[i])) << "the same bytes";
    }
    const io::ImportResult back = io::importModel((out.path / "hero.gltf").string());
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_TRUE(back.rig.textures == r.rig.textures);
}

TEST(GltfImagesBeside, AFreshWritesTexturesAreFilesAndAGlbEmbedsThem)
{
    const io::ImportResult r = io::importModel((sampleDir() / "marrow_character_traits.obj").string());
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.rig.textures.size(), 2u) << "albedo and normal (the specular map has no glTF slot)";
    Folder out("fresh");
    ASSERT_FALSE(io::exportGltf(r.rig, (out.path / "hero.gltf").string()));
    ASSERT_FALSE(io::exportGltf(r.rig, (out.path / "hero.glb").string()));
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(out.path))
        files += entry.path().extension() == ".png";
    EXPECT_EQ(files, 2u) << "the .glb wrote none";
    for (const mesh::Texture& t : r.rig.textures)
        EXPECT_EQ(bytes(out.path / t.name), *t.bytes) << t.name;
    for (const char* name : {"hero.gltf", "hero.glb"}) {
        const io::ImportResult back = io::importModel((out.path / name).string());
        ASSERT_TRUE(back.ok) << back.error;
        ASSERT_EQ(back.rig.textures.size(), 2u) << name;
        for (std::size_t i = 0; i < 2; ++i)
            EXPECT_EQ(*back.rig.textures[i].bytes, *r.rig.textures[i].bytes) << name;
    }
}

TEST(GltfImagesBeside, ADifferentFileOfTheSameNameIsNeverOverwritten)
{
    const io::ImportResult r = io::importModel(test::traitsSample());
    ASSERT_TRUE(r.ok) << r.error;
    Folder out("clash");
    const std::string theirs = "someone else's picture";
    std::ofstream(out.path / kPngs[0], std::ios::binary) << theirs;
    ASSERT_FALSE(io::exportGltf(r.rig, (out.path / "hero.gltf").string(), {.source = r.gltfSource.get()}));
    EXPECT_EQ(read(out.path / kPngs[0]), theirs);
    const nlohmann::json doc = nlohmann::json::parse(read(out.path / "hero.gltf"));
    EXPECT_EQ(doc["images"][0].value("uri", ""), "marrow_character_traits_albedo_1.png");
    EXPECT_EQ(bytes(out.path / "marrow_character_traits_albedo_1.png"), bytes(sampleDir() / kPngs[0]));
}

TEST(GltfImagesBeside, ImagesAlreadyThereAreNotRewritten)
{
    Folder work("same");
    for (const char* name : {"marrow_character_traits.gltf", "marrow_character_traits.bin"})
        fs::copy_file(sampleDir() / name, work.path / name);
    for (const char* name : kPngs)
        fs::copy_file(sampleDir() / name, work.path / name);
    const auto stamp = fs::last_write_time(work.path / kPngs[1]);
    const io::ImportResult r = io::importModel((work.path / "marrow_character_traits.gltf").string());
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_FALSE(io::exportGltf(r.rig, (work.path / "edited.gltf").string(), {.source = r.gltfSource.get()}));
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(work.path))
        ++files;
    EXPECT_EQ(files, 6u) << "only edited.gltf was added";
    EXPECT_EQ(fs::last_write_time(work.path / kPngs[1]), stamp);
}

} // namespace
} // namespace marrow
