// SPDX-License-Identifier: MIT
// The every-model matrix, compiled sampling (issue 39): on every model, every
// clip sampled through its anim::CompiledClip equals the one-channel path
// (bit for bit; within 1e-6 where multiply-adds fuse, -march=native) at 41
// times from before its start to past its end, following cursors as playback
// does; and after a rotation key inserted on the most keyed bone through the
// editor's command, and after its undo, the editor's pose (compiled, told of
// the edit) equals a fresh pipeline's that reads the keys directly.
#include "real_bench.h"
#include "insert_key_command.h"

#include "core/anim/compiled_clip.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/pose_pipeline.h"

#include <glm/gtc/quaternion.hpp>

using namespace marrow;

namespace {

class CompiledSamplingMatrix : public ::testing::TestWithParam<test::RealModel> {};

#if defined(__FMA__)
constexpr float kTolerance = 1e-6f;
#else
constexpr float kTolerance = 0.f;
#endif

void expectSameLocals(std::span<const math::Transform> a, std::span<const math::Transform> b, float tolerance,
                      const std::string& where)
{
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t j = 0; j < a.size(); ++j) {
        const float d = std::max({glm::length(a[j].translation - b[j].translation), glm::length(a[j].scale - b[j].scale),
                                  glm::length(glm::vec4(a[j].rotation.x - b[j].rotation.x, a[j].rotation.y - b[j].rotation.y,
                                                        a[j].rotation.z - b[j].rotation.z, a[j].rotation.w - b[j].rotation.w))});
        EXPECT_LE(d, tolerance) << where << ", joint " << j;
    }
}

model::JointIndex mostKeyedRotation(const anim::Clip& clip)
{
    model::JointIndex best = -1;
    std::size_t keys = 1;
    for (const anim::JointTrack& t : clip.tracks)
        if (t.rotation.size() > keys) {
            best = t.joint;
            keys = t.rotation.size();
        }
    return best;
}

} // namespace

TEST_P(CompiledSamplingMatrix, EqualsTheOneChannelPathAndFollowsEdits)
{
    test::RealBench b(GetParam());
    if (!b.opened() || b.rig().clips.empty())
        return;
    const model::Rig& rig = b.rig();
    const std::size_t n = rig.skeleton.size();
    for (std::size_t c = 0; c < rig.clips.size(); ++c) {
        const anim::Clip& clip = rig.clips[c];
        const anim::CompiledClip compiled(clip);
        std::vector<math::Transform> fast(n), slow(n);
        std::vector<std::uint32_t> cursorsFast(clip.tracks.size() * 3), cursorsSlow(clip.tracks.size() * 3);
        for (int i = 0; i <= 40; ++i) {
            const double t = clip.start() - 0.1 + (clip.duration - clip.start() + 0.2) * i / 40.0;
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rig.skeleton.rest, cursorsFast, fast, {}, &compiled}.run()));
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rig.skeleton.rest, cursorsSlow, slow, {}, nullptr}.run()));
            expectSameLocals(fast, slow, kTolerance, b.label + ", clip " + clip.name + " at " + std::to_string(t));
        }
    }

    // An edit through the editor reaches the evaluator's compiled clip.
    const model::JointIndex joint = mostKeyedRotation(rig.clips[0]);
    if (joint < 0)
        return;
    const anim::QuatChannel& keys = rig.clips[0].findTrack(joint)->rotation;
    const float at = 0.5f * (keys.times[keys.size() / 2 - 1] + keys.times[keys.size() / 2]);
    const glm::quat turned = glm::angleAxis(1.2f, glm::normalize(glm::vec3(0.3f, 1.f, -0.2f)));
    b.playback.setTime(at);
    const auto shownMatchesTheKeys = [&](const std::string& when) {
        model::PosePipeline reference(b.document.rig());
        model::PoseRequest request;
        request.clip = b.selection.activeClip();
        request.time = b.playback.time();
        ASSERT_TRUE(reference.evaluate(request));
        expectSameLocals(b.evaluator.locals(), reference.locals(), 1e-6f, b.label + ", " + when);
    };
    ASSERT_EQ(b.selection.activeClip(), 0);
    shownMatchesTheKeys("before the edit");
    auto insert = test::insertKeyCommand(b.document, 0, joint, doc::ChannelKind::Rotation, at,
                                         glm::vec4(turned.x, turned.y, turned.z, turned.w), anim::Interpolation::Linear);
    ASSERT_TRUE(insert);
    b.document.undoStack()->push(insert.release());
    shownMatchesTheKeys("after a key inserted on joint " + std::to_string(joint));
    if (b.playback.time() == static_cast<double>(at)) {  // not clamped by a manual range
        EXPECT_GT(std::fabs(glm::dot(b.evaluator.locals()[static_cast<std::size_t>(joint)].rotation, turned)), 0.9999f)
            << b.label << ": the inserted key is what the editor shows at its time";
    }
    b.document.undoStack()->undo();
    shownMatchesTheKeys("after its undo");
}

INSTANTIATE_TEST_SUITE_P(Real, CompiledSamplingMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
