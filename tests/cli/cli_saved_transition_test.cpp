// SPDX-License-Identifier: MIT
// marrow-cli and transitions saved in a .marrow: `pose --transition NAME
// --time T` poses as the blend rule at the (tA, tB, w) of the timing
// (checked against `pose --blend`, the pipeline's own blend path), `info`
// lists the transitions, and an unknown name or a mixed request exits 2.
#include "cli_pose_runner.h"

#include "core/io/document_codec.h"
#include "core/io/gltf_import.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace marrow;

namespace {

std::filesystem::path savedScratch(const std::string& name)
{
    return test::scratchFile("marrow_cli_saved_transition", name);
}

std::vector<float> pose(const std::vector<std::string>& args)
{
    return test::cliPose(args, "marrow_cli_saved_transition");
}

// public_rig with a saved transition idle -> stride: exit .5, offset .1,
// D .4, smoothstep (T = .5 + max(.4, .8 - .1) = 1.2).
std::filesystem::path savedDocumentWithTransition()
{
    io::ImportResult imported = io::importGltf(test::model("synthetic/public_rig.gltf"));
    EXPECT_TRUE(imported.ok) << imported.error;
    model::Rig& rig = imported.rig;
    model::Transition t;
    t.name = "idle_to_stride";
    t.clipA = rig.findClip("idle");
    t.clipB = rig.findClip("stride");
    t.exit = 0.5;
    t.offset = 0.1;
    t.duration = 0.4;
    t.curve = {anim::BlendCurveKind::Smoothstep};
    rig.transitions.push_back(t);
    EXPECT_FALSE(rig.validate());
    // One file per test: ctest runs this file's tests side by side.
    const auto path = savedScratch(std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".marrow");
    std::ofstream(path, std::ios::binary) << doc::encodeDocument(rig);
    return path;
}

} // namespace

TEST(CliSavedTransition, PosesAsTheBlendRuleAtPreviewTimes)
{
    const auto document = savedDocumentWithTransition();
    const std::string model = test::model("synthetic/public_rig.gltf");
    const double e = 0.5, o = 0.1, d = 0.4;
    float worst = 0.f, extent = 0.f;
    for (double t : {0.0, 0.45, 0.6, 0.7, 0.85, 1.2}) {
        const double u = t - e;
        const double x = std::clamp(u / d, 0.0, 1.0);
        const double w = x * x * (3.0 - 2.0 * x);
        const std::vector<float> saved = pose({document.string(), "--transition", "idle_to_stride", "--time", test::fullPrecision(t)});
        const std::vector<float> rule = pose({model, "--clip", "idle", "--time", test::fullPrecision(t), "--blend", "stride",
                                              "--blend-time", test::fullPrecision(o + std::max(u, 0.0)), "--weight", test::fullPrecision(w)});
        ASSERT_EQ(saved.size(), rule.size());
        ASSERT_FALSE(saved.empty());
        for (std::size_t i = 0; i < saved.size(); ++i) {
            worst = std::max(worst, std::abs(saved[i] - rule[i]));
            extent = std::max(extent, std::abs(rule[i]));
        }
    }
    EXPECT_LT(worst, 1e-5f * extent);
    // The middle of the blend is neither clip: the check above compares poses that differ.
    const std::vector<float> idle = pose({model, "--clip", "idle", "--time", "0.7"});
    const std::vector<float> mid = pose({document.string(), "--transition", "idle_to_stride", "--time", "0.7"});
    float apart = 0.f;
    for (std::size_t i = 0; i < mid.size() && i < idle.size(); ++i)
        apart = std::max(apart, std::abs(mid[i] - idle[i]));
    EXPECT_GT(apart, 1e-3f * extent);
}

TEST(CliSavedTransition, InfoListsTheTransitions)
{
    const auto document = savedDocumentWithTransition();
    const test::ProcessResult r = test::runProcess({test::cliExecutable(), "info", document.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j.at("transitions").size(), 1u);
    const auto& t = j.at("transitions")[0];
    EXPECT_EQ(t.at("name"), "idle_to_stride");
    EXPECT_EQ(t.at("from"), "idle");
    EXPECT_EQ(t.at("to"), "stride");
    EXPECT_DOUBLE_EQ(t.at("duration").get<double>(), 0.4);
    EXPECT_NEAR(t.at("length").get<double>(), 0.5 + 0.4 + 0.5, 1e-6);  // half a second past the blend
    EXPECT_EQ(t.at("curve"), "smoothstep");
    EXPECT_EQ(t.at("mode"), "crossfade");
}

TEST(CliSavedTransition, AnUnknownNameOrAMixedRequestExitsTwo)
{
    const auto document = savedDocumentWithTransition();
    const auto obj = savedScratch("bad.obj").string();
    const test::ProcessResult unknown =
        test::runProcess({test::cliExecutable(), "pose", document.string(), "--transition", "walk_to_run", "--time", "0.5", "-o", obj});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("no transition 'walk_to_run'"), std::string::npos) << unknown.err;
    EXPECT_NE(unknown.err.find("'idle_to_stride'"), std::string::npos) << unknown.err;  // what there is
    const test::ProcessResult mixed = test::runProcess({test::cliExecutable(), "pose", document.string(), "--transition",
                                                        "idle_to_stride", "--clip", "idle", "-o", obj});
    EXPECT_EQ(mixed.exitCode, 2);
    EXPECT_NE(mixed.err.find("--transition"), std::string::npos) << mixed.err;
}
