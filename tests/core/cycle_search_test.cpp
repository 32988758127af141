// SPDX-License-Identifier: MIT
// Find Cycle (issue 37): on a take that stands and then walks, the best
// loop is a whole number of the walk's periods (to a frame), inside the
// walk, not the idle's still "perfect" loop; a window narrows the search.
#include "walk_take.h"

#include "core/model/cycle_search.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow;

namespace {

// How far a length is from a whole number (at least one) of periods, in seconds.
double offWholePeriods(double length, double period)
{
    const double n = std::max(1.0, std::round(length / period));
    return std::abs(length - n * period);
}

} // namespace

TEST(CycleSearch, FindsAWholeNumberOfWalkPeriodsInsideTheWalk)
{
    const test::WalkTake take;
    const model::Rig rig = test::walkTakeRig(take);
    model::CycleSearchOptions options;
    options.fps = 30.0;
    std::string why;
    const auto found = model::findCycle(rig, 0, options, &why);
    ASSERT_TRUE(found) << why;
    EXPECT_GE(found->start, take.idle - 1e-9) << "the idle's stillness is no cycle";
    EXPECT_LE(found->end, take.idle + take.walk + 1e-9);
    EXPECT_GE(found->end - found->start, options.minLength - 1e-9);
    EXPECT_LE(offWholePeriods(found->end - found->start, take.period), 1.0 / options.fps + 1e-9)
        << "found [" << found->start << ", " << found->end << "]";
    // On the frame grid.
    EXPECT_NEAR(found->start * 30.0, std::round(found->start * 30.0), 1e-9);
    EXPECT_NEAR(found->end * 30.0, std::round(found->end * 30.0), 1e-9);
    EXPECT_GE(found->cost, 0.0);

    // Deterministic.
    const auto again = model::findCycle(rig, 0, options);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->start, found->start);
    EXPECT_EQ(again->end, found->end);
    EXPECT_EQ(again->cost, found->cost);
}

TEST(CycleSearch, AWindowAndOtherRatesKeepToTheWalk)
{
    const test::WalkTake take{.idle = 3.0, .walk = 5.0, .period = 1.13, .keyRate = 60.0};
    const model::Rig rig = test::walkTakeRig(take);
    for (const double fps : {24.0, 30.0, 60.0}) {
        model::CycleSearchOptions options;
        options.fps = fps;
        options.from = 4.0;
        options.to = 7.5;
        const auto found = model::findCycle(rig, 0, options);
        ASSERT_TRUE(found) << fps;
        EXPECT_GE(found->start, 4.0 - 1e-9) << fps;
        EXPECT_LE(found->end, 7.5 + 1e-9) << fps;
        EXPECT_LE(offWholePeriods(found->end - found->start, take.period), 1.0 / fps + 1e-9)
            << fps << " fps: found [" << found->start << ", " << found->end << "]";
    }
}

TEST(CycleSearch, RefusesWhatHasNoRange)
{
    const model::Rig rig = test::walkTakeRig({});
    std::string why;
    EXPECT_FALSE(model::findCycle(rig, 1, {}, &why));
    EXPECT_NE(why.find("no clip 1"), std::string::npos) << why;
    model::CycleSearchOptions narrow;
    narrow.from = 3.0;
    narrow.to = 3.2;  // shorter than 0.4 s
    EXPECT_FALSE(model::findCycle(rig, 0, narrow, &why));
    EXPECT_NE(why.find("no range"), std::string::npos) << why;
    model::CycleSearchOptions bad;
    bad.fps = 0.0;
    EXPECT_FALSE(model::findCycle(rig, 0, bad, &why));
}
