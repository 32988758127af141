// SPDX-License-Identifier: MIT
// The document's frame rate is read off the key times on import: the
// smallest common rate whose frames hold every key.
#include "core/anim/frame_rate.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;
using marrow::test::quatChannel;
using marrow::test::vec3Channel;

namespace {

// Times frames[i] / fps (as floats, the way a file stores them).
std::vector<float> frameTimes(const std::vector<int>& frames, double fps)
{
    std::vector<float> times;
    for (int f : frames)
        times.push_back(static_cast<float>(f / fps));
    return times;
}

anim::Clip clipWithTimes(const std::vector<float>& translation, const std::vector<float>& rotation = {})
{
    anim::Clip clip;
    clip.name = "clip";
    anim::JointTrack track;
    if (!translation.empty())
        track.translation = vec3Channel(translation, std::vector<glm::vec3>(translation.size(), glm::vec3(0.f)));
    if (!rotation.empty())
        track.rotation = quatChannel(rotation, std::vector<glm::quat>(rotation.size(), glm::quat(1, 0, 0, 0)));
    clip.tracks.push_back(track);
    clip.updateDuration();
    return clip;
}

} // namespace

TEST(FrameRate, EachCommonRateIsFoundFromItsOwnKeys)
{
    // Frames 1, 7 and 101 are on no coarser common grid than their own rate
    // (7 / 48 s is no 24 fps frame, 101 / 50 s no 25 fps frame, ...).
    for (double fps : anim::kCommonFrameRates) {
        SCOPED_TRACE(fps);
        const auto rate = anim::detectFrameRate({clipWithTimes(frameTimes({0, 1, 7, 101}, fps))});
        ASSERT_TRUE(rate.has_value());
        EXPECT_EQ(*rate, fps);
    }
}

TEST(FrameRate, TheSmallestRateThatHoldsEveryKeyWins)
{
    // Every other 60 fps frame is a 30 fps frame.
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes(frameTimes({0, 2, 4, 10}, 60.0))}), 30.0);
    // 24 fps keys on one channel, 60 fps keys on another: 120 fps is no
    // candidate, so nothing fits.
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes(frameTimes({0, 5}, 24.0), frameTimes({0, 7}, 60.0))}),
              std::nullopt);
    // Every clip counts: a 24 fps clip beside a 30 fps one fits neither rate alone, but 120 is no candidate either.
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes(frameTimes({0, 5}, 24.0)), clipWithTimes(frameTimes({0, 1}, 30.0))}),
              std::nullopt);
}

TEST(FrameRate, KeysOffEveryGridFitNothing)
{
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes({0.f, 0.0123f, 1.f})}), std::nullopt);
    // Within the tolerance a key still counts as on the frame; beyond it, not.
    const float near24 = static_cast<float>(5.0 / 24.0 + 5e-5);
    const float off24 = static_cast<float>(5.0 / 24.0 + 3e-4);
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes({0.f, near24})}), 24.0);
    EXPECT_NE(anim::detectFrameRate({clipWithTimes({0.f, off24})}), 24.0);
}

TEST(FrameRate, NoKeysOrKeysAtZeroAloneSayNothing)
{
    EXPECT_EQ(anim::detectFrameRate({}), std::nullopt);
    EXPECT_EQ(anim::detectFrameRate({anim::Clip{"empty", 0.f, {}}}), std::nullopt);
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes({0.f}, {0.f})}), std::nullopt);
    // A clip keyed at 0 alone does not outvote one with real keys.
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes({0.f}), clipWithTimes(frameTimes({0, 3, 25}, 25.0))}), 25.0);
}

TEST(FrameRate, LongClipsStillFitDespiteFloatTimes)
{
    // Ten minutes at 24 fps: float key times are off by up to ~3e-5 s there.
    std::vector<int> frames;
    for (int f = 0; f <= 24 * 600; f += 7)
        frames.push_back(f);
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes(frameTimes(frames, 24.0))}), 24.0);
}

// Issue 36 item 7: the Khronos Fox has two clips on 24 fps frames and one
// with some keys between them; it opened at the preference.
TEST(FrameRate, TheRateMostKeysLieOnWinsOverAClipWithOffGridKeys)
{
    std::vector<int> walk, run;
    for (int f = 0; f <= 17; ++f)
        walk.push_back(f);
    for (int f = 0; f <= 27; f += 2)
        run.push_back(f);
    std::vector<float> offGrid = frameTimes(run, 24.0);  // 14 keys: 5 of them nudged off their frames
    for (std::size_t i = 1; i < offGrid.size(); i += 3)
        offGrid[i] += 0.013f;
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes(frameTimes(walk, 24.0)), clipWithTimes(offGrid)}), 24.0);
    // The clip alone: 8 of its 13 timed keys on frames, too few to tell.
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes(offGrid)}), std::nullopt);
}

TEST(FrameRate, KeysCountPerClipNotPerDistinctTimeOfTheFile)
{
    // Three clips share 24 fps times (1..9 frames); a fourth has 5 keys at 30 fps odd frames.
    // Pooled and deduplicated, 24 fps would hold 9 of 14 times (64 %); per clip, 27 of 32.
    const std::vector<int> shared{1, 2, 3, 4, 5, 6, 7, 8, 9};
    const anim::Clip on24 = clipWithTimes(frameTimes(shared, 24.0));
    const anim::Clip on30 = clipWithTimes(frameTimes({1, 3, 7, 11, 13}, 30.0));
    EXPECT_EQ(anim::detectFrameRate({on24, on24, on24, on30}), 24.0);
    EXPECT_EQ(anim::detectFrameRate({on24, on30}), std::nullopt) << "9 of 14: not most";
}

TEST(FrameRate, AnotherRatesGridOrATieGivesNothing)
{
    // 120 fps keys: every other one lies on 60 fps frames, but half is not most.
    std::vector<int> frames;
    for (int f = 1; f <= 40; ++f)
        frames.push_back(f);
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes(frameTimes(frames, 120.0))}), std::nullopt);
    // Keys on whole seconds lie on every rate's frames: no telling 24 from 25.
    EXPECT_EQ(anim::detectFrameRate({clipWithTimes({0.f, 1.f, 2.f, 3.f})}), std::nullopt);
}
