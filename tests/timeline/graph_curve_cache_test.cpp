// SPDX-License-Identifier: MIT
// graph::CurveCache: a zoom step within one octave or a small pan reuses a
// channel's samples, another octave or a far pan samples again, and
// invalidate drops only the channels it names; what it gives is what
// sampleCurve gives over the view.
#include "core/anim/key_ops.h"
#include "widgets/timeline/graph/curve_cache.h"

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include <cmath>

namespace marrow::test {
namespace {

using doc::ChannelKind;
using ui::graph::CurveCache;
using ui::graph::SampleWindow;

anim::JointTrack cubicTrack()
{
    anim::JointTrack t;
    for (int k = 0; k < 20; ++k) {
        const float time = 0.1f * static_cast<float>(k);
        const float s = std::sin(static_cast<float>(k));
        anim::insertKey(t.translation, time, glm::vec3(s, -s, 2.f * s), anim::Interpolation::CubicSpline);
        anim::insertKey(t.rotation, time, glm::angleAxis(s, glm::vec3(0, 1, 0)), anim::Interpolation::CubicSpline);
    }
    return t;
}

TEST(GraphCurveCache, QuantisedStepIsAPowerOfTwoAtMostTheStep)
{
    EXPECT_EQ(CurveCache::quantisedStep(1.0), 1.0);
    EXPECT_EQ(CurveCache::quantisedStep(0.75), 0.5);
    EXPECT_EQ(CurveCache::quantisedStep(0.01), 1.0 / 128.0);
    EXPECT_EQ(CurveCache::quantisedStep(3.0), 2.0);
}

TEST(GraphCurveCache, ZoomWithinAnOctaveAndSmallPansReuseTheSamples)
{
    const anim::JointTrack t = cubicTrack();
    CurveCache cache;
    cache.curve(0, ChannelKind::Translation, t, 0.012, SampleWindow{0.5, 1.0});
    EXPECT_EQ(cache.samplings(), 1u);
    // 0.012 and 0.0095 both round down to 1/128 s; the views lie inside [0, 1.5].
    cache.curve(0, ChannelKind::Translation, t, 0.0095, SampleWindow{0.6, 0.9});
    cache.curve(0, ChannelKind::Translation, t, 0.012, SampleWindow{0.2, 0.7});
    EXPECT_EQ(cache.samplings(), 1u);
    // Another octave, or a view past the sampled window, samples again.
    cache.curve(0, ChannelKind::Translation, t, 0.006, SampleWindow{0.6, 0.9});
    EXPECT_EQ(cache.samplings(), 2u);
    cache.curve(0, ChannelKind::Translation, t, 0.006, SampleWindow{1.5, 1.9});
    EXPECT_EQ(cache.samplings(), 3u);
}

TEST(GraphCurveCache, InvalidateDropsOnlyTheNamedChannels)
{
    const anim::JointTrack t = cubicTrack();
    CurveCache cache;
    const SampleWindow view{0.0, 2.0};
    for (const model::JointIndex j : {0, 1})
        for (const ChannelKind k : {ChannelKind::Translation, ChannelKind::Rotation})
            cache.curve(j, k, t, 0.01, view);
    ASSERT_EQ(cache.samplings(), 4u);
    cache.invalidate(1, doc::channelBit(ChannelKind::Rotation));
    for (const model::JointIndex j : {0, 1})
        for (const ChannelKind k : {ChannelKind::Translation, ChannelKind::Rotation})
            cache.curve(j, k, t, 0.01, view);
    EXPECT_EQ(cache.samplings(), 5u) << "joint 1's rotation alone";
    cache.clear();
    cache.curve(0, ChannelKind::Translation, t, 0.01, view);
    EXPECT_EQ(cache.samplings(), 6u);
}

TEST(GraphCurveCache, GivesWhatSampleCurveGivesOverTheView)
{
    const anim::JointTrack t = cubicTrack();
    CurveCache cache;
    const SampleWindow view{0.45, 0.75};
    const double step = CurveCache::quantisedStep(0.01);
    const auto& cached = cache.curve(3, ChannelKind::Rotation, t, 0.01, view);
    const auto fresh = ui::graph::sampleCurve(t.rotation, step, view);
    // Segments touching the view (keys every 0.1 s) are sampled alike whatever the wider window.
    std::vector<std::pair<double, glm::dvec3>> a, b;
    for (std::size_t i = 0; i < cached.times.size(); ++i)
        if (cached.times[i] >= 0.41 && cached.times[i] <= 0.79)
            a.emplace_back(cached.times[i], cached.values[i]);
    for (std::size_t i = 0; i < fresh.times.size(); ++i)
        if (fresh.times[i] >= 0.41 && fresh.times[i] <= 0.79)
            b.emplace_back(fresh.times[i], fresh.values[i]);
    EXPECT_GT(a.size(), 10u);
    EXPECT_EQ(a, b);
    EXPECT_EQ(cached.keys.size(), t.rotation.size());
}

} // namespace
} // namespace marrow::test
