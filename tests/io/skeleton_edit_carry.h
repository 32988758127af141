// SPDX-License-Identifier: MIT
#pragma once
// Shared by the skeleton-edit carry tests (issue 35): the structural diff
// (tools/gltf_diff.py --json) of a source and a write, and the poses of two
// rigs compared joint by joint (matched by name, else by rest place) and
// vertex by vertex.
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/mesh_bind.h"
#include "core/model/pose_pipeline.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace marrow::carry_test {

// What gltf_diff.py found: item keys per kind.
struct Diff {
    std::vector<std::string> kept, changed, lost, added;
    bool ran = false;
};

inline std::string quotedArg(const std::string& s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

inline Diff gltfDiff(const std::string& before, const std::string& after)
{
    const std::filesystem::path tool =
        std::filesystem::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "tools" / "gltf_diff.py";
    const std::string command = "python3 " + quotedArg(tool.string()) + " --json " + quotedArg(before) + " " +
                                quotedArg(after) + " 2>/dev/null";
    Diff diff;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe)
        return diff;
    std::string text;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
        text.append(buffer, n);
    ::pclose(pipe);
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.contains("kept"))
        return diff;
    diff.kept = j["kept"].get<std::vector<std::string>>();
    diff.changed = j["changed"].get<std::vector<std::string>>();
    diff.lost = j["lost"].get<std::vector<std::string>>();
    diff.added = j["added"].get<std::vector<std::string>>();
    diff.ran = true;
    return diff;
}

// The Khronos validator's verdict on a written file (tools/validate_gltf.mjs):
// true with no error, false with errors (printed), nullopt when the
// validator is not installed (`npm install --prefix tools`).
inline std::optional<bool> khronosValid(const std::string& file)
{
    const std::filesystem::path tools = std::filesystem::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "tools";
    if (!std::filesystem::exists(tools / "node_modules" / "gltf-validator") || std::system("node --version >/dev/null 2>&1") != 0)
        return std::nullopt;
    const std::string command = "node " + quotedArg((tools / "validate_gltf.mjs").string()) + " " + quotedArg(file);
    return std::system(command.c_str()) == 0;
}

// "node.<label>.<what>" -> label (labels may hold dots: the last part is the item).
inline std::string nodeLabel(const std::string& key)
{
    return key.substr(5, key.rfind('.') - 5);
}

// Joint `j` of `a` in `b`: the joint of the same name, else (a file that
// names no nodes is read back as "node <index>", and an edit renumbers
// them) the one joint whose rest world is where j's is, holding as many
// children, under the match of j's parent. -1 when neither.
inline std::vector<int> matchJoints(const model::Rig& a, const model::Rig& b, float tolerance)
{
    const std::vector<glm::mat4> wa = model::restWorlds(a.skeleton), wb = model::restWorlds(b.skeleton);
    const auto childCount = [](const anim::Skeleton& s, std::size_t j) {
        return std::count(s.parents.begin(), s.parents.end(), static_cast<anim::JointIndex>(j));
    };
    std::vector<int> out(a.skeleton.size(), -1);
    for (std::size_t j = 0; j < a.skeleton.size(); ++j) {
        if (const auto same = b.skeleton.find(a.skeleton.names[j]);
            same && !a.skeleton.names[j].starts_with("node ")) {
            out[j] = *same;
            continue;
        }
        // Parents come first: a joint's parent is matched before it.
        const anim::JointIndex pa = a.skeleton.parents[j];
        const int parent = pa == anim::kNoParent ? -1 : out[static_cast<std::size_t>(pa)];
        int found = -1, count = 0;
        for (std::size_t k = 0; k < b.skeleton.size(); ++k) {
            const glm::mat4 d = wa[j] - wb[k];
            float worst = 0.f;
            for (int c = 0; c < 4; ++c)
                worst = std::max(worst, glm::length(d[c]));
            if (worst < tolerance && childCount(a.skeleton, j) == childCount(b.skeleton, k) &&
                b.skeleton.parents[k] == parent) {
                found = static_cast<int>(k);
                ++count;
            }
        }
        out[j] = count == 1 ? found : -1;
    }
    return out;
}

inline float restDiagonal(const model::Rig& rig)
{
    model::PosePipeline pipeline(rig);
    pipeline.evaluate({});
    mesh::Aabb box;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        std::vector<glm::vec3> points(rig.meshes[m].vertexCount());
        pipeline.skinMesh(m, mesh::SkinningMethod::Linear, points, {});
        for (const glm::vec3& p : points)
            box.grow(p);
    }
    for (const glm::mat4& w : model::restWorlds(rig.skeleton))
        box.grow(glm::vec3(w[3]));
    return box.diagonal();
}

// The worst distance, over the poses `a` plays (rest, then each clip at each
// key time), between a's and b's joint origins and skinned vertices; every
// joint of `a` must be found in `b`.
inline float worstPoseDistance(const model::Rig& a, const model::Rig& b, const std::vector<int>& joint)
{
    float worst = 0.f;
    std::vector<model::PoseRequest> poses{model::PoseRequest{}};
    for (std::size_t c = 0; c < a.clips.size(); ++c) {
        const int other = b.findClip(a.clips[c].name);
        EXPECT_GE(other, 0) << "clip " << a.clips[c].name;
        std::vector<float> times;
        for (const anim::JointTrack& t : a.clips[c].tracks) {
            times.insert(times.end(), t.translation.times.begin(), t.translation.times.end());
            times.insert(times.end(), t.rotation.times.begin(), t.rotation.times.end());
        }
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        for (std::size_t k = 0; k < times.size(); k += std::max<std::size_t>(1, times.size() / 12))
            poses.push_back({.clip = static_cast<int>(c), .time = times[k]});
    }
    model::PosePipeline pa(a), pb(b);
    for (const model::PoseRequest& pose : poses) {
        model::PoseRequest there = pose;
        if (pose.clip >= 0)
            there.clip = b.findClip(a.clips[static_cast<std::size_t>(pose.clip)].name);
        EXPECT_TRUE(pa.evaluate(pose));
        EXPECT_TRUE(pb.evaluate(there));
        for (std::size_t j = 0; j < a.skeleton.size(); ++j) {
            if (joint[j] < 0) {
                ADD_FAILURE() << "joint '" << a.skeleton.names[j] << "' is not in the written file";
                return 1e30f;
            }
            worst = std::max(worst, glm::distance(glm::vec3(pa.worlds()[j][3]),
                                                  glm::vec3(pb.worlds()[static_cast<std::size_t>(joint[j])][3])));
        }
        for (std::size_t m = 0; m < a.meshes.size() && m < b.meshes.size(); ++m) {
            std::vector<glm::vec3> va(a.meshes[m].vertexCount()), vb(b.meshes[m].vertexCount());
            EXPECT_EQ(va.size(), vb.size());
            if (va.size() != vb.size())
                return 1e30f;
            pa.skinMesh(m, mesh::SkinningMethod::Linear, va, {});
            pb.skinMesh(m, mesh::SkinningMethod::Linear, vb, {});
            for (std::size_t v = 0; v < va.size(); ++v)
                worst = std::max(worst, glm::distance(va[v], vb[v]));
        }
    }
    return worst;
}

// The worst distance between a's and b's bind poses: each skin joint's
// world at bind (the inverse of its inverse bind matrix), by matched joint.
inline float worstBindDistance(const model::Rig& a, const model::Rig& b, const std::vector<int>& joint)
{
    float worst = 0.f;
    EXPECT_EQ(a.skins.size(), b.skins.size());
    for (std::size_t s = 0; s < a.skins.size() && s < b.skins.size(); ++s)
        for (std::size_t k = 0; k < a.skins[s].joints.size(); ++k) {
            const int there = joint[static_cast<std::size_t>(a.skins[s].joints[k])];
            const auto& list = b.skins[s].joints;
            const auto at = std::find(list.begin(), list.end(), there);
            if (at == list.end()) {
                ADD_FAILURE() << "skin " << s << " lacks joint '" << a.skeleton.names[static_cast<std::size_t>(a.skins[s].joints[k])] << "'";
                return 1e30f;
            }
            const glm::mat4 bindA = glm::inverse(a.skins[s].inverseBind[k]);
            const glm::mat4 bindB = glm::inverse(b.skins[s].inverseBind[static_cast<std::size_t>(at - list.begin())]);
            worst = std::max(worst, glm::distance(glm::vec3(bindA[3]), glm::vec3(bindB[3])));
        }
    return worst;
}

} // namespace marrow::carry_test
