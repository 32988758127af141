// SPDX-License-Identifier: MIT
#include "core/skin/brush_settings.h"

#include <gtest/gtest.h>

#include <functional>
#include <limits>

using namespace marrow;

TEST(JobValidity, BrushSettings)
{
    const skin::BrushSettings defaults;
    EXPECT_FALSE(defaults.validate());
    EXPECT_TRUE(defaults.frontFacesOnly);
    EXPECT_FALSE(defaults.accumulate);
    EXPECT_TRUE(defaults.autoNormalize);
    EXPECT_FALSE(defaults.xMirror);

    const float nan = std::numeric_limits<float>::quiet_NaN();
    const struct {
        std::function<void(skin::BrushSettings&)> breakIt;
        const char* message;
    } cases[] = {
        {[](auto& s) { s.weight = -0.1f; }, "weight must be in [0, 1]"},
        {[&](auto& s) { s.weight = nan; }, "weight must be in [0, 1]"},
        {[](auto& s) { s.radius = 0.f; }, "radius must be positive"},
        {[](auto& s) { s.strength = 1.5f; }, "strength must be in [0, 1]"},
        {[](auto& s) { s.spacing = 0.f; }, "spacing must be in (0, 1]"},
        {[](auto& s) { s.spacing = 1.5f; }, "spacing must be in (0, 1]"},
        {[](auto& s) { s.mode = static_cast<skin::BrushMode>(9); }, "unknown brush mode"},
        {[](auto& s) { s.falloff = static_cast<skin::FalloffPreset>(9); }, "unknown falloff preset"},
        {[](auto& s) { s.falloffShape = static_cast<skin::FalloffShape>(9); }, "unknown falloff shape"},
    };
    for (const auto& c : cases) {
        skin::BrushSettings s;
        c.breakIt(s);
        const auto err = s.validate();
        ASSERT_TRUE(err) << c.message;
        EXPECT_EQ(*err, c.message);
    }
    skin::BrushSettings edges;
    edges.weight = 0.f;
    edges.strength = 1.f;
    edges.spacing = 1.f;
    EXPECT_FALSE(edges.validate());
}
