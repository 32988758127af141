// SPDX-License-Identifier: MIT
// The case of issue 35, written by hand: a skinned, textured mesh whose
// material has KHR_texture_transform, KHR_materials_emissive_strength and
// an extension no reader knows, a sampler that mirrors and clamps, a morph
// target, extras everywhere, and a camera (infinite: no zfar, which
// tinygltf alone would write as 0) and a light hanging from a joint
// that is deleted. The write after the deletion keeps every one of them;
// the camera and the light hang from the deleted joint's parent, where they
// were in the world.
#include "gltf_export_fixture.h"
#include "skeleton_edit_carry.h"

#include "core/model/skeleton_edit.h"

#include <set>

namespace marrow::export_test {

namespace {

template <class T>
void append(std::string& bin, const std::vector<T>& values)
{
    while (bin.size() % 4 != 0)
        bin.push_back('\0');
    bin.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

glm::mat4 matrixOf(const math::Transform& t)
{
    return glm::translate(glm::mat4(1.f), t.translation) * glm::mat4_cast(t.rotation) * glm::scale(glm::mat4(1.f), t.scale);
}

json node(const std::string& name, const math::Transform& t)
{
    return {{"name", name},
            {"translation", {t.translation.x, t.translation.y, t.translation.z}},
            {"rotation", {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w}}};
}

// Writes the file (and its .bin) into `folder`; returns the .gltf's path.
std::string writeHandMade(const fs::path& folder)
{
    const math::Transform root = trs({0.f, 0.f, 0.f}), arm = trs({0.f, 1.f, 0.f}, axisAngle({0, 0, 1}, 30.f)),
                          hand = trs({0.f, 1.f, 0.f}, axisAngle({1, 0, 0}, 20.f)),
                          cam = trs({.2f, .3f, .1f}, axisAngle({0, 1, 1}, 40.f)), lamp = trs({0.f, .5f, 0.f});
    const glm::mat4 worlds[] = {matrixOf(root), matrixOf(root) * matrixOf(arm), matrixOf(root) * matrixOf(arm) * matrixOf(hand)};
    std::string bin;
    const std::vector<float> positions{0, 0, 0, 1, 1, 0, 0, 2, 0, -1, 1.5f, 0};
    const std::vector<float> normals{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    const std::vector<float> uvs{0, 0, 1, 0, 1, 1, 0, 1};
    const std::vector<std::uint8_t> joints{0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 1, 0, 0};
    const std::vector<float> weights{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, .5f, .5f, 0, 0};
    const std::vector<std::uint16_t> indices{0, 1, 2, 0, 2, 3};
    const std::vector<float> morph{0, 0, .1f, 0, 0, .2f, 0, 0, .3f, 0, 0, .4f};
    std::vector<float> ibm;
    for (const glm::mat4& w : worlds) {
        const glm::mat4 inv = glm::inverse(w);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                ibm.push_back(inv[c][r]);
    }
    const glm::quat q0 = arm.rotation, q1 = axisAngle({0, 0, 1}, 60.f);
    const std::vector<float> times{0.f, 1.f}, rotations{q0.x, q0.y, q0.z, q0.w, q1.x, q1.y, q1.z, q1.w};
    // A 1x1 grey PNG: the validator reads images.
    const std::vector<std::uint8_t> image{
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
        0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x04, 0x00, 0x00, 0x00, 0xb5, 0x1c, 0x0c, 0x02, 0x00,
        0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x64, 0x60, 0x00, 0x00, 0x00, 0x06, 0x00,
        0x02, 0x30, 0x81, 0xd0, 0x2f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
    json views = json::array(), accessors = json::array();
    const auto add = [&](const auto& values, const char* type, int componentType, std::size_t count, json extra = json::object()) {
        append(bin, values);
        const std::size_t bytes = values.size() * sizeof(values[0]);
        views.push_back({{"buffer", 0}, {"byteOffset", bin.size() - bytes}, {"byteLength", bytes}});
        json a = {{"bufferView", views.size() - 1}, {"componentType", componentType}, {"count", count}, {"type", type}};
        a.update(extra);
        accessors.push_back(a);
        return accessors.size() - 1;
    };
    const auto pos = add(positions, "VEC3", 5126, 4, {{"min", {-1, 0, 0}}, {"max", {1, 2, 0}}});
    const auto nrm = add(normals, "VEC3", 5126, 4), uv = add(uvs, "VEC2", 5126, 4);
    const auto jnt = add(joints, "VEC4", 5121, 4), wgt = add(weights, "VEC4", 5126, 4);
    const auto idx = add(indices, "SCALAR", 5123, 6);
    const auto tgt = add(morph, "VEC3", 5126, 4, {{"min", {0, 0, .1}}, {"max", {0, 0, .4}}});
    const auto inv = add(ibm, "MAT4", 5126, 3);
    const auto in = add(times, "SCALAR", 5126, 2, {{"min", {0}}, {"max", {1}}}), out = add(rotations, "VEC4", 5126, 2);
    append(bin, image);
    views.push_back({{"buffer", 0}, {"byteOffset", bin.size() - image.size()}, {"byteLength", image.size()}});
    json g = {
        {"asset", {{"version", "2.0"}, {"generator", "hand"}, {"extras", {{"studio", "acme"}}}}},
        {"extensionsUsed", {"KHR_texture_transform", "KHR_materials_emissive_strength", "KHR_lights_punctual", "EXT_acme_sparkle"}},
        {"extensions", {{"KHR_lights_punctual", {{"lights", {{{"name", "Lamp"}, {"type", "point"}, {"intensity", 3.5}}}}}}}},
        {"scene", 0},
        {"scenes", {{{"name", "Stage"}, {"nodes", {0}}, {"extras", {{"unit", "m"}}}}}},
        {"nodes", {node("root", root), node("arm", arm), node("hand", hand), node("Cam", cam), node("Lamp", lamp),
                   {{"name", "Body"}, {"mesh", 0}, {"skin", 0}, {"extras", {{"lod", 1}}}}}},
        {"cameras", {{{"name", "Shot"}, {"type", "perspective"}, {"perspective", {{"yfov", .8}, {"znear", .1}}}}}},
        {"meshes", {{{"name", "Body"}, {"weights", {0.25}}, {"extras", {{"kind", "skin"}}},
                     {"primitives", {{{"attributes", {{"POSITION", pos}, {"NORMAL", nrm}, {"TEXCOORD_0", uv},
                                                      {"JOINTS_0", jnt}, {"WEIGHTS_0", wgt}}},
                                      {"indices", idx}, {"material", 0}, {"targets", {{{"POSITION", tgt}}}}}}}}}},
        {"materials", {{{"name", "Skin"}, {"emissiveFactor", {1, .5, .25}}, {"extras", {{"shader", "toon"}}},
                        {"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}, {"extensions", {{"KHR_texture_transform",
                            {{"offset", {.5, .25}}, {"scale", {2, 2}}, {"rotation", .3}}}}}}}}},
                        {"extensions", {{"KHR_materials_emissive_strength", {{"emissiveStrength", 4.0}}},
                                        {"EXT_acme_sparkle", {{"density", 7}, {"colour", "gold"}}}}}}}},
        {"textures", {{{"sampler", 0}, {"source", 0}}}},
        {"samplers", {{{"magFilter", 9728}, {"minFilter", 9728}, {"wrapS", 33648}, {"wrapT", 33071}}}},
        {"images", {{{"name", "skin.png"}, {"bufferView", views.size() - 1}, {"mimeType", "image/png"}}}},
        {"skins", {{{"name", "Rig"}, {"joints", {0, 1, 2}}, {"inverseBindMatrices", inv}, {"skeleton", 0}}}},
        {"animations", {{{"name", "wave"}, {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "rotation"}}}}}},
                         {"samplers", {{{"input", in}, {"output", out}}}}}}},
        {"bufferViews", views},
        {"accessors", accessors},
        {"buffers", {{{"uri", "hand.bin"}, {"byteLength", bin.size()}}}},
    };
    g["nodes"][0]["children"] = {1, 5};
    g["nodes"][1]["children"] = {2};
    g["nodes"][2]["children"] = {3, 4};
    g["nodes"][2]["extras"] = {{"note", "deleted below"}};
    g["nodes"][3]["camera"] = 0;
    g["nodes"][4]["extensions"] = {{"KHR_lights_punctual", {{"light", 0}}}};
    std::ofstream(folder / "hand.bin", std::ios::binary) << bin;
    std::ofstream(folder / "hand.gltf") << g.dump(1);
    return (folder / "hand.gltf").string();
}

using SkeletonEditCarryExtensions = ExportTest;

} // namespace

TEST_F(SkeletonEditCarryExtensions, ADeletedJointsCameraAndLightGoToItsParentAndNothingElseIsLost)
{
    const std::string file = writeHandMade(m_dir);
    const io::ImportResult in = io::importModel(file);
    ASSERT_TRUE(in.ok) << in.error;
    const json before = readJson(file);
    model::Rig rig = in.rig;
    const std::vector<glm::mat4> was = model::restWorlds(rig.skeleton);
    const anim::JointIndex cam = *rig.skeleton.find("Cam"), lamp = *rig.skeleton.find("Lamp");
    ASSERT_FALSE(model::deleteJoint(rig, *rig.skeleton.find("hand")));

    io::GltfExportOptions options;
    options.source = in.gltfSource.get();
    io::GltfExportReport report;
    const std::string out = path("edited.gltf");
    ASSERT_FALSE(io::exportGltf(rig, out, options, &report));
    EXPECT_TRUE(report.carriedSource) << report.notCarried;
    // The deleted node's own extras go with it; nodes after it moved down
    // one, which only the extension no reader knows might mind.
    ASSERT_EQ(report.lost.size(), 2u);
    EXPECT_TRUE(report.lost[0].starts_with("extras on node 'hand'")) << report.lost[0];
    EXPECT_NE(report.lost[1].find("EXT_acme_sparkle"), std::string::npos) << report.lost[1];
    EXPECT_EQ(io::gltfCarryLosses(rig, *in.gltfSource), report.lost);

    EXPECT_NE(carry_test::khronosValid(out), std::optional<bool>(false)) << "the Khronos validator's errors";
    const json after = readJson(out);
    EXPECT_EQ(after["samplers"], before["samplers"]) << "wrap and filter modes";
    EXPECT_EQ(after["materials"], before["materials"]) << "texture transform, emissive strength, the unknown extension, extras";
    EXPECT_EQ(after["extensionsUsed"], before["extensionsUsed"]);
    EXPECT_EQ(after["extensions"], before["extensions"]) << "the light";
    EXPECT_EQ(after["cameras"], before["cameras"]);
    EXPECT_EQ(after["asset"]["extras"], before["asset"]["extras"]);
    EXPECT_EQ(after["scenes"][0]["extras"], before["scenes"][0]["extras"]);
    EXPECT_EQ(after["meshes"][0]["extras"], before["meshes"][0]["extras"]);
    EXPECT_EQ(after["meshes"][0]["weights"], before["meshes"][0]["weights"]);
    EXPECT_EQ(after["nodes"].size(), before["nodes"].size() - 1) << "the deleted joint's node is gone";
    int camNode = -1, lampNode = -1, armNode = -1;
    for (std::size_t i = 0; i < after["nodes"].size(); ++i) {
        const std::string name = after["nodes"][i].value("name", "");
        EXPECT_NE(name, "hand");
        camNode = name == "Cam" ? static_cast<int>(i) : camNode;
        lampNode = name == "Lamp" ? static_cast<int>(i) : lampNode;
        armNode = name == "arm" ? static_cast<int>(i) : armNode;
    }
    ASSERT_GE(camNode, 0);
    ASSERT_GE(lampNode, 0);
    ASSERT_GE(armNode, 0);
    EXPECT_EQ(after["nodes"][camNode]["camera"], 0);
    EXPECT_EQ(after["nodes"][lampNode]["extensions"], before["nodes"][4]["extensions"]);
    EXPECT_EQ(after["nodes"][armNode]["children"], json({camNode, lampNode}));
    EXPECT_EQ(after["skins"][0]["skeleton"], 0);

    // Read back: the camera and the light where they were in the world.
    const io::ImportResult back = io::importModel(out);
    ASSERT_TRUE(back.ok) << back.error;
    const std::vector<glm::mat4> now = model::restWorlds(back.rig.skeleton);
    const auto near = [](const glm::mat4& a, const glm::mat4& b) {
        float worst = 0.f;
        for (int c = 0; c < 4; ++c)
            worst = std::max(worst, glm::length(a[c] - b[c]));
        return worst;
    };
    const auto backCam = static_cast<std::size_t>(*back.rig.skeleton.find("Cam"));
    const auto backLamp = static_cast<std::size_t>(*back.rig.skeleton.find("Lamp"));
    EXPECT_LT(near(now[backCam], was[static_cast<std::size_t>(cam)]), 1e-5f);
    EXPECT_LT(near(now[backLamp], was[static_cast<std::size_t>(lamp)]), 1e-5f);
    EXPECT_EQ(back.rig.skeleton.names[static_cast<std::size_t>(back.rig.skeleton.parents[backCam])], "arm");

    // The structural diff: only the deleted joint, its children's places, the skin and the weights.
    const carry_test::Diff diff = carry_test::gltfDiff(file, out);
    ASSERT_TRUE(diff.ran);
    const std::set<std::string> allowed{"node.hand.parent", "node.hand.transform", "node.hand.extras",
                                        "node.Cam.parent", "node.Cam.transform", "node.Lamp.parent",
                                        "node.Lamp.transform", "skin.Rig.joints", "skin.Rig.inverseBindMatrices",
                                        "mesh.Body.primitive0.skin_weights"};
    for (const std::string& key : diff.changed)
        EXPECT_TRUE(allowed.contains(key)) << "changed " << key;
    for (const std::string& key : diff.lost)
        EXPECT_TRUE(allowed.contains(key)) << "lost " << key;
    EXPECT_FALSE(std::find(diff.kept.begin(), diff.kept.end(), "material.Skin") == diff.kept.end());
    std::printf("[carry figures] hand-made, delete: kept %zu, changed %zu, lost %zu, added %zu\n", diff.kept.size(),
                diff.changed.size(), diff.lost.size(), diff.added.size());
}

} // namespace marrow::export_test
