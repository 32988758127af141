// SPDX-License-Identifier: MIT
// marrow-cli bind (issue 35): exit codes (usage 2, unreadable 3, a MESH
// with no mesh or none near the skeleton 1, naming the file); the bundled
// character's mesh as a static OBJ (marrow-cli pose at rest), bound to the
// bundled skeleton, poses plausibly in its run clip: the vertices at each
// hand follow that hand as the original's do, the feet stay below the hips,
// and --weights transfer gives back the original's rows.
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/pose_pipeline.h"
#include "run_process.h"
#include "shared_models.h"
#include "static_mesh_rig.h"
#include "cli_pose_runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::string temp(const std::string& name)
{
    return (fs::temp_directory_path() / ("marrow_bind_" + std::to_string(::getpid()) + "_" + name)).string();
}

std::string bundled()
{
    return (fs::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "resources/samples/marrow_character.gltf")
        .string();
}

TEST(CliBind, ExitCodesAndMessagesNameTheFile)
{
    const std::string skeleton = bundled(), out = temp("x.glb");
    const std::string tube = temp("tube.gltf"), far = temp("far.gltf"), bare = temp("bare.gltf");
    ASSERT_FALSE(io::exportGltf(test::staticTubeRig(), tube));
    model::Rig away = test::staticTubeRig();
    away.skeleton.rest[3].translation = {500.f, 0.f, 0.f};
    ASSERT_FALSE(io::exportGltf(away, far));
    model::Rig noMesh = test::staticTubeRig();
    noMesh.meshes.clear();
    ASSERT_FALSE(io::exportGltf(noMesh, bare));

    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"bind", tube, "-o", out}, {"bind", tube, "--skeleton", skeleton},
          {"bind", "--skeleton", skeleton, "-o", out}, {"bind", tube, "--skeleton", skeleton, "--weights", "heat", "-o", out},
          {"bind", tube, "--skeleton", skeleton, "--frobnicate", "-o", out}, {"bind", tube, tube, "--skeleton", skeleton, "-o", out}}) {
        std::vector<std::string> argv{test::cliExecutable()};
        argv.insert(argv.end(), args.begin(), args.end());
        EXPECT_EQ(test::runProcess(argv).exitCode, 2) << argv.size();
    }
    const auto missing = test::runProcess({test::cliExecutable(), "bind", "/no/such/mesh.obj", "--skeleton", skeleton, "-o", out});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_NE(missing.err.find("/no/such/mesh.obj"), std::string::npos) << missing.err;
    const auto noSkeleton = test::runProcess({test::cliExecutable(), "bind", tube, "--skeleton", "/no/such/rig.glb", "-o", out});
    EXPECT_EQ(noSkeleton.exitCode, 3);
    const auto empty = test::runProcess({test::cliExecutable(), "bind", bare, "--skeleton", skeleton, "-o", out});
    EXPECT_EQ(empty.exitCode, 1) << empty.err;
    EXPECT_NE(empty.err.find(bare + ": it has no mesh"), std::string::npos) << empty.err;
    const auto apart = test::runProcess({test::cliExecutable(), "bind", far, "--skeleton", skeleton, "-o", out});
    EXPECT_EQ(apart.exitCode, 1) << apart.err;
    EXPECT_NE(apart.err.find(far + ": its meshes do not overlap the skeleton"), std::string::npos) << apart.err;
    EXPECT_FALSE(fs::exists(out)) << "nothing written on a failure";
    // The tube, where the leg of the bundled character stands, binds.
    const auto ok = test::runProcess({test::cliExecutable(), "bind", tube, "--skeleton", skeleton, "--rigid-islands", "-o", out});
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    EXPECT_NE(ok.err.find("1 meshes of"), std::string::npos) << ok.err;
    EXPECT_NE(ok.err.find("1 shells bound rigidly"), std::string::npos) << ok.err;
    for (const std::string& f : {out, tube, far, bare})
        fs::remove(f);
}

struct Posed {
    std::vector<glm::vec3> positions;
    std::vector<glm::mat4> worlds;
};

Posed pose(const model::Rig& rig, int clip, double time)
{
    model::PosePipeline pipeline(rig);
    model::PoseRequest request;
    request.clip = clip;
    request.time = time;
    Posed out;
    EXPECT_TRUE(pipeline.evaluate(request));
    out.positions.resize(rig.meshes[0].vertexCount());
    EXPECT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, out.positions, {}));
    out.worlds.assign(pipeline.worlds().begin(), pipeline.worlds().end());
    return out;
}

glm::vec3 at(const Posed& p, const model::Rig& rig, const char* joint)
{
    return glm::vec3(p.worlds[static_cast<std::size_t>(*rig.skeleton.find(joint))][3]);
}

// Per bound vertex: the original vertex at its rest position (the OBJ is the original at rest).
std::vector<std::size_t> twins(const std::vector<glm::vec3>& bound, const std::vector<glm::vec3>& original)
{
    std::vector<std::size_t> out(bound.size(), 0);
    for (std::size_t v = 0; v < bound.size(); ++v) {
        float best = 1e30f;
        for (std::size_t w = 0; w < original.size(); ++w)
            if (const float d = glm::length(bound[v] - original[w]); d < best) {
                best = d;
                out[v] = w;
            }
    }
    return out;
}

TEST(CliBind, TheBundledMeshBoundToItsSkeletonRunsAsTheOriginal)
{
    const io::ImportResult original = io::importModel(bundled());
    ASSERT_TRUE(original.ok) << original.error;
    const int run = original.rig.findClip("run");
    ASSERT_GE(run, 0);
    const std::string obj = temp("rest.obj");
    ASSERT_EQ(test::runProcess({test::cliExecutable(), "pose", bundled(), "-o", obj}).exitCode, 0);
    const Posed originalRest = pose(original.rig, -1, 0.0);
    const float height = mesh::Aabb::of(originalRest.positions).diagonal();
    for (const char* weights : {"auto", "nearest", "transfer"}) {
        SCOPED_TRACE(weights);
        const std::string out = temp(std::string(weights) + ".glb");
        const auto r = test::runProcess({test::cliExecutable(), "bind", obj, "--skeleton", bundled(), "--weights", weights, "-o", out});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const io::ImportResult back = io::importModel(out);
        fs::remove(out);
        ASSERT_TRUE(back.ok) << back.error;
        ASSERT_EQ(back.rig.meshes.size(), 1u);
        ASSERT_TRUE(back.rig.meshes[0].skinned());
        EXPECT_EQ(back.rig.clips.size(), original.rig.clips.size()) << "the skeleton's clips come along";
        const Posed boundRest = pose(back.rig, -1, 0.0);
        const std::vector<std::size_t> twin = twins(boundRest.positions, originalRest.positions);
        float restGap = 0.f;
        for (std::size_t v = 0; v < twin.size(); ++v)
            restGap = std::max(restGap, glm::length(boundRest.positions[v] - originalRest.positions[twin[v]]));
        EXPECT_LT(restGap, 1e-5f * height) << "at rest the bound mesh is the original";
        // The vertices within a twentieth of the height of each hand, and of each foot.
        std::map<std::string, std::vector<std::size_t>> near;
        for (const char* joint : {"hand_L", "hand_R", "foot_L", "foot_R"})
            for (std::size_t v = 0; v < boundRest.positions.size(); ++v)
                if (glm::length(boundRest.positions[v] - at(originalRest, original.rig, joint)) < .05f * height)
                    near[joint].push_back(v);
        float handGap = 0.f;
        const float duration = original.rig.clips[static_cast<std::size_t>(run)].duration;
        for (int f = 0; f < 8; ++f) {
            const double t = duration * f / 8.0;
            const Posed a = pose(original.rig, run, t), b = pose(back.rig, back.rig.findClip("run"), t);
            for (const char* hand : {"hand_L", "hand_R"}) {
                ASSERT_FALSE(near[hand].empty()) << hand;
                for (std::size_t v : near[hand])
                    handGap = std::max(handGap, glm::length(b.positions[v] - a.positions[twin[v]]));
            }
            const float hips = at(b, back.rig, "hips").y;
            for (const char* foot : {"foot_L", "foot_R"}) {
                ASSERT_FALSE(near[foot].empty()) << foot;
                for (std::size_t v : near[foot])
                    EXPECT_LT(b.positions[v].y, hips) << foot << " vertex " << v << " at " << t;
            }
        }
        EXPECT_LT(handGap, .02f * height) << "the hands' vertices follow the hands";
        std::cout << "[ figures  ] bind --weights " << weights << ": hand vertices at most " << handGap / height
                  << " of the height from the original's in the run clip\n";
        if (std::string(weights) != "transfer")
            continue;
        // Transfer: each vertex's row, by joint name, against its twin's.
        const mesh::Mesh& bm = back.rig.meshes[0];
        const mesh::Mesh& om = original.rig.meshes[0];
        const auto row = [](const model::Rig& rig, const mesh::Mesh& m, std::size_t v) {
            std::map<std::string, float> named;
            const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
            for (std::size_t k = 0; k < m.weights.weightRow(v).size(); ++k)
                if (m.weights.weightRow(v)[k] > 0.f)
                    named[rig.skeleton.names[static_cast<std::size_t>(skin.joints[m.weights.jointRow(v)[k]])]] +=
                        m.weights.weightRow(v)[k];
            return named;
        };
        double worst = 0.0, sum = 0.0;
        for (std::size_t v = 0; v < bm.vertexCount(); ++v) {
            std::map<std::string, float> a = row(back.rig, bm, v), b = row(original.rig, om, twin[v]);
            double l1 = 0.0;
            for (const auto& [joint, w] : a)
                l1 += std::abs(w - (b.count(joint) ? b[joint] : 0.f));
            for (const auto& [joint, w] : b)
                l1 += a.count(joint) ? 0.0 : w;
            worst = std::max(worst, l1);
            sum += l1;
        }
        EXPECT_LT(worst, 1e-3) << "transfer gives each vertex its twin's row";
        std::cout << "[ figures  ] bind --weights transfer: rows' L1 distance from the original's, mean "
                  << sum / static_cast<double>(bm.vertexCount()) << ", worst " << worst << "\n";
    }
    fs::remove(obj);
}

// A skinned MESH is taken as its rest pose draws it and rebound: the bundled
// character bound to its own skeleton by transfer runs as it did.
TEST(CliBind, ASkinnedMeshIsReboundWhereItsRestPoseDrawsIt)
{
    const io::ImportResult original = io::importModel(bundled());
    ASSERT_TRUE(original.ok) << original.error;
    const std::string out = temp("self.glb");
    const auto r = test::runProcess({test::cliExecutable(), "bind", bundled(), "--skeleton", bundled(), "--weights", "transfer", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const io::ImportResult back = io::importModel(out);
    fs::remove(out);
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_EQ(back.rig.meshes.size(), 1u);
    ASSERT_EQ(back.rig.meshes[0].vertexCount(), original.rig.meshes[0].vertexCount());
    const float height = mesh::Aabb::of(pose(original.rig, -1, 0.0).positions).diagonal();
    const int run = original.rig.findClip("run");
    float worst = 0.f;
    for (int f = 0; f < 4; ++f) {
        const double t = original.rig.clips[static_cast<std::size_t>(run)].duration * f / 4.0;
        const Posed a = pose(original.rig, run, t), b = pose(back.rig, back.rig.findClip("run"), t);
        for (std::size_t v = 0; v < a.positions.size(); ++v)
            worst = std::max(worst, glm::length(a.positions[v] - b.positions[v]));
    }
    EXPECT_LT(worst, 1e-4f * height) << "rebound at rest with its own weights, it runs as before";
}

} // namespace
} // namespace marrow
