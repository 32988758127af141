// SPDX-License-Identifier: MIT
// A generated glTF no shared file has: a 300-joint chain (joint indices past
// 255, world matrices 300 deep), every vertex with 8 influences over two
// JOINTS/WEIGHTS sets, and STEP, LINEAR and CUBICSPLINE rotation channels plus
// cubic non-uniform scale. The reference pose is computed here, in double
// precision, straight from the glTF specification, independently of the
// core's jobs; Marrow must match it within 1e-5 of the bounding-box diagonal.
#include "core/io/gltf_import.h"
#include "core/model/pose_pipeline.h"
#include "obj_compare.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace marrow {
namespace {

constexpr int kJoints = 300;
constexpr int kVertices = 600;
const float kTimes[3] = {0.f, 0.4f, 1.f};

enum Interp { Step, Linear, Cubic };

struct ChainData {
    std::vector<glm::dquat> restRotation;            // per joint
    std::vector<std::array<glm::dquat, 3>> keys;     // per joint: rotation keys
    std::vector<std::array<glm::dquat, 3>> inTan, outTan;
    std::vector<Interp> interp;
    std::array<glm::dvec3, 3> scaleKeys, scaleIn, scaleOut;  // joint 5, cubic
    std::vector<glm::vec3> positions;
    std::vector<std::array<std::uint16_t, 8>> joints;
    std::vector<std::array<float, 8>> weights;
    std::vector<glm::mat4> inverseBind;
};

glm::dquat axisAngle(glm::dvec3 axis, double degrees)
{
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

glm::dmat4 trs(glm::dvec3 t, glm::dquat r, glm::dvec3 s)
{
    return glm::translate(glm::dmat4(1.0), t) * glm::mat4_cast(r) * glm::scale(glm::dmat4(1.0), s);
}

ChainData makeChain()
{
    ChainData d;
    for (int j = 0; j < kJoints; ++j) {
        const glm::dvec3 axis(std::sin(j * 0.7), 1.0, std::cos(j * 1.3));
        d.restRotation.push_back(glm::dquat(glm::quat(axisAngle({0, 0, 1}, 1.0 + 0.01 * j))));
        d.interp.push_back(static_cast<Interp>(j % 3));
        std::array<glm::dquat, 3> k, in, out;
        for (int i = 0; i < 3; ++i) {
            glm::dquat q = axisAngle(axis, 3.0 * (i + 1) * ((j % 2) ? 1 : -1) + 0.02 * j);
            if (i == 1 && j % 4 == 1)
                q = -q;  // a sign flip between keys: slerp must still take the short way
            k[i] = glm::dquat(glm::quat(q));  // what a float file holds
            in[i] = glm::dquat(glm::quat(glm::dquat(0.01 * i, 0.02, -0.01 * j / kJoints, 0.03)));
            out[i] = glm::dquat(glm::quat(glm::dquat(-0.02, 0.01 * i, 0.015, 0.01)));
        }
        d.keys.push_back(k);
        d.inTan.push_back(in);
        d.outTan.push_back(out);
    }
    for (int i = 0; i < 3; ++i) {
        d.scaleKeys[i] = glm::dvec3(glm::vec3(1.0 + 0.3 * i, 1.0 - 0.2 * i, 1.0 + 0.1 * i));
        d.scaleIn[i] = glm::dvec3(glm::vec3(0.1, -0.2, 0.05 * i));
        d.scaleOut[i] = glm::dvec3(glm::vec3(-0.1 * i, 0.2, 0.1));
    }
    // Rest worlds (double) for the inverse binds, stored as floats like a file.
    std::vector<glm::dmat4> restWorld(kJoints);
    for (int j = 0; j < kJoints; ++j) {
        const glm::dmat4 local = trs(j == 0 ? glm::dvec3(0) : glm::dvec3(0, 0.05, 0), d.restRotation[j], glm::dvec3(1));
        restWorld[j] = j == 0 ? local : restWorld[j - 1] * local;
        d.inverseBind.push_back(glm::mat4(glm::inverse(restWorld[j])));
    }
    for (int v = 0; v < kVertices; ++v) {
        const int centre = v / 2;
        const glm::dvec4 p = restWorld[centre] * glm::dvec4(v % 2 ? 0.02 : -0.02, 0.01, 0.0, 1.0);
        d.positions.emplace_back(glm::vec3(p));
        std::array<std::uint16_t, 8> js{};
        std::array<float, 8> ws{};
        float sum = 0.f;
        for (int k = 0; k < 8; ++k) {
            js[k] = static_cast<std::uint16_t>(std::clamp(centre - 3 + k, 0, kJoints - 1) == centre - 3 + k
                                                   ? centre - 3 + k
                                                   : (centre - 3 + k < 0 ? kJoints - 1 - k : k));
            ws[k] = 1.f / static_cast<float>(1 + std::abs(k - 3));
            sum += ws[k];
        }
        for (float& w : ws)
            w /= sum;
        d.joints.push_back(js);
        d.weights.push_back(ws);
    }
    return d;
}

std::string base64(const std::string& bytes)
{
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8 |
                           static_cast<unsigned char>(bytes[i + 2]);
        out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], k[v & 63]};
    }
    if (i + 1 == bytes.size()) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        out += {k[v >> 18], k[(v >> 12) & 63], '=', '='};
    } else if (i + 2 == bytes.size()) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8;
        out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], '='};
    }
    return out;
}

// Writes the chain as glTF: one buffer, one accessor per array.
std::string writeGltf(const ChainData& d, const std::filesystem::path& path)
{
    nlohmann::json j;
    std::string bin;
    j["asset"] = {{"version", "2.0"}};
    auto add = [&](const void* data, std::size_t bytes, int componentType, std::size_t count, const char* type) {
        while (bin.size() % 4)
            bin.push_back('\0');
        const std::size_t offset = bin.size();
        bin.append(static_cast<const char*>(data), bytes);
        j["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}});
        j["accessors"].push_back({{"bufferView", j["bufferViews"].size() - 1}, {"componentType", componentType},
                                  {"count", count}, {"type", type}});
        return static_cast<int>(j["accessors"].size() - 1);
    };
    for (int n = 0; n < kJoints; ++n) {
        const glm::quat r(d.restRotation[n]);
        nlohmann::json node = {{"name", std::string("j").append(std::to_string(n))}, {"rotation", {r.x, r.y, r.z, r.w}}};
        if (n > 0)
            node["translation"] = {0.0, 0.05, 0.0};
        if (n + 1 < kJoints)
            node["children"] = {n + 1};
        j["nodes"].push_back(node);
    }
    j["nodes"].push_back({{"name", "skinned"}, {"mesh", 0}, {"skin", 0}});
    j["scenes"] = {{{"nodes", {0, kJoints}}}};
    j["scene"] = 0;
    const int pos = add(d.positions.data(), d.positions.size() * 12, 5126, d.positions.size(), "VEC3");
    j["accessors"][pos]["min"] = {-100, -100, -100};
    j["accessors"][pos]["max"] = {100, 100, 100};
    std::vector<std::uint16_t> j0, j1;
    std::vector<float> w0, w1;
    for (int v = 0; v < kVertices; ++v)
        for (int k = 0; k < 8; ++k) {
            (k < 4 ? j0 : j1).push_back(d.joints[v][k]);
            (k < 4 ? w0 : w1).push_back(d.weights[v][k]);
        }
    const int aj0 = add(j0.data(), j0.size() * 2, 5123, kVertices, "VEC4");
    const int aj1 = add(j1.data(), j1.size() * 2, 5123, kVertices, "VEC4");
    const int aw0 = add(w0.data(), w0.size() * 4, 5126, kVertices, "VEC4");
    const int aw1 = add(w1.data(), w1.size() * 4, 5126, kVertices, "VEC4");
    j["meshes"] = {{{"primitives", {{{"attributes", {{"POSITION", pos}, {"JOINTS_0", aj0}, {"JOINTS_1", aj1},
                                                      {"WEIGHTS_0", aw0}, {"WEIGHTS_1", aw1}}}, {"mode", 0}}}}}};
    const int ibm = add(d.inverseBind.data(), d.inverseBind.size() * 64, 5126, d.inverseBind.size(), "MAT4");
    nlohmann::json jointList = nlohmann::json::array();
    for (int n = 0; n < kJoints; ++n)
        jointList.push_back(n);
    j["skins"] = {{{"joints", jointList}, {"inverseBindMatrices", ibm}}};
    const int input = add(kTimes, sizeof kTimes, 5126, 3, "SCALAR");
    j["accessors"][input]["min"] = {0.0};
    j["accessors"][input]["max"] = {1.0};
    nlohmann::json channels = nlohmann::json::array(), samplers = nlohmann::json::array();
    const char* names[] = {"STEP", "LINEAR", "CUBICSPLINE"};
    for (int n = 0; n < kJoints; ++n) {
        std::vector<float> out;
        for (int i = 0; i < 3; ++i) {
            auto push = [&](glm::dquat q) { out.insert(out.end(), {float(q.x), float(q.y), float(q.z), float(q.w)}); };
            if (d.interp[n] == Cubic) {
                push(d.inTan[n][i]);
                push(d.keys[n][i]);
                push(d.outTan[n][i]);
            } else {
                push(d.keys[n][i]);
            }
        }
        const int output = add(out.data(), out.size() * 4, 5126, out.size() / 4, "VEC4");
        samplers.push_back({{"input", input}, {"output", output}, {"interpolation", names[d.interp[n]]}});
        channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", n}, {"path", "rotation"}}}});
    }
    std::vector<float> sc;
    for (int i = 0; i < 3; ++i)
        for (const glm::dvec3& v : {d.scaleIn[i], d.scaleKeys[i], d.scaleOut[i]})
            sc.insert(sc.end(), {float(v.x), float(v.y), float(v.z)});
    const int scaleOut = add(sc.data(), sc.size() * 4, 5126, 9, "VEC3");
    samplers.push_back({{"input", input}, {"output", scaleOut}, {"interpolation", "CUBICSPLINE"}});
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", 5}, {"path", "scale"}}}});
    j["animations"] = {{{"name", "wave"}, {"channels", channels}, {"samplers", samplers}}};
    j["buffers"] = {{{"byteLength", bin.size()}, {"uri", std::string("data:application/octet-stream;base64,").append(base64(bin))}}};
    std::ofstream(path, std::ios::binary) << j.dump();
    return path.string();
}

// glTF sampling, in double, from the specification.
template <class T>
T hermite(const T& p0, const T& m0, const T& p1, const T& m1, double u)
{
    const double u2 = u * u, u3 = u2 * u;
    return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1;
}

glm::dquat sampleRotation(const ChainData& d, int n, double t)
{
    const auto& k = d.keys[n];
    if (t <= kTimes[0])
        return glm::normalize(k[0]);
    if (t >= kTimes[2])
        return glm::normalize(k[2]);
    const int i = t < static_cast<double>(kTimes[1]) ? 0 : 1;
    const double t0 = kTimes[i], t1 = kTimes[i + 1], dt = t1 - t0, u = (t - t0) / dt;
    switch (d.interp[n]) {
    case Step: return glm::normalize(k[i]);
    case Linear: {
        glm::dquat b = k[i + 1];
        double c = glm::dot(k[i], b);
        if (c < 0) {
            b = -b;
            c = -c;
        }
        const double a = std::acos(std::min(c, 1.0));
        return glm::normalize((std::sin((1 - u) * a) * k[i] + std::sin(u * a) * b) / std::sin(a));
    }
    case Cubic: return glm::normalize(hermite(k[i], d.outTan[n][i] * dt, k[i + 1], d.inTan[n][i + 1] * dt, u));
    }
    return k[0];
}

glm::dvec3 sampleScale(const ChainData& d, double t)
{
    if (t <= kTimes[0])
        return d.scaleKeys[0];
    if (t >= kTimes[2])
        return d.scaleKeys[2];
    const int i = t < static_cast<double>(kTimes[1]) ? 0 : 1;
    const double t0 = kTimes[i], t1 = kTimes[i + 1], dt = t1 - t0, u = (t - t0) / dt;
    return hermite(d.scaleKeys[i], d.scaleOut[i] * dt, d.scaleKeys[i + 1], d.scaleIn[i + 1] * dt, u);
}

std::vector<glm::dvec3> referencePose(const ChainData& d, double t)
{
    std::vector<glm::dmat4> world(kJoints);
    for (int n = 0; n < kJoints; ++n) {
        const glm::dvec3 s = n == 5 ? sampleScale(d, t) : glm::dvec3(1);
        const glm::dmat4 local = trs(n == 0 ? glm::dvec3(0) : glm::dvec3(glm::vec3(0, 0.05f, 0)), sampleRotation(d, n, t), s);
        world[n] = n == 0 ? local : world[n - 1] * local;
    }
    std::vector<glm::dvec3> out;
    for (int v = 0; v < kVertices; ++v) {
        glm::dvec4 p(0);
        double sum = 0;
        for (int k = 0; k < 8; ++k)
            sum += d.weights[v][k];
        for (int k = 0; k < 8; ++k) {
            const int jn = d.joints[v][k];
            p += (d.weights[v][k] / sum) * (world[jn] * glm::dmat4(d.inverseBind[jn]) * glm::dvec4(glm::dvec3(d.positions[v]), 1.0));
        }
        out.emplace_back(p);
    }
    return out;
}

TEST(GeneratedChain, ThreeHundredJointsEightInfluencesEveryInterpolationMatchTheSpecification)
{
    const ChainData d = makeChain();
    const auto dir = std::filesystem::temp_directory_path() / std::string("marrow_chain_").append(std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const io::ImportResult r = io::importGltf(writeGltf(d, dir / "chain.gltf"));
    std::filesystem::remove_all(dir);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.rig.meshes.size(), 1u);
    EXPECT_EQ(r.rig.meshes[0].weights.stride, 8);
    EXPECT_EQ(r.rig.meshes[0].weights.maxInfluences(), 8);
    ASSERT_EQ(r.rig.clips.size(), 1u);
    model::PosePipeline pipeline(r.rig);
    for (double t : {0.0, 0.13, 0.4, 0.4000001, 0.77, 1.0, 1.6}) {
        ASSERT_TRUE(pipeline.evaluate({0, t}));
        std::vector<glm::vec3> got(kVertices);
        ASSERT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, got, {}));
        const auto expected = referencePose(d, t);
        EXPECT_LT(test::hausdorffRatio(expected, test::toDouble(got)), 1e-5) << "t = " << t;
        // Order-dependent as well: vertex i must land on reference vertex i.
        double worst = 0;
        for (int v = 0; v < kVertices; ++v)
            worst = std::max(worst, glm::length(expected[v] - glm::dvec3(got[v])));
        EXPECT_LT(worst, 1e-4) << "t = " << t;
    }
}

} // namespace
} // namespace marrow
