// SPDX-License-Identifier: MIT
// glTF export: atomic writes, the written structure (read back as JSON), and
// round trips through io::importModel that must keep the rig and its poses.
#include "core/io/atomic_write.h"
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "glm_expect.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <tuple>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::axisAngle;
using test::trs;

// A fresh folder per test, removed afterwards.
class ExportTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = std::string(info->test_suite_name()) + "_" + info->name();
        std::replace(name.begin(), name.end(), '/', '_');
        m_dir = fs::temp_directory_path() / ("marrow_export_" + std::to_string(::getpid()) + "_" + name);
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }
    std::string path(const std::string& file) const { return (m_dir / file).string(); }
    fs::path m_dir;
};

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::uint32_t u32(const std::string& b, std::size_t at)
{
    std::uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

// The JSON of a .gltf, or of a .glb after checking its container: header,
// a JSON chunk, then a BIN chunk that holds at least `binBytesOut` bytes.
json readJson(const std::string& path, std::size_t* binBytesOut = nullptr)
{
    const std::string bytes = readAll(path);
    if (path.ends_with(".gltf"))
        return json::parse(bytes);
    EXPECT_GE(bytes.size(), 20u);
    EXPECT_EQ(bytes.substr(0, 4), "glTF");
    EXPECT_EQ(u32(bytes, 4), 2u);
    EXPECT_EQ(u32(bytes, 8), bytes.size());
    const std::uint32_t jsonLength = u32(bytes, 12);
    EXPECT_EQ(u32(bytes, 16), 0x4E4F534Au);  // "JSON"
    EXPECT_EQ(jsonLength % 4, 0u);
    const std::size_t bin = 20 + jsonLength;
    if (bin + 8 <= bytes.size()) {
        EXPECT_EQ(u32(bytes, bin + 4), 0x004E4942u);  // "BIN\0"
        EXPECT_EQ(bin + 8 + u32(bytes, bin), bytes.size());
        if (binBytesOut)
            *binBytesOut = u32(bytes, bin);
    }
    return json::parse(bytes.substr(20, jsonLength));
}

// ---- rigs built in code ----------------------------------------------------

glm::mat4 restWorld(const anim::Skeleton& s, int joint)
{
    glm::mat4 m = math::toMatrix(s.rest[static_cast<std::size_t>(joint)]);
    for (int p = s.parents[static_cast<std::size_t>(joint)]; p != anim::kNoParent; p = s.parents[static_cast<std::size_t>(p)])
        m = math::toMatrix(s.rest[static_cast<std::size_t>(p)]) * m;
    return m;
}

// A strip of 8 vertices skinned to "root" and "tip", plus its own mesh node
// "strip" as a third joint (identity inverse bind: the bottom row follows the
// node, as the importers bind weightless vertices). Stride 8 rows with at most
// 2 influences. Clips: "wave" with a STEP, a LINEAR and a CUBICSPLINE channel,
// an unnamed one-key clip, and an empty clip that the export skips. Node 3 is
// an unnamed second root.
model::Rig skinnedStrip()
{
    model::Rig rig;
    rig.skeleton.names = {"root", "tip", "strip", ""};
    rig.skeleton.parents = {anim::kNoParent, 0, 0, anim::kNoParent};
    rig.skeleton.rest = {trs({0.5f, 0.f, 0.f}, axisAngle({0.f, 1.f, 0.f}, 30.f)),
                         trs({0.f, 1.f, 0.f}, axisAngle({0.f, 0.f, 1.f}, 10.f)), trs({0.1f, 0.f, 0.2f}),
                         trs({0.f, 0.f, -3.f}, glm::quat(1.f, 0.f, 0.f, 0.f), glm::vec3(2.f))};
    model::Skin skin;
    skin.name = "strip_skin";
    skin.joints = {0, 1, 2};
    skin.inverseBind = {glm::inverse(restWorld(rig.skeleton, 0)), glm::inverse(restWorld(rig.skeleton, 1)), glm::mat4(1.f)};
    rig.skins.push_back(skin);

    mesh::Mesh m;
    m.name = "strip";
    m.node = 2;
    m.skin = 0;
    m.weights.stride = 8;
    for (int row = 0; row < 4; ++row) {
        const float y = 0.5f * static_cast<float>(row);
        for (float x : {-0.1f, 0.1f}) {
            m.positions.push_back(glm::vec3(restWorld(rig.skeleton, 0) * glm::vec4(x, y, 0.f, 1.f)));
            m.normals.push_back({0.f, 0.f, 1.f});
            m.uvs.push_back({x + 0.5f, y / 1.5f});
            std::uint16_t j[8] = {};
            float w[8] = {};
            if (row == 0) {
                j[0] = 2;
                w[0] = 1.f;
            } else {
                const float tip = y / 1.5f;
                j[0] = tip >= 0.5f ? 1 : 0;
                j[1] = tip >= 0.5f ? 0 : 1;
                w[0] = std::max(tip, 1.f - tip);
                w[1] = 1.f - w[0];
            }
            m.weights.joints.insert(m.weights.joints.end(), j, j + 8);
            m.weights.weights.insert(m.weights.weights.end(), w, w + 8);
        }
    }
    for (std::uint32_t r = 0; r < 3; ++r) {
        const std::uint32_t a = 2 * r;
        m.indices.insert(m.indices.end(), {a, a + 1, a + 2, a + 2, a + 1, a + 3});
    }
    rig.meshes.push_back(m);

    anim::Clip wave;
    wave.name = "wave";
    anim::JointTrack tip;
    tip.joint = 1;
    tip.translation = test::vec3Channel({0.f, 0.5f, 1.f}, {{0.f, 1.f, 0.f}, {0.2f, 1.f, 0.f}, {0.f, 1.2f, 0.f}},
                                        anim::Interpolation::Step);
    tip.rotation = test::quatChannel({0.f, 0.25f, 1.f}, {axisAngle({0.f, 0.f, 1.f}, 0.f), axisAngle({0.f, 0.f, 1.f}, 40.f),
                                                         axisAngle({0.f, 0.f, 1.f}, -20.f)});
    anim::JointTrack root;
    root.joint = 0;
    root.scale = test::vec3Channel({0.f, 0.6f, 1.2f}, {{1.f, 1.f, 1.f}, {1.2f, 1.f, 0.9f}, {1.f, 1.f, 1.f}},
                                   anim::Interpolation::CubicSpline);
    root.scale.inTangents = {{0.f, 0.f, 0.f}, {0.5f, 0.f, -0.25f}, {-1.f, 0.f, 0.5f}};
    root.scale.outTangents = {{0.3f, 0.f, 0.1f}, {-0.5f, 0.1f, 0.f}, {0.f, 0.f, 0.f}};
    root.rotation = test::quatChannel({0.f, 1.2f}, {rig.skeleton.rest[0].rotation, axisAngle({0.f, 1.f, 0.f}, 60.f)},
                                      anim::Interpolation::CubicSpline);
    root.rotation.inTangents = {glm::quat(0.f, 0.f, 0.f, 0.f), glm::quat(0.f, 0.f, 0.1f, 0.f)};
    root.rotation.outTangents = {glm::quat(0.f, 0.f, 0.2f, 0.f), glm::quat(0.f, 0.f, 0.f, 0.f)};
    wave.tracks = {tip, root};
    wave.updateDuration();
    rig.clips.push_back(wave);

    anim::Clip unnamed;
    anim::JointTrack held;
    held.joint = 2;
    held.translation = test::vec3Channel({0.f}, {{0.1f, 0.3f, 0.2f}});
    unnamed.tracks = {held};
    rig.clips.push_back(unnamed);

    anim::Clip empty;
    empty.name = "empty";
    rig.clips.push_back(empty);
    return rig;
}

// A chain of 9 joints and one mesh whose rows use all 8 influences (so
// JOINTS_1/WEIGHTS_1 are written), one row summing to 1 + 5e-5: inside the
// rig's tolerance, outside the validator's, so the export renormalises it.
model::Rig eightInfluenceFan()
{
    model::Rig rig;
    model::Skin skin;
    for (int j = 0; j < 9; ++j) {
        rig.skeleton.names.push_back("j" + std::to_string(j));
        rig.skeleton.parents.push_back(j - 1);
        rig.skeleton.rest.push_back(trs({0.f, j == 0 ? 0.f : 0.2f, 0.f}, axisAngle({1.f, 0.f, 0.f}, 5.f)));
        skin.joints.push_back(j);
    }
    for (int j = 0; j < 9; ++j)
        skin.inverseBind.push_back(glm::inverse(restWorld(rig.skeleton, j)));
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.name = "fan";
    m.node = 0;
    m.skin = 0;
    m.weights.stride = 8;
    const float w[8] = {0.3f, 0.2f, 0.15f, 0.1f, 0.1f, 0.07f, 0.05f, 0.03f};
    for (int v = 0; v < 5; ++v) {
        m.positions.push_back({0.1f * static_cast<float>(v), 0.2f * static_cast<float>(v), 0.f});
        for (int k = 0; k < 8; ++k) {
            m.weights.joints.push_back(static_cast<std::uint16_t>((v + k) % 9));
            m.weights.weights.push_back(v == 4 && k == 0 ? w[0] + 5e-5f : w[k]);
        }
    }
    m.indices = {0, 1, 2, 2, 3, 4};
    rig.meshes.push_back(m);
    anim::Clip bend;
    bend.name = "bend";
    anim::JointTrack t;
    t.joint = 3;
    t.rotation = test::quatChannel({0.f, 1.f}, {rig.skeleton.rest[3].rotation, axisAngle({0.f, 0.f, 1.f}, 45.f)});
    bend.tracks = {t};
    bend.updateDuration();
    rig.clips.push_back(bend);
    return rig;
}

// ---- comparisons -----------------------------------------------------------

std::map<std::uint16_t, float> rowOf(const mesh::SkinWeights& w, std::size_t v)
{
    std::map<std::uint16_t, float> row;
    for (int k = 0; k < w.stride; ++k)
        if (w.weightRow(v)[static_cast<std::size_t>(k)] != 0.f)
            row[w.jointRow(v)[static_cast<std::size_t>(k)]] = w.weightRow(v)[static_cast<std::size_t>(k)];
    return row;
}

template <class T>
void expectSameChannel(const anim::Channel<T>& a, const anim::Channel<T>& b, const std::string& what)
{
    SCOPED_TRACE(what);
    if (a.empty()) {
        EXPECT_TRUE(b.empty());
        return;
    }
    // One cubic key is written as LINEAR: the same constant.
    const bool oneCubic = a.interpolation == anim::Interpolation::CubicSpline && a.size() == 1;
    EXPECT_EQ(b.interpolation, oneCubic ? anim::Interpolation::Linear : a.interpolation);
    EXPECT_EQ(b.times, a.times);
    EXPECT_EQ(b.values, a.values);
    if (a.interpolation == anim::Interpolation::CubicSpline && !oneCubic) {
        EXPECT_EQ(b.inTangents, a.inTangents);
        EXPECT_EQ(b.outTangents, a.outTangents);
    }
}

// The re-imported rig `b` holds what `a` held: the same skeleton, skins,
// meshes, weights (within weightTol) and non-empty clips, keys bit for bit.
void expectSameRig(const model::Rig& a, const model::Rig& b, float weightTol)
{
    ASSERT_EQ(b.skeleton.size(), a.skeleton.size());
    for (std::size_t i = 0; i < a.skeleton.size(); ++i) {
        SCOPED_TRACE("joint " + std::to_string(i));
        EXPECT_EQ(b.skeleton.names[i], a.skeleton.names[i].empty() ? "node " + std::to_string(i) : a.skeleton.names[i]);
        EXPECT_EQ(b.skeleton.parents[i], a.skeleton.parents[i]);
        EXPECT_VEC3_NEAR(b.skeleton.rest[i].translation, a.skeleton.rest[i].translation, 1e-6f);
        EXPECT_QUAT_EQUIV(b.skeleton.rest[i].rotation, a.skeleton.rest[i].rotation, 1e-6f);
        EXPECT_VEC3_NEAR(b.skeleton.rest[i].scale, a.skeleton.rest[i].scale, 1e-6f);
    }
    ASSERT_EQ(b.skins.size(), a.skins.size());
    for (std::size_t s = 0; s < a.skins.size(); ++s) {
        EXPECT_EQ(b.skins[s].joints, a.skins[s].joints);
        ASSERT_EQ(b.skins[s].inverseBind.size(), a.skins[s].inverseBind.size());
        for (std::size_t k = 0; k < a.skins[s].inverseBind.size(); ++k)
            EXPECT_MAT4_NEAR(b.skins[s].inverseBind[k], a.skins[s].inverseBind[k], 1e-6f);
    }
    ASSERT_EQ(b.meshes.size(), a.meshes.size());
    for (std::size_t i = 0; i < a.meshes.size(); ++i) {
        const mesh::Mesh& ma = a.meshes[i];
        const mesh::Mesh& mb = b.meshes[i];
        SCOPED_TRACE("mesh " + ma.name);
        EXPECT_EQ(mb.name, ma.name);
        EXPECT_EQ(mb.node, ma.node);
        EXPECT_EQ(mb.skin, ma.skin);
        EXPECT_EQ(mb.positions, ma.positions);
        EXPECT_EQ(mb.uvs, ma.uvs);
        EXPECT_EQ(mb.indices, ma.indices);
        ASSERT_EQ(mb.normals.size(), ma.normals.size());
        for (std::size_t v = 0; v < ma.normals.size(); ++v)
            EXPECT_VEC3_NEAR(mb.normals[v], glm::normalize(ma.normals[v]), 1e-5f);
        ASSERT_EQ(mb.weights.vertexCount(), ma.weights.vertexCount());
        for (std::size_t v = 0; v < ma.weights.vertexCount(); ++v) {
            const auto ra = rowOf(ma.weights, v), rb = rowOf(mb.weights, v);
            ASSERT_EQ(rb.size(), ra.size()) << "vertex " << v;
            for (const auto& [joint, weight] : ra) {
                ASSERT_TRUE(rb.count(joint)) << "vertex " << v << " lost joint " << joint;
                EXPECT_NEAR(rb.at(joint), weight, weightTol) << "vertex " << v << " joint " << joint;
            }
        }
    }
    std::vector<const anim::Clip*> kept;
    for (const anim::Clip& c : a.clips)
        if (std::any_of(c.tracks.begin(), c.tracks.end(), [](const anim::JointTrack& t) { return t.mask() != 0; }))
            kept.push_back(&c);
    ASSERT_EQ(b.clips.size(), kept.size());
    for (std::size_t c = 0; c < kept.size(); ++c) {
        const anim::Clip& ca = *kept[c];
        const anim::Clip& cb = b.clips[c];
        SCOPED_TRACE("clip " + ca.name);
        if (!ca.name.empty()) {
            EXPECT_EQ(cb.name, ca.name);
        }
        EXPECT_FLOAT_EQ(cb.duration, ca.duration);
        for (const anim::JointTrack& ta : ca.tracks) {
            if (ta.mask() == 0)
                continue;
            const anim::JointTrack* tb = cb.findTrack(ta.joint);
            ASSERT_NE(tb, nullptr) << "joint " << ta.joint;
            const std::string j = " of joint " + std::to_string(ta.joint);
            expectSameChannel(ta.translation, tb->translation, "translation" + j);
            expectSameChannel(ta.rotation, tb->rotation, "rotation" + j);
            expectSameChannel(ta.scale, tb->scale, "scale" + j);
        }
    }
}

// Both rigs posed at rest and at five times of every clip give the same joint
// worlds and skinned positions, within 1e-5 of the rest bounding-box diagonal.
void expectSamePoses(const model::Rig& a, const model::Rig& b)
{
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const mesh::Mesh& m : a.meshes)
        for (const glm::vec3& p : m.positions) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
    const float diag = a.meshes.empty() ? 1.f : std::max(glm::length(hi - lo), 1e-6f);
    const float tol = 1e-5f * diag;
    model::PosePipeline pa(a), pb(b);
    std::vector<int> clipIndex;  // a's clip index per clip of b
    for (std::size_t c = 0; c < a.clips.size(); ++c)
        if (std::any_of(a.clips[c].tracks.begin(), a.clips[c].tracks.end(), [](const anim::JointTrack& t) { return t.mask(); }))
            clipIndex.push_back(static_cast<int>(c));
    for (int cb = -1; cb < static_cast<int>(clipIndex.size()); ++cb) {
        const int ca = cb < 0 ? -1 : clipIndex[static_cast<std::size_t>(cb)];
        const float d = ca < 0 ? 0.f : a.clips[static_cast<std::size_t>(ca)].duration;
        for (float f : {0.f, 0.37f, 0.5f, 0.81f, 1.f}) {
            SCOPED_TRACE("clip " + std::to_string(ca) + " at " + std::to_string(f * d));
            ASSERT_TRUE(pa.evaluate({ca, f * d}));
            ASSERT_TRUE(pb.evaluate({cb, f * d}));
            for (std::size_t j = 0; j < a.skeleton.size(); ++j) {
                SCOPED_TRACE("joint " + std::to_string(j));
                EXPECT_MAT4_NEAR(pb.worlds()[j], pa.worlds()[j], tol);
            }
            for (std::size_t m = 0; m < a.meshes.size(); ++m) {
                std::vector<glm::vec3> qa(a.meshes[m].vertexCount()), qb(qa.size());
                ASSERT_TRUE(pa.skinMesh(m, mesh::SkinningMethod::Linear, qa, {}));
                ASSERT_TRUE(pb.skinMesh(m, mesh::SkinningMethod::Linear, qb, {}));
                float worst = 0.f;
                for (std::size_t v = 0; v < qa.size(); ++v)
                    worst = std::max(worst, glm::length(qa[v] - qb[v]));
                EXPECT_LE(worst, tol) << "mesh " << m;
            }
            if (ca < 0)
                break;  // the rest pose has no time
        }
    }
}

model::Rig roundTrip(const model::Rig& rig, const std::string& file)
{
    if (auto err = io::exportGltf(rig, file))
        ADD_FAILURE() << *err;
    io::ImportResult back = io::importModel(file);
    EXPECT_TRUE(back.ok) << back.error;
    return std::move(back.rig);
}

// ---- tests -----------------------------------------------------------------

TEST_F(ExportTest, AtomicWriteCreatesAndReplacesWithoutLeftovers)
{
    const std::string file = path("out.txt");
    ASSERT_FALSE(io::writeFileAtomically(file, "first version, longer"));
    ASSERT_FALSE(io::writeFileAtomically(file, "second"));
    EXPECT_EQ(readAll(file), "second");
    EXPECT_EQ(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()), 1);
}

TEST_F(ExportTest, AtomicWriteNamesThePathOnFailure)
{
    const std::string file = path("missing/out.txt");
    const auto err = io::writeFileAtomically(file, "x");
    ASSERT_TRUE(err);
    EXPECT_TRUE(err->starts_with(file + ": ")) << *err;
    EXPECT_FALSE(fs::exists(file));
}

TEST_F(ExportTest, RefusesUnknownExtensionAndInvalidRig)
{
    const std::string obj = path("strip.obj");
    const auto err = io::exportGltf(skinnedStrip(), obj);
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, obj + ": cannot tell the format from the extension '.obj' (use .gltf or .glb)");

    model::Rig bad = skinnedStrip();
    bad.meshes[0].indices.push_back(99);
    const std::string glb = path("bad.glb");
    const auto err2 = io::exportGltf(bad, glb);
    ASSERT_TRUE(err2);
    EXPECT_TRUE(err2->starts_with(glb + ": the model is invalid: ")) << *err2;
    EXPECT_FALSE(fs::exists(glb));
}

TEST_F(ExportTest, GlbHoldsABinChunkAndNoDataUri)
{
    const std::string file = path("strip.glb");
    ASSERT_FALSE(io::exportGltf(skinnedStrip(), file));
    std::size_t binBytes = 0;
    const json j = readJson(file, &binBytes);
    ASSERT_EQ(j["buffers"].size(), 1u);
    EXPECT_FALSE(j["buffers"][0].contains("uri"));
    EXPECT_GE(binBytes, j["buffers"][0]["byteLength"].get<std::size_t>());
    EXPECT_EQ(readAll(file).find("data:"), std::string::npos);
}

TEST_F(ExportTest, GltfEmbedsItsOneBufferAsADataUri)
{
    const std::string file = path("strip.gltf");
    ASSERT_FALSE(io::exportGltf(skinnedStrip(), file));
    const json j = readJson(file);
    ASSERT_EQ(j["buffers"].size(), 1u);
    EXPECT_TRUE(j["buffers"][0]["uri"].get<std::string>().starts_with("data:application/octet-stream;base64,"));
    EXPECT_EQ(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()), 1);  // no .bin beside it
}

TEST_F(ExportTest, WritesNodesMeshSkinAndSamplersAsGltfExpects)
{
    const std::string file = path("strip.gltf");
    ASSERT_FALSE(io::exportGltf(skinnedStrip(), file));
    const json j = readJson(file);
    EXPECT_EQ(j["asset"]["version"], "2.0");
    ASSERT_EQ(j["nodes"].size(), 4u);
    EXPECT_EQ(j["nodes"][0]["name"], "root");
    EXPECT_EQ(j["nodes"][0]["children"], json::array({1, 2}));
    EXPECT_FALSE(j["nodes"][3].contains("name"));  // unnamed stays unnamed
    EXPECT_EQ(j["scenes"][0]["nodes"], json::array({0, 3}));
    EXPECT_EQ(j["nodes"][2]["mesh"], 0);
    EXPECT_EQ(j["nodes"][2]["skin"], 0);
    EXPECT_EQ(j["skins"][0]["joints"], json::array({0, 1, 2}));

    const json& prim = j["meshes"][0]["primitives"][0];
    EXPECT_EQ(prim["mode"], 4);
    const json& pos = j["accessors"][prim["attributes"]["POSITION"].get<int>()];
    EXPECT_EQ(pos["min"].size(), 3u);
    EXPECT_EQ(pos["max"].size(), 3u);
    EXPECT_TRUE(prim["attributes"].contains("NORMAL"));
    EXPECT_TRUE(prim["attributes"].contains("TEXCOORD_0"));
    EXPECT_EQ(j["accessors"][prim["indices"].get<int>()]["componentType"], 5121);  // 8 vertices: bytes
    EXPECT_EQ(j["accessors"][prim["attributes"]["JOINTS_0"].get<int>()]["componentType"], 5121);
    EXPECT_EQ(j["accessors"][prim["attributes"]["WEIGHTS_0"].get<int>()]["componentType"], 5126);
    EXPECT_FALSE(prim["attributes"].contains("JOINTS_1"));  // stride 8, but 2 influences at most

    ASSERT_EQ(j["animations"].size(), 2u);  // the empty clip is skipped
    EXPECT_EQ(j["animations"][0]["name"], "wave");
    EXPECT_FALSE(j["animations"][1].contains("name"));
    std::map<std::string, std::string> interpolation;
    const json& wave = j["animations"][0];
    for (const json& ch : wave["channels"]) {
        const json& sampler = wave["samplers"][ch["sampler"].get<int>()];
        const std::string key = std::to_string(ch["target"]["node"].get<int>()) + ch["target"]["path"].get<std::string>();
        interpolation[key] = sampler["interpolation"];
        const json& input = j["accessors"][sampler["input"].get<int>()];
        const json& output = j["accessors"][sampler["output"].get<int>()];
        EXPECT_TRUE(input.contains("min") && input.contains("max")) << key;
        const int factor = sampler["interpolation"] == "CUBICSPLINE" ? 3 : 1;
        EXPECT_EQ(output["count"].get<int>(), factor * input["count"].get<int>()) << key;
    }
    EXPECT_EQ(interpolation["1translation"], "STEP");
    EXPECT_EQ(interpolation["1rotation"], "LINEAR");
    EXPECT_EQ(interpolation["0scale"], "CUBICSPLINE");
    EXPECT_EQ(interpolation["0rotation"], "CUBICSPLINE");
}

TEST_F(ExportTest, EightInfluencesGetASecondSetAndValidatorNormalisedWeights)
{
    const std::string file = path("fan.glb");
    ASSERT_FALSE(io::exportGltf(eightInfluenceFan(), file));
    const json j = readJson(file);
    const json& attributes = j["meshes"][0]["primitives"][0]["attributes"];
    EXPECT_TRUE(attributes.contains("JOINTS_1"));
    EXPECT_TRUE(attributes.contains("WEIGHTS_1"));
    const io::ImportResult back = io::importModel(file);
    ASSERT_TRUE(back.ok) << back.error;
    const mesh::SkinWeights& w = back.rig.meshes.at(0).weights;
    ASSERT_EQ(w.stride, 8);
    for (std::size_t v = 0; v < w.vertexCount(); ++v) {
        // The validator's rule: a float32 running sum within 2e-7 per weight.
        float sum = 0.f;
        for (int c = 0; c < 4; ++c)
            for (int set = 0; set < 2; ++set)
                sum += w.weightRow(v)[static_cast<std::size_t>(set * 4 + c)];
        EXPECT_NEAR(sum, 1.f, 8 * 2e-7f) << "vertex " << v;
    }
    expectSameRig(eightInfluenceFan(), back.rig, 1e-4f);
    // The export renormalised the 1 + 5e-5 row, which moves that vertex by
    // 5e-5 of its offset: pose against the source with that row renormalised.
    model::Rig normalised = eightInfluenceFan();
    mesh::SkinWeights& sw = normalised.meshes[0].weights;
    for (std::size_t v = 0; v < sw.vertexCount(); ++v) {
        double sum = 0.0;
        for (int k = 0; k < sw.stride; ++k)
            sum += sw.weights[v * 8 + static_cast<std::size_t>(k)];
        for (int k = 0; k < sw.stride; ++k)
            sw.weights[v * 8 + static_cast<std::size_t>(k)] =
                static_cast<float>(sw.weights[v * 8 + static_cast<std::size_t>(k)] / sum);
    }
    expectSamePoses(normalised, back.rig);
}

TEST_F(ExportTest, JumpKeysAndNegativeTimesBecomeValidInputs)
{
    model::Rig rig = skinnedStrip();
    anim::Clip jump;
    jump.name = "jump";
    anim::JointTrack t;
    t.joint = 1;
    t.translation = test::vec3Channel({-0.5f, 0.f, 0.f, 1.f}, {{0.f, 1.f, 0.f}, {0.f, 2.f, 0.f}, {0.f, 3.f, 0.f}, {0.f, 1.f, 0.f}});
    t.rotation = test::quatChannel({0.f, 0.5f, 0.5f}, {glm::quat(1.f, 0.f, 0.f, 0.f), axisAngle({0.f, 0.f, 1.f}, 20.f),
                                                       axisAngle({0.f, 0.f, 1.f}, 40.f)},
                                   anim::Interpolation::Step);
    jump.tracks = {t};
    jump.updateDuration();
    rig.clips = {jump};
    const std::string file = path("jump.gltf");
    ASSERT_FALSE(io::exportGltf(rig, file));
    const io::ImportResult back = io::importModel(file);
    ASSERT_TRUE(back.ok) << back.error;
    const anim::JointTrack* bt = back.rig.clips.at(0).findTrack(1);
    ASSERT_NE(bt, nullptr);
    // Shifted by 0.5 to start at 0; the LINEAR jump moves its earlier key back by one float step.
    const std::vector<float>& tt = bt->translation.times;
    ASSERT_EQ(tt.size(), 4u);
    EXPECT_EQ(tt[0], 0.f);
    EXPECT_EQ(tt[1], std::nextafter(0.5f, 0.f));
    EXPECT_EQ(tt[2], 0.5f);
    EXPECT_EQ(tt[3], 1.5f);
    // STEP drops the earlier key of its jump: the later one holds from 0.5 on.
    EXPECT_EQ(bt->rotation.times, (std::vector<float>{0.5f, 1.f}));
    EXPECT_EQ(bt->rotation.values.back(), axisAngle({0.f, 0.f, 1.f}, 40.f));
}

class ExportRoundTrip : public ExportTest, public ::testing::WithParamInterface<const char*> {};

TEST_P(ExportRoundTrip, SkinnedStripKeepsRigAndPoses)
{
    const model::Rig rig = skinnedStrip();
    const model::Rig back = roundTrip(rig, path(std::string("strip") + GetParam()));
    expectSameRig(rig, back, 0.f);
    expectSamePoses(rig, back);
}

INSTANTIATE_TEST_SUITE_P(Containers, ExportRoundTrip, ::testing::Values(".gltf", ".glb"),
                         [](const auto& p) { return std::string(p.param + 1); });

// Shared glTF models: import, export, import again; the rig and its poses must not change.
class SharedModelRoundTrip : public ExportTest,
                             public ::testing::WithParamInterface<std::tuple<const char*, const char*>> {};

TEST_P(SharedModelRoundTrip, ExportPosesLikeItsSource)
{
    const auto [model, ext] = GetParam();
    const io::ImportResult source = io::importModel(test::model(model));
    ASSERT_TRUE(source.ok) << source.error;
    const model::Rig back = roundTrip(source.rig, path(std::string("model") + ext));
    // Rows the validator would reject move by a few float steps at most.
    expectSameRig(source.rig, back, 1e-6f);
    expectSamePoses(source.rig, back);
}

INSTANTIATE_TEST_SUITE_P(
    Models, SharedModelRoundTrip,
    ::testing::Combine(::testing::Values("ozz-animation/gltf/khronos/cesium_man.gltf",
                                         "ozz-animation/gltf/khronos/rigged_simple.gltf",
                                         "ozz-animation/gltf/khronos/box_animated.gltf",
                                         "assimp/models/glTF2/simple_skin/simple_skin.gltf",
                                         "assimp/models/glTF2/simple_skin/quad_skin.glb", "synthetic/public_rig.gltf"),
                       ::testing::Values(".gltf", ".glb")),
    [](const auto& p) {
        std::string name = fs::path(std::get<0>(p.param)).stem().string() + "_" + (std::get<1>(p.param) + 1);
        std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
        return name;
    });

} // namespace
} // namespace marrow
