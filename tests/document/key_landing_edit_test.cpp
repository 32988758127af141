// SPDX-License-Identifier: MIT
// The landing rules through AnimationEdit (core/commands/key_landing_edit.h):
// the preview names where every key lands and how many keys it would merge,
// the edit lands them exactly there in one undoable command, and scaleKeys'
// factor stops where a key would pass time 0.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/key_edit.h"
#include "core/commands/key_landing_edit.h"

#include <QUndoCommand>

#include <cmath>

using namespace marrow;
using doc::ChannelKind;
using doc::KeyId;

namespace {

constexpr model::JointIndex kLandingElbow = 1;
constexpr double kFps = 30.0;

float frame(int n) { return static_cast<float>(n / kFps); }

// "bend" with an elbow translation keyed on frames 0..9.
model::Rig landingRig()
{
    model::Rig r = test::fourVertexSkinRig();
    std::vector<float> times;
    std::vector<glm::vec3> values;
    for (int n = 0; n < 10; ++n) {
        times.push_back(frame(n));
        values.emplace_back(static_cast<float>(n), 0.f, 0.f);
    }
    r.clips[0].tracks[0].translation = test::vec3Channel(times, values);
    return r;
}

KeyId landingElbowT(float t) { return KeyId{kLandingElbow, ChannelKind::Translation, t}; }

std::set<KeyId> frames(int from, int to)
{
    std::set<KeyId> out;
    for (int n = from; n <= to; ++n)
        out.insert(landingElbowT(frame(n)));
    return out;
}

const anim::Vec3Channel& landingElbow(const doc::Document& d) { return d.rig().clips[0].findTrack(kLandingElbow)->translation; }

std::function<float(float)> halved()
{
    return [](float t) { return static_cast<float>(std::round(t * 0.5 * kFps) / kFps); };
}

} // namespace

TEST(KeyLandingEdit, ThePreviewIsWhereTheEditLandsTheKeys)
{
    auto d = test::documentWith(landingRig());
    const std::set<KeyId> keys = frames(0, 9);
    const cmd::LandingPreview preview = cmd::previewLanding(d->rig().clips[0], keys, halved(), kFps);
    EXPECT_EQ(preview.landed.size(), 10u);
    EXPECT_EQ(preview.merged, 0u);

    cmd::AnimationEdit edit(*d, 0);
    const std::set<KeyId> landed = cmd::landSelectedKeys(edit, keys, halved(), kFps);
    auto command = edit.command(d.get(), QStringLiteral("Scale Keys"));
    // Every key of frames 0..9 halved crowds onto 0..5, so they spread back out: nothing changes.
    EXPECT_EQ(command, nullptr);
    EXPECT_EQ(landed.size(), 10u);
    for (const auto& [key, time] : preview.landed)
        EXPECT_TRUE(landed.contains(landingElbowT(time))) << key.time;
}

TEST(KeyLandingEdit, ASparseSelectionScalesAndCountsTheKeysItLandsOn)
{
    auto d = test::documentWith(landingRig());
    // Frames 6..9 halved ask for 3, 4 (twice), 5 (twice): 3 and 4 hold unmoved keys.
    const std::set<KeyId> keys = frames(6, 9);
    const cmd::LandingPreview preview = cmd::previewLanding(d->rig().clips[0], keys, halved(), kFps);
    cmd::AnimationEdit edit(*d, 0);
    const std::set<KeyId> landed = cmd::landSelectedKeys(edit, keys, halved(), kFps);
    auto command = edit.command(d.get(), QStringLiteral("Scale Keys"));
    ASSERT_NE(command, nullptr);
    test::expectDoUndoRedo(*d, command.release());
    EXPECT_EQ(landed.size(), 4u) << "the moved keys stay apart";
    EXPECT_EQ(landingElbow(*d).size(), 10u - preview.merged) << "the count says what went";
    EXPECT_GT(preview.merged, 0u);
}

TEST(KeyLandingEdit, ScaleKeysStopsTheFactorAtTimeZero)
{
    auto d = test::documentWith(landingRig());
    cmd::AnimationEdit edit(*d, 0);
    // x2 about frame 4 would take frame 1 to -2: the factor stops at 4/3.
    cmd::scaleKeys(edit, {landingElbowT(frame(1)), landingElbowT(frame(2))}, frame(4), 2.f);
    auto command = edit.command(d.get(), QStringLiteral("Scale Keys"));
    ASSERT_NE(command, nullptr);
    d->undoStack()->push(command.release());
    const std::vector<float>& t = landingElbow(*d).times;
    // Frame 1 lands on 0 (replacing that key), frame 2 on 4/3: 9 keys, not
    // the 8 left when both were clamped onto 0.
    ASSERT_EQ(t.size(), 9u);
    EXPECT_NEAR(t[0], 0.f, 1e-6f);
    EXPECT_NEAR(t[1], frame(4) - frame(2) * 4.f / 3.f, 1e-6f);
}
