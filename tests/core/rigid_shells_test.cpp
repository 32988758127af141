// SPDX-License-Identifier: MIT
// Loose shells (marrow-cli bind --rigid-islands, Automatic Weights' rigid
// islands): vertices split at a seam are one shell; each shell's nearest
// source is the one nearest its vertices on average.
#include "core/skin/rigid_shells.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(RigidShells, CopiesAtOnePositionJoinAndEachShellFindsItsNearestBone)
{
    // Two quads far apart; the first split along its diagonal into two
    // triangles that share no index, only positions (a seam).
    const std::vector<glm::vec3> p = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                      {5, 0, 0}, {6, 0, 0}, {6, 1, 0}, {5, 1, 0}};
    const std::vector<std::uint32_t> t = {0, 1, 2, 3, 4, 5, 6, 7, 8, 6, 8, 9};
    std::size_t count = 0;
    const std::vector<std::uint32_t> byIndex = skin::connectedShells(p.size(), t, count);
    EXPECT_EQ(count, 3u) << "by index alone, the seam splits the first quad";
    const std::vector<std::uint32_t> shell = skin::positionShells(p, t, count);
    ASSERT_EQ(count, 2u);
    for (std::size_t v = 0; v < 6; ++v)
        EXPECT_EQ(shell[v], shell[0]);
    for (std::size_t v = 6; v < p.size(); ++v)
        EXPECT_EQ(shell[v], shell[6]);
    EXPECT_NE(shell[0], shell[6]);
    std::vector<skin::HeatSource> sources(2);
    sources[0].segments = {{{5.5f, -1.f, 0.f}, {5.5f, 2.f, 0.f}}};  // through the second quad
    sources[1].segments = {{{.5f, -1.f, 1.f}, {.5f, 2.f, 1.f}}};    // beside the first
    const std::vector<std::uint16_t> nearest = skin::nearestSourcePerShell(p, shell, count, sources);
    EXPECT_EQ(nearest[shell[0]], 1);
    EXPECT_EQ(nearest[shell[6]], 0);
    std::vector<std::uint8_t> skip(count, 0);
    skip[shell[0]] = 1;
    EXPECT_EQ(skin::nearestSourcePerShell(p, shell, count, sources, skip)[shell[6]], 0);
}
