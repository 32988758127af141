// SPDX-License-Identifier: MIT
// marrow-cli weights (issue 20): exit codes; --limit and --quantize write
// rows that hold what they promise; --mirror +x makes a real character's
// weights symmetric (vertices paired by reflected position, bones by name).
#include "core/io/document_codec.h"
#include "core/io/model_import.h"
#include "core/model/joint_name_mirror.h"
#include "run_process.h"
#include "shared_models.h"
#include "cli_pose_runner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::string temp(const std::string& name)
{
    return (fs::temp_directory_path() / ("marrow_weights_" + std::to_string(::getpid()) + "_" + name)).string();
}

model::Rig readDocument(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    model::Rig rig;
    std::string error;
    EXPECT_TRUE(doc::decodeDocument(bytes, rig, error)) << error;
    return rig;
}

TEST(CliWeights, BadValuesAreUsageErrorsAndAMissingFileIsBadInput)
{
    const std::string model = test::traitsSample(), out = temp("x.glb");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--limit", "0"}, {"--limit", "2.5"}, {"--clean", "1"}, {"--quantize", "12"},
          {"--smooth", "0"}, {"--smooth", "3,1.5"}, {"--mirror", "x"}, {"--frobnicate"}, {"--auto", "--bone-segments", "centroid"},
          {"--auto", "--bone-segments"}, {"--normalize", "--bone-segments", "blender"}, {}}) {
        std::vector<std::string> argv{test::cliExecutable(), "weights", model};
        argv.insert(argv.end(), args.begin(), args.end());
        argv.insert(argv.end(), {"-o", out});
        EXPECT_EQ(test::runProcess(argv).exitCode, 2) << (args.empty() ? "no operation" : args[0]);
    }
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "weights", model, "--normalize"}).exitCode, 2) << "no -o";
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "weights", model, "--bones", "mixamorig:Hips", "-o", out}).exitCode, 2)
        << "--bones follows --auto";
    const auto unknown = test::runProcess({test::cliExecutable(), "weights", model, "--auto", "--bones", "NoSuchBone", "-o", out});
    EXPECT_EQ(unknown.exitCode, 3);
    EXPECT_NE(unknown.err.find("NoSuchBone"), std::string::npos);
    const auto missing = test::runProcess({test::cliExecutable(), "weights", "/no/such/model.glb", "--normalize", "-o", out});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_NE(missing.err.find("/no/such/model.glb"), std::string::npos);
    EXPECT_FALSE(fs::exists(out));
}

TEST(CliWeights, AFileWithNothingToWeightFailsAndWritesNothing)
{
    // Issue 36 item 7: it warned, wrote the file unchanged and exited 0.
    const std::string obj = temp("static.obj"), out = temp("static.glb");
    ASSERT_EQ(test::runProcess({test::cliExecutable(), "pose", test::traitsSample(), "-o", obj}).exitCode, 0);  // no skin
    for (const char* operation : {"--normalize", "--auto"}) {
        const auto r = test::runProcess({test::cliExecutable(), "weights", obj, operation, "-o", out});
        EXPECT_EQ(r.exitCode, 1) << operation << ": " << r.err;
        EXPECT_NE(r.err.find(obj + " has no skinned mesh: nothing to weight"), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(out)) << operation;
    }
    fs::remove(obj);
}

TEST(CliWeights, LimitAndQuantizeHoldOnEveryRow)
{
    const std::string out = temp("q.marrow");
    const auto r = test::runProcess({test::cliExecutable(), "weights", test::traitsSample(), "--limit", "3", "--quantize", "8", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("quantize 8"), std::string::npos) << "each operation reports";
    const model::Rig rig = readDocument(out);
    fs::remove(out);
    std::size_t rows = 0;
    for (const mesh::Mesh& m : rig.meshes) {
        if (!m.skinned())
            continue;
        for (std::size_t v = 0; v < m.vertexCount(); ++v, ++rows) {
            long units = 0;
            int influences = 0;
            for (float w : m.weights.weightRow(v)) {
                const double u = static_cast<double>(w) * 255.0;
                ASSERT_NEAR(u, std::round(u), 1e-4) << m.name << " vertex " << v;
                units += std::lround(u);
                influences += w > 0.f;
            }
            ASSERT_EQ(units, 255) << m.name << " vertex " << v;
            ASSERT_LE(influences, 3) << m.name << " vertex " << v;
        }
    }
    EXPECT_GT(rows, 1000u);
}

// Largest |w(v, bone) - w(twin, mirrored bone)| over vertex pairs at exactly
// reflected positions (x -> -x), and how many pairs there are.
std::pair<float, std::size_t> asymmetry(const model::Rig& rig)
{
    float worst = 0.f;
    std::size_t pairs = 0;
    for (const mesh::Mesh& m : rig.meshes) {
        if (!m.skinned())
            continue;
        const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
        const auto name = [&](std::uint16_t k) { return rig.skeleton.names[static_cast<std::size_t>(skin.joints[k])]; };
        std::map<std::tuple<long, long, long>, std::size_t> at;
        const auto key = [](const glm::vec3& p) {
            return std::tuple{std::lround(p.x * 1e5), std::lround(p.y * 1e5), std::lround(p.z * 1e5)};
        };
        for (std::size_t v = 0; v < m.vertexCount(); ++v)
            at.emplace(key(m.positions[v]), v);
        for (std::size_t v = 0; v < m.vertexCount(); ++v) {
            if (m.positions[v].x > -1e-3f)
                continue;
            const auto twin = at.find(key(glm::vec3(-m.positions[v].x, m.positions[v].y, m.positions[v].z)));
            if (twin == at.end())
                continue;
            ++pairs;
            std::map<std::string, float> left, right;
            const auto jv = m.weights.jointRow(v), jt = m.weights.jointRow(twin->second);
            const auto wv = m.weights.weightRow(v), wt = m.weights.weightRow(twin->second);
            for (std::size_t k = 0; k < wv.size(); ++k)
                if (wv[k] > 0.f)
                    left[name(jv[k])] += wv[k];
            for (std::size_t k = 0; k < wt.size(); ++k)
                if (wt[k] > 0.f)
                    right[model::mirroredJointName(name(jt[k])).value_or(name(jt[k]))] += wt[k];
            for (const auto& [bone, w] : left)
                worst = std::max(worst, std::abs(w - (right.count(bone) ? right[bone] : 0.f)));
            for (const auto& [bone, w] : right)
                worst = std::max(worst, std::abs(w - (left.count(bone) ? left[bone] : 0.f)));
        }
    }
    return {worst, pairs};
}

TEST(CliWeights, MirrorMakesARealCharacterSymmetric)
{
    const std::string model = test::traitsSample();
    const io::ImportResult before = io::importModel(model);
    ASSERT_TRUE(before.ok) << before.error;
    const auto [was, pairsBefore] = asymmetry(before.rig);
    const std::string out = temp("m.marrow");
    const auto r = test::runProcess({test::cliExecutable(), "weights", model, "--smooth", "3", "--mirror", "+x", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto [now, pairs] = asymmetry(readDocument(out));
    fs::remove(out);
    ASSERT_GT(pairs, 100u);
    EXPECT_LT(now, 1e-6f) << "before: " << was << " over " << pairsBefore << " pairs";
}


// A .marrow's locks hold and its Deform flags choose --auto's bones; a
// .marrow output keeps both.
TEST(CliWeights, ADocumentsLocksAndDeformFlagsApplyAndAreKept)
{
    const io::ImportResult imported = io::importModel(test::traitsSample());
    ASSERT_TRUE(imported.ok) << imported.error;
    const model::Rig& rig = imported.rig;
    const auto left = rig.skeleton.find("mixamorig:LeftArm"), right = rig.skeleton.find("mixamorig:RightArm");
    ASSERT_TRUE(left && right);
    doc::DocumentExtras extras;
    extras.locks = {*left};
    extras.deform = {{*right, false}};
    const std::string in = temp("in.marrow"), out = temp("out.marrow");
    {
        std::ofstream f(in, std::ios::binary);
        f << doc::encodeDocument(rig, extras);
    }
    const auto r = test::runProcess({test::cliExecutable(), "weights", in, "--auto", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::ifstream f(out, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
    model::Rig after;
    doc::DocumentExtras kept;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(bytes, after, error, &kept)) << error;
    fs::remove(in);
    fs::remove(out);
    EXPECT_EQ(kept.locks, extras.locks);
    EXPECT_EQ(kept.deform, extras.deform);
    const auto weightOf = [](const model::Rig& g, const mesh::Mesh& m, std::size_t v, anim::JointIndex joint) {
        const model::Skin& skin = g.skins[static_cast<std::size_t>(m.skin)];
        for (std::size_t k = 0; k < static_cast<std::size_t>(m.weights.stride); ++k)
            if (skin.joints[m.weights.jointRow(v)[k]] == joint && m.weights.weightRow(v)[k] > 0.f)
                return m.weights.weightRow(v)[k];
        return 0.f;
    };
    std::size_t leftRows = 0;
    for (std::size_t i = 0; i < after.meshes.size(); ++i) {
        if (!after.meshes[i].skinned())
            continue;
        for (std::size_t v = 0; v < after.meshes[i].vertexCount(); ++v) {
            ASSERT_EQ(weightOf(after, after.meshes[i], v, *right), 0.f) << "RightArm does not deform";
            const float was = weightOf(rig, rig.meshes[i], v, *left);
            ASSERT_EQ(weightOf(after, after.meshes[i], v, *left), was) << "LeftArm is locked";
            leftRows += was > 0.f;
        }
    }
    EXPECT_GT(leftRows, 100u);
}

// --bone-segments blender: every row still sums to 1, and the pelvis goes
// from the hips (whose segments reach both thighs by default) to the thighs
// (Blender's hip bone points up at its children's centroid).
TEST(CliWeights, BlenderBoneSegmentsGiveThePelvisToTheThighs)
{
    const auto hipsRows = [](const std::string& path) {
        const model::Rig rig = readDocument(path);
        const auto hips = rig.skeleton.find("mixamorig:Hips");
        EXPECT_TRUE(hips);
        std::size_t onHips = 0;
        for (const mesh::Mesh& m : rig.meshes) {
            if (!m.skinned())
                continue;
            EXPECT_FALSE(m.weights.validate(rig.skins[static_cast<std::size_t>(m.skin)].joints.size(), 1e-5f));
            for (std::size_t v = 0; v < m.vertexCount(); ++v)
                onHips += rig.skins[static_cast<std::size_t>(m.skin)].joints[m.weights.jointRow(v)[0]] == hips;
        }
        return onHips;
    };
    const std::string each = temp("each.marrow"), blender = temp("blender.marrow");
    const auto a = test::runProcess({test::cliExecutable(), "weights", test::traitsSample(), "--auto", "-o", each});
    ASSERT_EQ(a.exitCode, 0) << a.err;
    const auto b = test::runProcess(
        {test::cliExecutable(), "weights", test::traitsSample(), "--auto", "--bone-segments", "blender", "-o", blender});
    ASSERT_EQ(b.exitCode, 0) << b.err;
    EXPECT_NE(b.err.find("--bone-segments blender"), std::string::npos) << b.err;
    const std::size_t eachHips = hipsRows(each), blenderHips = hipsRows(blender);
    fs::remove(each);
    fs::remove(blender);
    EXPECT_GT(eachHips, 0u);
    EXPECT_LT(blenderHips * 2, eachHips) << "the hips' own rows: " << blenderHips << " vs " << eachHips;
}

} // namespace
} // namespace marrow
