// SPDX-License-Identifier: MIT
// A skin joint whose inverse bind matrix is finite but singular (a zero Z
// scale) must be named in the import warnings by both readers, and posing
// and exporting it must stay finite. The files are written here, tiny.
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/model_import.h"
#include "core/model/inverse_bind_check.h"
#include "core/model/pose_pipeline.h"
#include "glm_expect.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

// Two joints, Hip and Hand (1 up); Hand's inverse bind flattens Z.
const float kSingular[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, -1, 0, 1};
const float kIdentity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
const float kHandRest[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1};

class SingularInverseBind : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path() / ("marrow_singular_ibm_" + std::to_string(::getpid()));
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }

    void write(const std::string& name, const std::string& bytes) const
    {
        std::ofstream out(m_dir / name, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }

    // One triangle: vertex 0 on Hip, 1 on Hand, 2 half each.
    std::string writeGltf() const
    {
        std::string bin;
        auto put = [&bin](const void* p, std::size_t n) { bin.append(static_cast<const char*>(p), n); };
        const float positions[9] = {0, 0, 0, 1, 1, 1, 0, 1, 0};
        const std::uint8_t joints[12] = {0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0};
        const float weights[12] = {1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0};
        put(positions, sizeof positions);
        put(joints, sizeof joints);
        put(weights, sizeof weights);
        put(kIdentity, sizeof kIdentity);
        put(kSingular, sizeof kSingular);
        write("rig.bin", bin);
        using J = nlohmann::json;
        auto view = [](int offset, int length) { return J{{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}}; };
        const J doc = {
            {"asset", {{"version", "2.0"}}},
            {"scene", 0},
            {"scenes", J::array({{{"nodes", {0, 3}}}})},
            {"nodes", J::array({{{"name", "Root"}, {"children", {1}}},
                                {{"name", "Hip"}, {"children", {2}}},
                                {{"name", "Hand"}, {"translation", {0, 1, 0}}},
                                {{"name", "body"}, {"mesh", 0}, {"skin", 0}}})},
            {"skins", J::array({{{"name", "arm"}, {"joints", {1, 2}}, {"inverseBindMatrices", 3}}})},
            {"meshes", J::array({{{"primitives", J::array({{{"attributes", {{"POSITION", 0}, {"JOINTS_0", 1}, {"WEIGHTS_0", 2}}}}})}}})},
            {"buffers", J::array({{{"uri", "rig.bin"}, {"byteLength", bin.size()}}})},
            {"bufferViews", J::array({view(0, 36), view(36, 12), view(48, 48), view(96, 128)})},
            {"accessors", J::array({{{"bufferView", 0}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"},
                                     {"min", {0, 0, 0}}, {"max", {1, 1, 1}}},
                                    {{"bufferView", 1}, {"componentType", 5121}, {"count", 3}, {"type", "VEC4"}},
                                    {{"bufferView", 2}, {"componentType", 5126}, {"count", 3}, {"type", "VEC4"}},
                                    {{"bufferView", 3}, {"componentType", 5126}, {"count", 2}, {"type", "MAT4"}}})}};
        write("rig.gltf", doc.dump());
        return (m_dir / "rig.gltf").string();
    }

    // The same in DirectX .x (read by Assimp in the worker), plus a bone
    // "Ghost" that names no frame, so Marrow must invent its node from the
    // inverse of a singular offset.
    std::string writeX() const
    {
        auto matrix = [](const float* m) {
            std::string s;
            for (int i = 0; i < 16; ++i)
                s += std::to_string(m[i]) + (i < 15 ? "," : ";;");
            return s;
        };
        const std::string text = "xof 0303txt 0032\n"
                                 "Frame Root {\n FrameTransformMatrix { " + matrix(kIdentity) + " }\n"
                                 " Frame Hip {\n  FrameTransformMatrix { " + matrix(kIdentity) + " }\n"
                                 "  Frame Hand {\n   FrameTransformMatrix { " + matrix(kHandRest) + " }\n  }\n }\n"
                                 " Mesh body {\n  3;\n  0.0;0.0;0.0;,\n  1.0;1.0;1.0;,\n  0.0;1.0;0.0;;\n  1;\n  3;0,1,2;;\n"
                                 "  XSkinMeshHeader { 2; 2; 3; }\n"
                                 "  SkinWeights { \"Hip\"; 2; 0,2; 1.0,0.4; " + matrix(kIdentity) + " }\n"
                                 "  SkinWeights { \"Hand\"; 2; 1,2; 1.0,0.4; " + matrix(kSingular) + " }\n"
                                 "  SkinWeights { \"Ghost\"; 1; 2; 0.2; " + matrix(kSingular) + " }\n"
                                 " }\n}\n";
        write("rig.x", text);
        return (m_dir / "rig.x").string();
    }

    fs::path m_dir;
};

// The warning that names the file, the joint and the problem, or "".
std::string warningFor(const io::ImportResult& r, const std::string& path, const std::string& joint)
{
    for (const std::string& w : r.warnings)
        if (w.rfind(path + ": ", 0) == 0 && w.find("joint '" + joint + "'") != std::string::npos &&
            w.find("singular inverse bind matrix") != std::string::npos)
            return w;
    std::string all;
    for (const std::string& w : r.warnings)
        all += "\n  " + w;
    ADD_FAILURE() << "no warning naming joint '" << joint << "' in:" << all;
    return {};
}

// Rest pose through both skinning methods: finite, the Hip vertex where the
// file puts it, and the Hand vertex flattened onto Z = 0 (what a singular matrix does).
void expectFinitePoses(const model::Rig& rig)
{
    ASSERT_EQ(rig.meshes.size(), 1u);
    model::PosePipeline pipeline(rig);
    ASSERT_TRUE(pipeline.evaluate({}));
    for (auto method : {mesh::SkinningMethod::Linear, mesh::SkinningMethod::DualQuaternion}) {
        std::vector<glm::vec3> posed(rig.meshes[0].positions.size());
        ASSERT_TRUE(pipeline.skinMesh(0, method, posed, {}));
        for (const glm::vec3& p : posed)
            ASSERT_TRUE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
        EXPECT_VEC3_NEAR(posed[0], glm::vec3(0.f), 1e-5f);
        if (method == mesh::SkinningMethod::Linear)
            EXPECT_VEC3_NEAR(posed[1], glm::vec3(1.f, 1.f, 0.f), 1e-5f);
    }
}

TEST(InverseBindCheck, TellsSingularFromRegular)
{
    glm::mat4 singular, identity;
    std::memcpy(&singular, kSingular, sizeof singular);
    std::memcpy(&identity, kIdentity, sizeof identity);
    EXPECT_FALSE(model::isInvertibleAffine(singular));
    EXPECT_FALSE(model::isInvertibleAffine(glm::mat4(0.f)));
    EXPECT_TRUE(model::isInvertibleAffine(identity));
    EXPECT_TRUE(model::isInvertibleAffine(glm::mat4(1e-20f))) << "tiny is not singular";
}

TEST_F(SingularInverseBind, TheGltfReaderNamesTheJointAndExportStaysFinite)
{
    const std::string path = writeGltf();
    const io::ImportResult direct = io::importGltf(path);
    ASSERT_TRUE(direct.ok) << direct.error;
    warningFor(direct, path, "Hand");
    const io::ImportResult r = io::importModel(path);
    ASSERT_TRUE(r.ok) << r.error;
    warningFor(r, path, "Hand");
    for (const std::string& w : r.warnings)
        EXPECT_EQ(w.find("'Hip'"), std::string::npos) << "Hip's matrix is regular: " << w;
    expectFinitePoses(r.rig);

    const std::string out = (m_dir / "again.glb").string();
    ASSERT_FALSE(io::exportGltf(r.rig, out));
    const io::ImportResult again = io::importModel(out);
    ASSERT_TRUE(again.ok) << again.error;
    warningFor(again, out, "Hand");
    expectFinitePoses(again.rig);
}

TEST_F(SingularInverseBind, TheAssimpReaderNamesTheJointAndInventsNoInfiniteNode)
{
    const std::string path = writeX();
    const io::ImportResult r = io::importModel(path);
    ASSERT_TRUE(r.ok) << r.error;
    warningFor(r, path, "Hand");
    bool ghost = false;
    for (const std::string& w : r.warnings)
        ghost |= w.find("'Ghost'") != std::string::npos && w.find("singular offset") != std::string::npos;
    EXPECT_TRUE(ghost) << "the invented node's warning names Ghost";
    for (const math::Transform& t : r.rig.skeleton.rest)
        ASSERT_TRUE(math::isFinite(t));
    expectFinitePoses(r.rig);
}

} // namespace
} // namespace marrow
