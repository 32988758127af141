// SPDX-License-Identifier: MIT
#include "core/io/model_import.h"
#include "core/io/rig_codec.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>

namespace marrow::io {
namespace {

// A small rig touching every field, NaN payload bits in a duration included.
model::Rig tinyRig()
{
    model::Rig rig;
    rig.skeleton.names = {"root", "arm"};
    rig.skeleton.parents = {anim::kNoParent, 0};
    rig.skeleton.rest.resize(2);
    rig.skeleton.rest[1].translation = {0.f, 1.f, 0.f};
    rig.skeleton.rest[1].rotation = glm::normalize(glm::quat(0.9f, 0.1f, 0.2f, 0.3f));
    rig.skeleton.rest[1].scale = {1.f, 2.f, 3.f};
    rig.skins.push_back({"skin", {0, 1}, {glm::mat4(1.f), glm::mat4(2.f)}});
    mesh::Mesh m;
    m.name = "tri";
    m.node = 0;
    m.skin = 0;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    m.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    m.uvs = {{0, 0}, {1, 0}, {0, 1}};
    m.indices = {0, 1, 2};
    m.weights.stride = 4;
    m.weights.joints = {0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0};
    m.weights.weights = {1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0};
    rig.meshes.push_back(m);
    anim::Clip clip;
    clip.name = "wave";
    anim::JointTrack t;
    t.joint = 1;
    t.rotation.times = {0.f, 1.f};
    t.rotation.values = {glm::quat(1, 0, 0, 0), glm::quat(0, 1, 0, 0)};
    t.translation.interpolations = {anim::Interpolation::CubicSpline};
    t.translation.tangentModes = {anim::TangentMode::AutoClamped};
    t.translation.times = {0.f};
    t.translation.values = {{1, 2, 3}};
    t.translation.inTangents = {{0, 0, 0}};
    t.translation.outTangents = {{0, 0, 1}};
    clip.tracks.push_back(t);
    clip.updateDuration();
    rig.clips.push_back(clip);
    return rig;
}

TEST(RigCodec, RigRoundTripsBitForBit)
{
    const model::Rig rig = tinyRig();
    const std::string bytes = encodeRig(rig);
    model::Rig back;
    std::string error;
    ASSERT_TRUE(decodeRig(bytes, back, error)) << error;
    EXPECT_EQ(back, rig);
    EXPECT_EQ(encodeRig(back), bytes);  // deterministic
}

TEST(RigCodec, ImportResultRoundTrips)
{
    ImportResult r;
    r.ok = true;
    r.rig = tinyRig();
    r.warnings = {"a.fbx: one", "a.fbx: two"};
    r.importChanges.meshes.resize(r.rig.meshes.size());
    r.importChanges.meshes.back().renormalised = {0};
    r.importChanges.meshes.back().boundToNode = {1, 2};
    const std::string bytes = encodeImportResult(r);
    ImportResult back;
    std::string error;
    ASSERT_TRUE(decodeImportResult(bytes, back, error)) << error;
    EXPECT_TRUE(back.ok);
    EXPECT_EQ(back.rig, r.rig);
    EXPECT_EQ(back.warnings, r.warnings);
    EXPECT_EQ(back.importChanges, r.importChanges) << "the Changed on Import rows cross the worker's pipe";

    // Rows past a mesh's end are refused, not shown on the wrong vertex.
    ImportResult wrong = r;
    wrong.importChanges.meshes.back().trimmed = {static_cast<std::uint32_t>(r.rig.meshes.back().positions.size())};
    EXPECT_FALSE(decodeImportResult(encodeImportResult(wrong), back, error));
    EXPECT_NE(error.find("changed rows"), std::string::npos) << error;

    const ImportResult failure = ImportResult::failure("x.dae: broken");
    ASSERT_TRUE(decodeImportResult(encodeImportResult(failure), back, error)) << error;
    EXPECT_FALSE(back.ok);
    EXPECT_EQ(back.error, "x.dae: broken");
}

TEST(RigCodec, RealModelRoundTrips)
{
    const ImportResult r = importModel(test::model("assimp/models-nonbsd/MD5/Bob.md5mesh"));
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_FALSE(r.rig.materials.empty()) << "Bob's materials";
    const std::string bytes = encodeRig(r.rig);
    model::Rig back;
    std::string error;
    ASSERT_TRUE(decodeRig(bytes, back, error)) << error;
    // Materials and vertex colours travel in the LOOK section, not the rig payload.
    model::Rig expected = r.rig;
    expected.materials.clear();
    expected.textures.clear();
    for (mesh::Mesh& m : expected.meshes) {
        m.material = -1;
        m.colours.clear();
    }
    EXPECT_EQ(back, expected);
    EXPECT_EQ(encodeRig(back), bytes);
    ImportResult whole;
    ASSERT_TRUE(decodeImportResult(encodeImportResult(r), whole, error)) << error;
    EXPECT_EQ(whole.rig, r.rig) << "the worker's reply carries them";
}

TEST(RigCodec, RejectsEveryTruncation)
{
    const std::string bytes = encodeImportResult([] {
        ImportResult r;
        r.ok = true;
        r.rig = tinyRig();
        r.warnings = {"w"};
        return r;
    }());
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
        ImportResult out;
        std::string error;
        EXPECT_FALSE(decodeImportResult(std::string_view(bytes).substr(0, cut), out, error)) << "cut " << cut;
        EXPECT_FALSE(error.empty());
    }
}

TEST(RigCodec, RejectsEveryCorruptedByte)
{
    const std::string bytes = encodeRig(tinyRig());
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        std::string corrupt = bytes;
        corrupt[i] = static_cast<char>(corrupt[i] ^ 0x5a);
        model::Rig out;
        std::string error;
        EXPECT_FALSE(decodeRig(corrupt, out, error)) << "byte " << i;
    }
}

TEST(RigCodec, HugeCountsAreRejectedBeforeAllocating)
{
    // A payload whose first count (joint names) claims 2^32-1 entries, with a valid frame around it.
    std::string payload(4, '\xff');
    std::string bytes = encodeRig(model::Rig{});
    // Rebuild the frame by hand: magic, version, length, payload, hash (FNV-1a 64).
    std::string framed = bytes.substr(0, 12);
    const std::uint64_t len = payload.size();
    for (int i = 0; i < 8; ++i)
        framed.push_back(static_cast<char>((len >> (8 * i)) & 0xff));
    framed += payload;
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : payload) {
        h ^= c;
        h *= 1099511628211ull;
    }
    for (int i = 0; i < 8; ++i)
        framed.push_back(static_cast<char>((h >> (8 * i)) & 0xff));
    model::Rig out;
    std::string error;
    EXPECT_FALSE(decodeRig(framed, out, error));
    EXPECT_NE(error.find("exceeds the remaining data"), std::string::npos) << error;
}

TEST(RigCodec, WrongMagicAndKindAreRejected)
{
    const std::string rigBytes = encodeRig(tinyRig());
    ImportResult out;
    std::string error;
    EXPECT_FALSE(decodeImportResult(rigBytes, out, error));
    EXPECT_FALSE(decodeImportResult("", out, error));
    EXPECT_FALSE(decodeImportResult("garbage that is long enough to have a header", out, error));
}

} // namespace
} // namespace marrow::io
