// SPDX-License-Identifier: MIT
// The editor and marrow-cli agree on the same document (issue 37): the
// markers the ruler shows are those `info` lists, and the dock's Find best
// (on its worker, at the document's rate) picks the exit and offset that
// `transition --find-best` picks, with the same blend slide and cost.
#include "transition_fixture.h"

#include "cli_pose_runner.h"
#include "core/model/foot_markers.h"
#include "widgets/common/collapsible_section.h"
#include "widgets/transitions/find_best_box.h"

#include <QLabel>
#include <QPushButton>

#include <nlohmann/json.hpp>

using namespace marrow;

namespace {
using FindBestDockCliTest = test::TransitionEditorTest;
} // namespace

TEST_F(FindBestDockCliTest, TheSameDocumentGivesTheSameMarkersAndTheSameBestExit)
{
    const int index = makeIdleToStride();
    const model::Rig& rig = window().document().rig();
    const model::Transition t = rig.transitions[static_cast<std::size_t>(index)];
    const std::string sample = app::bundledSamplePath().toStdString();

    // Markers: the ruler's (model::syncMarkersOf on the open document) against `info`'s.
    const test::ProcessResult info = test::runProcess({test::cliExecutable(), "info", sample});
    ASSERT_EQ(info.exitCode, 0) << info.err;
    const nlohmann::json clips = nlohmann::json::parse(info.out).at("clips");
    ASSERT_EQ(clips.size(), rig.clips.size());
    int markers = 0;
    for (std::size_t c = 0; c < rig.clips.size(); ++c) {
        const auto shown = model::syncMarkersOf(rig, rig.clips[c]);
        const nlohmann::json& listed = clips[c].at("syncMarkers");
        ASSERT_EQ(listed.size(), shown.size()) << rig.clips[c].name;
        for (std::size_t m = 0; m < shown.size(); ++m, ++markers) {
            EXPECT_EQ(listed[m].at("name").get<std::string>(), shown[m].name);
            EXPECT_NEAR(listed[m].at("time").get<double>(), shown[m].time, 1e-6);
        }
    }
    EXPECT_GT(markers, 0) << "the stride puts its feet down";

    // Find best in the dock, as a user presses it.
    ui::FindBestBox& box = *panel().findBest();
    auto* section = panel().findChild<ui::CollapsibleSection*>(QStringLiteral("transitions.findBest"));
    ASSERT_NE(section, nullptr);
    section->setExpanded(true);
    QApplication::processEvents();
    QTest::mouseClick(box.button(), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !box.searching(); }, 120000));
    ASSERT_TRUE(box.result()) << box.summary()->text().toStdString();
    const model::TransitionSearchResult& dock = *box.result();
    EXPECT_TRUE(box.summary()->text().contains(QStringLiteral("pop"))) << "the summary gives the cost's terms";

    const auto out = test::scratchFile("marrow_find_best_dock_cli", "best.glb");
    std::vector<std::string> args{test::cliExecutable(), "transition", sample, "--from",
                                  rig.clips[static_cast<std::size_t>(t.clipA)].name, "--to",
                                  rig.clips[static_cast<std::size_t>(t.clipB)].name, "--duration",
                                  test::fullPrecision(t.duration), "--curve", "smoothstep", "--fps",
                                  test::fullPrecision(preview().sampleFps()), "--find-best", "--report", "-o",
                                  out.string()};
    for (const auto& [on, flag] : {std::pair{t.cycleA, "--cycle-a"}, {t.cycleB, "--cycle-b"}, {t.sync, "--sync"},
                                   {t.matchRoot, "--match-root"}})
        if (on)
            args.push_back(flag);
    const test::ProcessResult r = test::runProcess(args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json found = nlohmann::json::parse(r.out).at("findBest");
    EXPECT_NEAR(found.at("exit").get<double>(), dock.exit, 1e-9);
    EXPECT_NEAR(found.at("offset").get<double>(), dock.offset, 1e-9);
    EXPECT_NEAR(found.at("blendFootSlide").get<double>(), dock.footSlide, 1e-7 * std::max(1.0, dock.footSlide));
    EXPECT_NEAR(found.at("terms").at("total").get<double>(), dock.terms.total, 1e-7 * std::max(1.0, dock.terms.total));
    EXPECT_EQ(found.at("excluded").get<std::size_t>(), dock.excluded);
    std::filesystem::remove(out);
}
