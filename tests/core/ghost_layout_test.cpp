// SPDX-License-Identifier: MIT
// Ghosts stand beside the blend: perpendicular to the character's travel on
// the ground, spaced by its width across that travel, never overlapping it.
#include "core/model/ghost_layout.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <limits>
#include <vector>

using namespace marrow;

namespace {

// The corners of a box `width` wide along X, 1.8 tall, `depth` deep along Z,
// standing on the ground at `at`.
std::vector<glm::vec3> body(glm::vec3 at, float width, float depth)
{
    std::vector<glm::vec3> points;
    for (float x : {-width / 2, width / 2})
        for (float y : {0.f, 1.8f})
            for (float z : {-depth / 2, depth / 2})
                points.push_back(at + glm::vec3(x, y, z));
    return points;
}

// A character walking from `from` to `to` in `count` frames.
std::vector<std::vector<glm::vec3>> walk(glm::vec3 from, glm::vec3 to, float width, float depth, int count = 8)
{
    std::vector<std::vector<glm::vec3>> frames;
    for (int i = 0; i < count; ++i)
        frames.push_back(body(from + (to - from) * (static_cast<float>(i) / static_cast<float>(count - 1)), width, depth));
    return frames;
}

// A frame's extent across `side`: its bounding box in the layout's frame,
// where only the side axis can separate a ghost from the blend.
struct Span {
    float lo = std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::lowest();
    Span(const std::vector<glm::vec3>& points, glm::vec3 side, glm::vec3 shift)
    {
        for (const glm::vec3& p : points) {
            lo = std::min(lo, glm::dot(p + shift, side));
            hi = std::max(hi, glm::dot(p + shift, side));
        }
    }
    bool overlaps(const Span& o) const { return lo <= o.hi && o.lo <= hi; }
};

} // namespace

TEST(GhostLayout, TravelAlongZPutsTheGhostsAlongX)
{
    const auto frames = walk({0, 0, 0}, {0, 0, 2.f}, 0.6f, 0.3f);
    const model::GhostLayout layout = model::ghostLayout(frames);
    EXPECT_NEAR(std::abs(layout.side.x), 1.f, 1e-5f);
    EXPECT_NEAR(layout.side.z, 0.f, 1e-5f);
    EXPECT_NEAR(layout.side.y, 0.f, 1e-6f);
}

TEST(GhostLayout, TravelAlongXPutsTheGhostsAlongZ)
{
    const auto frames = walk({0, 0, 0}, {2.f, 0, 0}, 0.6f, 0.3f);
    const model::GhostLayout layout = model::ghostLayout(frames);
    EXPECT_NEAR(std::abs(layout.side.z), 1.f, 1e-5f);
    EXPECT_NEAR(layout.side.x, 0.f, 1e-5f);
    // Across a walk along X the body is its depth (0.3) deep, not its width.
    EXPECT_NEAR(layout.spacing, 0.3f * 1.25f, 1e-4f);
}

TEST(GhostLayout, WithoutTravelTheGhostsStandAlongX)
{
    // Swaying in place (a few centimetres) is not travel.
    const auto frames = walk({0, 0, 0}, {0.02f, 0, 0.05f}, 0.6f, 0.3f);
    const model::GhostLayout layout = model::ghostLayout(frames);
    EXPECT_FLOAT_EQ(layout.side.x, 1.f);
    EXPECT_FLOAT_EQ(layout.side.z, 0.f);
}

TEST(GhostLayout, SpacingGrowsWithTheCharactersWidth)
{
    const float narrow = model::ghostLayout(walk({0, 0, 0}, {0, 0, 2.f}, 0.5f, 0.3f)).spacing;
    const float wide = model::ghostLayout(walk({0, 0, 0}, {0, 0, 2.f}, 1.5f, 0.3f)).spacing;
    EXPECT_GT(narrow, 0.5f);
    EXPECT_GT(wide, narrow + 0.9f);
}

TEST(GhostLayout, GhostsNeverOverlapTheBlend)
{
    // A diagonal walk: every ghost frame's box is apart from every blend
    // frame's box, whichever frames are shown together.
    const auto frames = walk({0, 0, 0}, {1.5f, 0, 1.5f}, 0.8f, 0.4f);
    const model::GhostLayout layout = model::ghostLayout(frames);
    for (float direction : {-1.f, 1.f}) {
        const glm::vec3 shift = direction * layout.spacing * layout.side;
        for (const auto& blend : frames)
            for (const auto& ghost : frames)
                EXPECT_FALSE(Span(ghost, layout.side, shift).overlaps(Span(blend, layout.side, glm::vec3(0.f))));
    }
}
