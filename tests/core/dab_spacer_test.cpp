// SPDX-License-Identifier: MIT
#include "core/mesh/dab_spacer.h"

#include <gtest/gtest.h>

namespace marrow::mesh {
namespace {

TEST(DabSpacer, EvenlySpacedAlongOneSegment)
{
    DabSpacer s;
    s.start({0.f, 0.f, 0.f});
    std::vector<glm::vec3> out;
    EXPECT_EQ(s.moveTo({10.f, 0.f, 0.f}, 4.f, out), 2u);
    EXPECT_EQ(out, (std::vector<glm::vec3>{{4.f, 0.f, 0.f}, {8.f, 0.f, 0.f}}));
    EXPECT_FLOAT_EQ(s.sinceLastDab(), 2.f);
    EXPECT_EQ(s.cursor(), glm::vec3(10.f, 0.f, 0.f));
}

TEST(DabSpacer, CarriesTheRemainderAcrossSegmentsAndTurns)
{
    DabSpacer s;
    s.start({0.f, 0.f, 0.f});
    std::vector<glm::vec3> out;
    EXPECT_EQ(s.moveTo({3.f, 0.f, 0.f}, 4.f, out), 0u);  // short move: no dab yet
    EXPECT_FLOAT_EQ(s.sinceLastDab(), 3.f);
    // Turning up +Y: the next dab is 1 further along the path, then every 4.
    EXPECT_EQ(s.moveTo({3.f, 6.f, 0.f}, 4.f, out), 2u);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0], glm::vec3(3.f, 1.f, 0.f));
    EXPECT_EQ(out[1], glm::vec3(3.f, 5.f, 0.f));
    EXPECT_FLOAT_EQ(s.sinceLastDab(), 1.f);
    // A dab landing exactly on the cursor counts, leaving nothing to carry.
    EXPECT_EQ(s.moveTo({3.f, 9.f, 0.f}, 4.f, out), 1u);
    EXPECT_EQ(out.back(), glm::vec3(3.f, 9.f, 0.f));
    EXPECT_FLOAT_EQ(s.sinceLastDab(), 0.f);
    EXPECT_EQ(s.moveTo({3.f, 12.f, 0.f}, 4.f, out), 0u);
    EXPECT_FLOAT_EQ(s.sinceLastDab(), 3.f);
}

TEST(DabSpacer, BadStepOrNoMovementEmitsNothing)
{
    DabSpacer s;
    s.start({1.f, 1.f, 1.f});
    std::vector<glm::vec3> out;
    EXPECT_EQ(s.moveTo({1.f, 1.f, 1.f}, 1.f, out), 0u);
    EXPECT_EQ(s.moveTo({5.f, 1.f, 1.f}, 0.f, out), 0u);
    EXPECT_EQ(s.moveTo({9.f, 1.f, 1.f}, -1.f, out), 0u);
    EXPECT_TRUE(out.empty());
    EXPECT_EQ(s.cursor(), glm::vec3(9.f, 1.f, 1.f));
    // A long fast stroke leaves no gap: 100 units at step .5 gives 200 dabs.
    s.start({0.f, 0.f, 0.f});
    EXPECT_EQ(s.moveTo({0.f, 0.f, 100.f}, .5f, out), 200u);
    EXPECT_FLOAT_EQ(out.back().z, 100.f);
}

} // namespace
} // namespace marrow::mesh
