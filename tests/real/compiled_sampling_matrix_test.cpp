// SPDX-License-Identifier: MIT
// The every-model matrix, compiled sampling (issue 39): on every model, every
// clip sampled through its anim::CompiledClip equals the one-channel path
// (bit for bit; within 1e-6 where multiply-adds fuse, -march=native) at 41
// times from before its start to past its end, following cursors as playback
// does, into Transforms and into JointBlocks alike; and after a rotation key inserted on the most keyed bone through the
// editor's command, and after its undo, the editor's pose (compiled, told of
// the edit) equals a fresh pipeline's that reads the keys directly. And the
// pose blend's kernels (AVX2 where the CPU has it, SSE2 forced) keep the
// blend's rule on the model's own poses (expectBlendsByTheRule).
#include "real_bench.h"
#include "insert_key_command.h"

#include "core/anim/blend_poses_job.h"
#include "core/anim/compiled_clip.h"
#include "core/anim/sample_clip_job.h"
#include "core/math/cpu_features.h"
#include "core/model/pose_pipeline.h"

#include <cstring>

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


// Every clip sampled at 0.3 and 0.7 of its length (the model's own poses,
// with its joints animated in one clip or neither), each pose blended with
// the next at four weights, into a separate output and over the first pose,
// by both kernels. A joint in both clips is, in double precision, the
// shortest-arc slerp to within 1e-6 rad (issue 39's bound) and the lerps to
// within 1e-5, of unit length; a joint in one clip or neither is that
// clip's or rest's value bit for bit.
void expectBlendsByTheRule(const model::Rig& rig, const std::string& label)
{
    const std::size_t n = rig.skeleton.size();
    struct SampledPose {
        std::vector<math::Transform> pose;
        std::vector<anim::ChannelMask> animated;
        std::string name;
    };
    std::vector<SampledPose> poses;
    for (const anim::Clip& clip : rig.clips)
        for (const double at : {0.3, 0.7}) {
            SampledPose s{std::vector<math::Transform>(n), std::vector<anim::ChannelMask>(n),
                      clip.name + " at " + std::to_string(at)};
            const double t = clip.start() + (clip.duration - clip.start()) * at;
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rig.skeleton.rest, {}, s.pose, s.animated, nullptr}.run()));
            poses.push_back(std::move(s));
        }
    double worstAngle = 0.0, worstMove = 0.0, worstLength = 0.0;
    int notTaken = 0;
    for (std::size_t k = 0; k < poses.size(); ++k) {
        const SampledPose &a = poses[k], &b = poses[(k + 1) % poses.size()];
        for (const bool baseline : {false, true})
            for (const float w : {0.f, 0.3f, 0.5f, 1.f})
                for (const bool overA : {false, true}) {
                    math::forceBaselineSimd(baseline);
                    std::vector<math::Transform> first = a.pose, separate(n);
                    std::vector<math::Transform>& out = overA ? first : separate;
                    const bool ran = anim::BlendPosesJob{first, b.pose, rig.skeleton.rest, a.animated, b.animated, w, out, {}}.run();
                    math::forceBaselineSimd(false);
                    ASSERT_TRUE(ran) << label;
                    for (std::size_t j = 0; j < n; ++j) {
                        const bool inA = a.animated[j] != 0, inB = b.animated[j] != 0;
                        if (!(inA && inB)) {
                            const math::Transform& want = inA ? a.pose[j] : inB ? b.pose[j] : rig.skeleton.rest[j];
                            notTaken += std::memcmp(&out[j], &want, sizeof(math::Transform)) == 0 ? 0 : 1;
                            continue;
                        }
                        glm::dquat qa(a.pose[j].rotation), qb(b.pose[j].rotation);
                        qa = glm::normalize(qa), qb = glm::normalize(qb);
                        if (glm::dot(qa, qb) < 0.0)
                            qb = -qb;
                        const glm::dquat want = glm::slerp(qa, qb, double(w));
                        const glm::dquat got = glm::normalize(glm::dquat(out[j].rotation));
                        const double cosHalf = std::min(1.0, std::fabs(glm::dot(want, got)));
                        worstAngle = std::max(worstAngle, 2.0 * std::acos(cosHalf));
                        worstLength = std::max(worstLength, std::fabs(glm::length(glm::dquat(out[j].rotation)) - 1.0));
                        const auto moved = [&](const glm::vec3& x, const glm::vec3& y, const glm::vec3& o) {
                            const glm::dvec3 lerp = glm::dvec3(x) + (glm::dvec3(y) - glm::dvec3(x)) * double(w);
                            return glm::length(lerp - glm::dvec3(o)) / (1.0 + glm::length(lerp));
                        };
                        worstMove = std::max({worstMove, moved(a.pose[j].translation, b.pose[j].translation, out[j].translation),
                                              moved(a.pose[j].scale, b.pose[j].scale, out[j].scale)});
                    }
                }
    }
    EXPECT_LT(worstAngle, 1e-6) << label << ": a blend of the model's own poses off the shortest-arc slerp";
    EXPECT_LT(worstLength, 1e-6) << label;
    EXPECT_LT(worstMove, 1e-5) << label << ": translation or scale off the lerp (relative)";
    EXPECT_EQ(notTaken, 0) << label << ": joints in one clip or neither not taken as they are";
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
        const anim::CompiledClip compiled(clip), quads(clip, anim::CompiledClip::Packing::Quads);
        std::vector<math::Transform> fast(n), slow(n), fromBlocks(n);
        std::vector<std::uint32_t> cursorsFast(clip.tracks.size() * 3), cursorsSlow(clip.tracks.size() * 3);
        std::vector<std::uint32_t> cursorsBlocks(clip.tracks.size() * 3);
        std::vector<anim::ChannelMask> animated(n), animatedBlocks(n);
        std::vector<anim::JointBlock> restBlocks(anim::blockCount(n)), blocks(anim::blockCount(n));
        ASSERT_TRUE(anim::toBlocks(rig.skeleton.rest, restBlocks));
        for (int i = 0; i <= 40; ++i) {
            const double t = clip.start() - 0.1 + (clip.duration - clip.start() + 0.2) * i / 40.0;
            const std::string at = b.label + ", clip " + clip.name + " at " + std::to_string(t);
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rig.skeleton.rest, cursorsFast, fast, animated, &compiled}.run()));
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rig.skeleton.rest, cursorsSlow, slow, {}, nullptr}.run()));
            expectSameLocals(fast, slow, kTolerance, at);
            // Into JointBlocks, compiled in order and in quads (the same bits), and one channel at a
            // time (as the plain path).
            for (const anim::CompiledClip* through : {&compiled, &quads, static_cast<const anim::CompiledClip*>(nullptr)}) {
                ASSERT_TRUE((anim::SampleClipJob{&clip, t, rig.skeleton.rest, through == &quads ? cursorsBlocks : std::span<std::uint32_t>(),
                                                 {}, animatedBlocks, through, blocks, restBlocks}.run()));
                ASSERT_TRUE(anim::fromBlocks(blocks, fromBlocks));
                expectSameLocals(fromBlocks, through ? fast : slow, 0.f, at + (through ? ", blocks" : ", blocks one by one"));
                EXPECT_EQ(animatedBlocks, animated) << at;
            }
        }
    }
    expectBlendsByTheRule(rig, b.label);

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
