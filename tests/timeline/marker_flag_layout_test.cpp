// SPDX-License-Identifier: MIT
// The ruler's flag layout (issue 37): flags at one time, or close enough
// to overlap, stand side by side; a flag alone stays on its pole; the
// labels tell "L up" from "L", and the tooltip's words name the foot.
#include "widgets/timeline/marker_flag_layout.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(MarkerFlagLayout, OverlappingFlagsStandSideBySide)
{
    const std::vector<double> poles{10.0, 10.0, 14.0, 60.0};
    const std::vector<double> widths{11.0, 17.0, 11.0, 11.0};
    const auto lefts = ui::flagLefts(poles, widths, 1.0);
    ASSERT_EQ(lefts.size(), 4u);
    EXPECT_DOUBLE_EQ(lefts[0], 10.0);
    EXPECT_DOUBLE_EQ(lefts[1], 22.0);  // after the first's 11 px and a 1 px gap
    EXPECT_DOUBLE_EQ(lefts[2], 40.0);  // its pole is covered: after the second
    EXPECT_DOUBLE_EQ(lefts[3], 60.0);  // alone: on its pole
    EXPECT_TRUE(ui::flagLefts({}, {}).empty());
}

TEST(MarkerFlagLayout, LabelsAndMeaningsNameTheFoot)
{
    EXPECT_EQ(ui::flagLabel("L"), "L");
    EXPECT_EQ(ui::flagLabel("R up"), "R\u2191");
    EXPECT_EQ(ui::flagLabel("Step"), "St");
    EXPECT_EQ(ui::markerMeaning("L"), "left foot down");
    EXPECT_EQ(ui::markerMeaning("R"), "right foot down");
    EXPECT_EQ(ui::markerMeaning("L up"), "left foot lifts");
    EXPECT_EQ(ui::markerMeaning("R up"), "right foot lifts");
    EXPECT_EQ(ui::markerMeaning("Step"), "\"Step\"");
    EXPECT_EQ(ui::markerMeaning(""), "\"\"");
}
