// SPDX-License-Identifier: MIT
// The landing rules of key moves and scales (issue 17): offsets and factors
// stop where the first key would reach time 0, snapped keys of one channel
// keep distinct frames (a crowded key takes the next free one), keys landed
// on are counted, and a jump moves as one.
#include "core/anim/key_landing.h"
#include "core/anim/key_ops.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <set>

using namespace marrow;

namespace {

constexpr double kFps = 24.0;

float frame(double n) { return static_cast<float>(n / kFps); }

// `count` keys, one per frame from frame 0, x = the frame.
anim::Vec3Channel everyFrame(int count)
{
    anim::Vec3Channel c;
    for (int i = 0; i < count; ++i) {
        c.times.push_back(frame(i));
        c.values.push_back(glm::vec3(static_cast<float>(i), 0.f, 0.f));
    }
    return c;
}

std::vector<std::size_t> all(const anim::Vec3Channel& c)
{
    std::vector<std::size_t> out(c.size());
    std::iota(out.begin(), out.end(), std::size_t{0});
    return out;
}

// S as the dope sheet makes it: scaled about the pivot, then rounded to a frame.
std::function<float(float)> snappedScale(double pivot, double factor)
{
    return [pivot, factor](float t) {
        return static_cast<float>(std::round((pivot + (t - pivot) * factor) * kFps) / kFps);
    };
}

bool strictlyIncreasing(const std::vector<float>& v)
{
    for (std::size_t i = 1; i < v.size(); ++i)
        if (!(v[i - 1] < v[i]))
            return false;
    return true;
}

} // namespace

TEST(KeyLanding, ScalingAHundredKeysByPoint57KeepsAHundred)
{
    anim::Vec3Channel c = everyFrame(100);
    const auto indices = all(c);
    // The old rule (snap, then let keys on one frame merge) kept 57.
    anim::Vec3Channel merged = c;
    anim::retimeKeys(merged, std::span<const std::size_t>(indices), snappedScale(0.0, 0.57));
    EXPECT_LT(merged.size(), 60u);

    std::size_t lost = 0;
    anim::landAndRetime(c, std::span<const std::size_t>(indices), snappedScale(0.0, 0.57), kFps, &lost);
    EXPECT_EQ(c.size(), 100u);
    EXPECT_EQ(lost, 0u);
    EXPECT_TRUE(strictlyIncreasing(c.times));
    for (std::size_t i = 0; i < c.size(); ++i)
        EXPECT_EQ(c.values[i].x, static_cast<float>(i)) << "keys keep their order";
    EXPECT_FALSE(c.validate());
}

TEST(KeyLanding, ACrowdedKeyTakesTheNextFrameThatHoldsNoKey)
{
    // Keys at frames 0, 1, 2 all asking for frame 4; an unmoved key sits at 5.
    const std::vector<float> times{frame(0), frame(1), frame(2), frame(5)};
    const std::vector<std::size_t> moved{0, 1, 2};
    const std::vector<float> wanted{frame(4), frame(4), frame(4)};
    const anim::KeyLanding landing = anim::landKeys(times, moved, wanted, kFps);
    EXPECT_EQ(landing.times, (std::vector<float>{frame(4), frame(6), frame(7)}));
    EXPECT_EQ(landing.merged, 0u);
}

TEST(KeyLanding, TheLaterKeyInLandingOrderMoves)
{
    // A negative factor reverses the keys: key 2 lands first, key 0 last.
    const std::vector<float> times{frame(0), frame(1), frame(2)};
    const std::vector<std::size_t> moved{0, 1, 2};
    const std::vector<float> wanted{frame(3), frame(3), frame(2)};
    const anim::KeyLanding landing = anim::landKeys(times, moved, wanted, kFps);
    EXPECT_EQ(landing.times, (std::vector<float>{frame(3), frame(4), frame(2)}));
}

TEST(KeyLanding, LandingOnUnmovedKeysIsCountedAndMatchesTheEdit)
{
    anim::Vec3Channel c = everyFrame(4);
    const std::vector<std::size_t> moved{0, 1};
    const auto plusTwo = [](float t) { return t + frame(2); };
    const anim::KeyLanding plan = anim::planLanding(c, std::span<const std::size_t>(moved), plusTwo, kFps);
    EXPECT_EQ(plan.merged, 2u);
    std::size_t lost = 0;
    anim::landAndRetime(c, std::span<const std::size_t>(moved), plusTwo, kFps, &lost);
    EXPECT_EQ(lost, 2u);
    EXPECT_EQ(c.size(), 2u) << "the count says what the edit removed";
}

TEST(KeyLanding, AJumpMovesAsOneAndStaysAJump)
{
    anim::Vec3Channel c;
    c.times = {frame(0), frame(1), frame(1), frame(2)};
    c.values = {glm::vec3(0.f), glm::vec3(1.f), glm::vec3(2.f), glm::vec3(3.f)};
    const std::vector<std::size_t> indices{0, 1, 2, 3};
    std::size_t lost = 0;
    anim::landAndRetime(c, std::span<const std::size_t>(indices), [](float t) { return t + frame(1); }, kFps, &lost);
    EXPECT_EQ(c.times, (std::vector<float>{frame(0) + frame(1), frame(1) + frame(1), frame(1) + frame(1),
                                            frame(2) + frame(1)}));
    EXPECT_EQ(lost, 0u);
    EXPECT_EQ(c.values[2], glm::vec3(2.f));
}

TEST(KeyLanding, TheOffsetStopsWhereTheEarliestKeyReachesZero)
{
    EXPECT_DOUBLE_EQ(anim::clampKeyOffset(-0.5, 0.2), -0.2);
    EXPECT_DOUBLE_EQ(anim::clampKeyOffset(-0.1, 0.2), -0.1);
    EXPECT_DOUBLE_EQ(anim::clampKeyOffset(3.0, 0.2), 3.0);
}

TEST(KeyLanding, AFactorThatWouldPushAKeyBelowZeroStopsAtTheBound)
{
    // x1.18 about frame 8 would take the key at frame 0 to -1.44: it stops at x1.
    const double pivot = 8.0 / kFps;
    const double earliest = 0.0, latest = 20.0 / kFps;
    EXPECT_DOUBLE_EQ(anim::clampKeyFactor(1.18, pivot, earliest, latest), 1.0);
    EXPECT_DOUBLE_EQ(anim::clampKeyFactor(0.9, pivot, earliest, latest), 0.9);
    // Past the playhead (negative): the latest key stops at 0.
    const double lo = anim::clampKeyFactor(-2.0, pivot, earliest, latest);
    EXPECT_NEAR(pivot + (latest - pivot) * lo, 0.0, 1e-12);
    EXPECT_DOUBLE_EQ(anim::clampKeyFactor(-0.5, pivot, earliest, latest), -0.5);
    // Keys all after a pivot at 0: any positive factor, no negative one.
    EXPECT_DOUBLE_EQ(anim::clampKeyFactor(5.0, 0.0, 0.1, 1.0), 5.0);
    EXPECT_DOUBLE_EQ(anim::clampKeyFactor(-1.0, 0.0, 0.1, 1.0), 0.0);
}

TEST(KeyLanding, ANegativeFactorAtTheBoundKeepsEveryKeyAtOrAfterZero)
{
    anim::Vec3Channel c = everyFrame(100);
    const auto indices = all(c);
    const double pivot = 8.0 / kFps;
    const double factor = anim::clampKeyFactor(-1.0, pivot, 0.0, c.times.back());
    std::size_t lost = 0;
    anim::landAndRetime(c, std::span<const std::size_t>(indices), snappedScale(pivot, factor), kFps, &lost);
    EXPECT_EQ(c.size(), 100u) << "the old rule clamped 55 keys onto frame 0 and kept 45";
    EXPECT_EQ(lost, 0u);
    EXPECT_GE(c.times.front(), 0.f);
    EXPECT_TRUE(strictlyIncreasing(c.times));
}

TEST(KeyLanding, ScaleAboutFrame8ByTheBoundKeepsFrame0AtOrAfterZero)
{
    anim::Vec3Channel c = everyFrame(20);
    const auto indices = all(c);
    const double pivot = 8.0 / kFps;
    const double factor = anim::clampKeyFactor(1.18, pivot, 0.0, c.times.back());
    std::size_t lost = 0;
    anim::landAndRetime(c, std::span<const std::size_t>(indices), snappedScale(pivot, factor), kFps, &lost);
    EXPECT_EQ(c.size(), 20u);
    EXPECT_EQ(c.times.front(), 0.f);
    EXPECT_EQ(lost, 0u);
}

// Issue 36 item 7: S 0.5 about an odd frame put keys 8 frames apart 4, 4, 3,
// 5, 4 frames apart: each lands on a half frame, and float error rounded some
// down. Evenly spaced keys must stay evenly spaced for every pivot and factor.
TEST(SnappedScaleTime, EvenlySpacedKeysStayEvenlySpaced)
{
    for (const double fps : {24.0, 25.0, 30.0}) {
        for (int pivotFrame = 0; pivotFrame < 12; ++pivotFrame) {
            const double pivot = static_cast<float>(pivotFrame / fps);  // a float playhead
            for (const double factor : {0.5, 0.25, 0.75, 1.5, 2.0, 0.125}) {
                std::vector<long> landed;
                for (int k = 0; k < 12; ++k) {
                    const double key = static_cast<float>(8 * k / fps);  // keys are floats
                    const double t = anim::snappedScaleTime(key, pivot, factor, fps);
                    const double frames = t * fps;
                    ASSERT_NEAR(frames, std::round(frames), 1e-6) << "snapped onto a frame";
                    // The exact frame, half up: pivot + (key - pivot) * factor is exact in doubles here.
                    const double exact = pivotFrame + (8.0 * k - pivotFrame) * factor;
                    EXPECT_EQ(std::lround(frames), static_cast<long>(std::max(0.0, std::floor(exact + 0.5))))
                        << fps << " fps, pivot " << pivotFrame << ", x" << factor << ", key " << k;
                    if (exact >= 0.0)  // below 0 the key stops at 0 (the drag's factor stops before)
                        landed.push_back(std::lround(frames));
                }
                std::set<long> gaps;
                for (std::size_t i = 1; i < landed.size(); ++i)
                    gaps.insert(landed[i] - landed[i - 1]);
                EXPECT_EQ(gaps, (std::set<long>{std::lround(8.0 * factor)}))
                    << fps << " fps, pivot frame " << pivotFrame << ", x" << factor;
            }
        }
    }
}

TEST(SnappedScaleTime, AnOffGridPivotRoundsEveryKeyAlike)
{
    // About frame 2.3 at x0.5 every key of an 8-frame spacing lands on n + 0.15: all round down.
    const double pivot = 2.3 / kFps;
    std::vector<long> landed;
    for (int k = 0; k < 10; ++k)
        landed.push_back(std::lround(anim::snappedScaleTime(frame(8 * k), pivot, 0.5, kFps) * kFps));
    for (std::size_t k = 0; k < landed.size(); ++k)
        EXPECT_EQ(landed[k], 1 + 4 * static_cast<long>(k)) << "key " << k;
    EXPECT_EQ(anim::snappedScaleTime(frame(2), frame(8), 2.0, kFps), 0.0) << "never below 0";
    EXPECT_DOUBLE_EQ(anim::snappedScaleTime(frame(3), 0.0, 0.5, 0.0), 0.0 + 2.0 / 30.0)
        << "fps 0 counts as 30: 0.125 s is frame 3.75 at 30 fps, x0.5 is 1.875, rounds to 2";
}
