// SPDX-License-Identifier: MIT
// Find best's parts (issue 21): the pose cost is 0 between equal poses and
// grows with position and velocity differences; the foot-phase distance
// reads the markers (the other foot down costs 1); and the search over a
// small grid returns the brute-force optimum of its own cost, with every
// candidate's cost as poseCost gives it; the exit window is respected.
#include "core/anim/foot_slide.h"
#include "core/anim/pose_match_cost.h"
#include "core/model/rig.h"
#include "core/model/transition_search.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace marrow;

TEST(PoseMatchCost, ZeroForEqualPosesAndGrowsWithTheirDifference)
{
    anim::PoseFeatures a;
    a.positions = {{0.f, 1.f, 0.f}, {0.f, 0.f, 0.f}};
    a.velocities = {{1.f, 0.f, 0.f}, {0.f, 0.f, 0.f}};
    anim::PoseCostWeights w;
    w.height = 2.0;
    EXPECT_EQ(anim::poseCost(a, a, w), 0.0);
    anim::PoseFeatures b = a;
    b.positions[1].x = 1.f;  // one joint 1 away: mean |dp|^2 / H^2 = (1 / 2) / 4
    EXPECT_NEAR(anim::poseCost(a, b, w), 0.125, 1e-12);
    b = a;
    b.velocities[0].x = 11.f;  // 10 a second faster: (0.1 * 10)^2 / 2 / 4
    EXPECT_NEAR(anim::poseCost(a, b, w), 0.125, 1e-12);
    EXPECT_NEAR(anim::poseCost(a, a, w, 0.5), 0.25, 1e-12) << "the foot phase, squared";
}

TEST(PoseMatchCost, FootPhaseDistanceReadsTheMarkers)
{
    const std::vector<anim::SyncMarker> a = {{"L", 0.0}, {"R", 0.5}};
    const std::vector<anim::SyncMarker> b = {{"R", 0.1}, {"L", 0.4}};
    // A a quarter of the way from L to R; B a quarter of the way from L (0.4) to R (1.1).
    EXPECT_NEAR(anim::footPhaseDistance(a, 1.0, 0.125, b, 1.0, 0.4 + 0.25 * 0.7), 0.0, 1e-12);
    EXPECT_NEAR(anim::footPhaseDistance(a, 1.0, 0.125, b, 1.0, 0.4 + 0.75 * 0.7), 0.5, 1e-12);
    EXPECT_EQ(anim::footPhaseDistance(a, 1.0, 0.125, b, 1.0, 0.2), 1.0) << "the other foot went down last";
    EXPECT_EQ(anim::footPhaseDistance({}, 1.0, 0.125, b, 1.0, 0.2), 0.0) << "no markers: no phase to match";
}

TEST(TransitionSearch, ReturnsTheBruteForceOptimumOfItsCostOnASmallGrid)
{
    const model::Rig rig = test::fourVertexSkinRig();  // "bend" (1 s) and "lift" (2 s); no feet: no slide to measure
    model::Transition t;
    t.clipA = 1;
    t.clipB = 0;
    t.duration = 0.25;
    model::TransitionSearchOptions options;
    options.fps = 10.0;
    options.exitFrom = 0.5;
    options.exitTo = 1.5;
    const auto r = model::findBestTransition(rig, t, options);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->exits.size(), 11u);
    ASSERT_EQ(r->offsets.size(), 10u);
    ASSERT_EQ(r->grid.size(), 110u);
    // Each candidate's cost, as the parts give it; the least of them wins.
    const std::vector<anim::JointIndex> joints = {0, 1};  // both weighted
    anim::PoseCostWeights w;
    w.height = static_cast<double>(anim::suggestedContactHeight(rig.skeleton)) / 0.02;
    double best = std::numeric_limits<double>::max();
    double bestExit = -1.0, bestOffset = -1.0;
    for (std::size_t e = 0; e < r->exits.size(); ++e)
        for (std::size_t o = 0; o < r->offsets.size(); ++o) {
            const double exit = 0.5 + static_cast<double>(e) / 10.0, offset = static_cast<double>(o) / 10.0;
            const double c = anim::poseCost(anim::poseFeatures(rig.skeleton, rig.clips[1], exit, joints, 0, 0.1),
                                            anim::poseFeatures(rig.skeleton, rig.clips[0], offset, joints, 0, 0.1), w);
            EXPECT_NEAR(r->grid[e * r->offsets.size() + o], c, 1e-9 * std::max(1.0, c)) << exit << " " << offset;
            if (c < best) {
                best = c;
                bestExit = exit;
                bestOffset = offset;
            }
        }
    EXPECT_NEAR(r->exit, bestExit, 1e-9);
    EXPECT_NEAR(r->offset, bestOffset, 1e-9);
    EXPECT_NEAR(r->cost, best, 1e-12);
    // The curve holds the least cost at each exit.
    for (std::size_t e = 0; e < r->exits.size(); ++e)
        EXPECT_EQ(r->costs[e], *std::min_element(r->grid.begin() + static_cast<std::ptrdiff_t>(e * 10),
                                                 r->grid.begin() + static_cast<std::ptrdiff_t>(e * 10 + 10)));
}

TEST(TransitionSearch, AnEmptyWindowOrAMissingClipIsAnError)
{
    const model::Rig rig = test::fourVertexSkinRig();
    model::Transition t;
    t.clipA = 1;
    t.clipB = 0;
    model::TransitionSearchOptions options;
    options.exitFrom = 1.5;
    options.exitTo = 1.0;
    std::string error;
    EXPECT_FALSE(model::findBestTransition(rig, t, options, &error));
    EXPECT_NE(error.find("window"), std::string::npos) << error;
    t.clipB = 9;
    EXPECT_FALSE(model::findBestTransition(rig, t, {}, &error));
    EXPECT_NE(error.find("clip"), std::string::npos) << error;
}
