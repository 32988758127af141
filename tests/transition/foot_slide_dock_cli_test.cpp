// SPDX-License-Identifier: MIT
// The dock and marrow-cli give the same foot-slide figures for the same
// transition (issue 21: they differed, 2.890 against 2.937): both measure
// through anim::measureTransitionFootSlide on model::findLegs, the
// dock at the document's frame rate and the CLI at the --fps it is given.
#include "transition_fixture.h"

#include "cli_pose_runner.h"

#include <nlohmann/json.hpp>

using namespace marrow;

namespace {
using FootSlideDockCliTest = test::TransitionEditorTest;
} // namespace

TEST_F(FootSlideDockCliTest, TheSameTransitionGivesTheSameFigures)
{
    const int index = makeIdleToStride();
    const model::Rig& rig = window().document().rig();
    const model::Transition& t = rig.transitions[static_cast<std::size_t>(index)];
    ASSERT_EQ(t.curve.kind, anim::BlendCurveKind::Smoothstep);
    ASSERT_TRUE(t.profile.empty());
    const ws::TransitionPreview::FootSlide& dock = preview().footSlide();
    ASSERT_GT(dock.blended.legs.size(), 0u);

    const auto out = test::scratchFile("marrow_foot_slide_dock_cli", "baked.glb");
    std::vector<std::string> args{test::cliExecutable(), "transition", app::bundledSamplePath().toStdString(),
                                  "--from", rig.clips[static_cast<std::size_t>(t.clipA)].name, "--to",
                                  rig.clips[static_cast<std::size_t>(t.clipB)].name, "--exit",
                                  test::fullPrecision(t.exit), "--offset", test::fullPrecision(t.offset),
                                  "--duration", test::fullPrecision(t.duration), "--curve", "smoothstep", "--fps",
                                  test::fullPrecision(dock.fps), "--report", "-o", out.string()};
    if (t.cycleA)
        args.push_back("--cycle-a");
    if (t.cycleB)
        args.push_back("--cycle-b");
    if (t.sync)
        args.push_back("--sync");
    if (t.matchRoot)
        args.push_back("--match-root");
    const test::ProcessResult r = test::runProcess(args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json slide = nlohmann::json::parse(r.out).at("footSlide");
    EXPECT_EQ(slide.at("reference").get<std::string>(), dock.inPlace ? "treadmill" : "world");
    // The CLI prints 9 significant digits.
    const auto near = [](double cli, double shown) { return std::abs(cli - shown) <= 1e-7 * std::max(1.0, shown); };
    EXPECT_TRUE(near(slide.at("a").get<double>(), dock.a.total)) << slide.dump() << " vs " << dock.a.total;
    EXPECT_TRUE(near(slide.at("b").get<double>(), dock.b.total)) << slide.dump() << " vs " << dock.b.total;
    EXPECT_TRUE(near(slide.at("transition").get<double>(), dock.blended.total))
        << slide.dump() << " vs " << dock.blended.total;
    EXPECT_TRUE(near(slide.at("blend").get<double>(), dock.blend)) << slide.dump() << " vs " << dock.blend;
    const nlohmann::json& legs = slide.at("legs").at("transition");
    ASSERT_EQ(legs.size(), dock.blended.legs.size());
    for (std::size_t f = 0; f < dock.blended.legs.size(); ++f) {
        EXPECT_EQ(legs[f].at("leg").get<std::string>(), dock.blended.legs[f].label);
        EXPECT_EQ(legs[f].at("contacts").size(), dock.blended.legs[f].contacts.size());
    }
    std::filesystem::remove(out);
}
