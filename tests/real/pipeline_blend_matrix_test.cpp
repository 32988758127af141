// SPDX-License-Identifier: MIT
// The every-model matrix, the pose pipeline's blend (issue 39): two clips
// sampled into JointBlocks, blended there and taken to world matrices from
// them give what the chain of Transforms gives (each clip sampled,
// BlendPosesJob, the overrides, LocalToWorldJob) on every model, through
// compiled clips or not: rotations within 1e-6 (the AVX2 kernels' last
// group may take the other branch), translations and scales and world
// positions within 1e-5 relative. And locals() follows whichever path ran
// last: a blend, then one clip, then the rest pose.
#include "real_bench.h"

#include "core/anim/blend_poses_job.h"
#include "core/anim/compiled_clip.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/pose_pipeline.h"

#include <glm/gtc/quaternion.hpp>

using namespace marrow;

namespace {

class PipelineBlendMatrix : public ::testing::TestWithParam<test::RealModel> {};

float relative(const glm::vec3& got, const glm::vec3& want)
{
    return glm::length(got - want) / std::max(1.f, glm::length(want));
}

void expectNear(std::span<const math::Transform> got, std::span<const math::Transform> want, const std::string& where)
{
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t j = 0; j < got.size(); ++j) {
        const glm::vec4 dq(got[j].rotation.x - want[j].rotation.x, got[j].rotation.y - want[j].rotation.y,
                           got[j].rotation.z - want[j].rotation.z, got[j].rotation.w - want[j].rotation.w);
        EXPECT_LE(glm::length(dq), 1e-6f) << where << ", joint " << j << " rotation";
        EXPECT_LE(relative(got[j].translation, want[j].translation), 1e-5f) << where << ", joint " << j;
        EXPECT_LE(relative(got[j].scale, want[j].scale), 1e-5f) << where << ", joint " << j;
    }
}

double timeIn(const anim::Clip& clip, double at)
{
    return clip.start() + (clip.duration - clip.start()) * at;
}

} // namespace

TEST_P(PipelineBlendMatrix, BlendsInBlocksAsTheChainOfTransforms)
{
    test::RealBench bench(GetParam());
    if (!bench.opened() || bench.rig().clips.empty())
        return;
    const model::Rig& rig = bench.rig();
    const std::size_t n = rig.skeleton.size();
    const std::span<const math::Transform> rest = rig.skeleton.rest;
    // An unkeyed edit on a joint halfway down the hierarchy.
    math::Transform edited = rest[n / 2];
    edited.rotation = glm::angleAxis(0.7f, glm::normalize(glm::vec3(0.2f, 1.f, 0.4f))) * edited.rotation;
    edited.translation += glm::vec3(0.f, 0.05f, 0.f);
    const model::JointOverride override{static_cast<model::JointIndex>(n / 2), edited};

    std::vector<math::Transform> a(n), b(n);
    std::vector<anim::ChannelMask> inA(n), inB(n);
    std::vector<glm::mat4> worlds(n);
    for (const bool compiled : {false, true}) {
        model::PosePipeline pipeline(rig);
        if (compiled)
            pipeline.useCompiledClips();
        for (std::size_t c = 0; c < rig.clips.size(); ++c) {
            const std::size_t d = (c + 1) % rig.clips.size();  // (a clip with itself when it is the only one)
            for (const double at : {0.2, 0.65})
                for (const float w : {0.f, 0.35f, 1.f}) {
                    model::PoseRequest r;
                    r.clip = static_cast<int>(c);
                    r.time = timeIn(rig.clips[c], at);
                    r.blendClip = static_cast<int>(d);
                    r.blendTime = timeIn(rig.clips[d], 1.0 - at);
                    r.weight = w;
                    if (w > 0.f && w < 1.f)
                        r.overrides = {&override, 1};
                    const std::string where = bench.label + ", " + rig.clips[c].name + " with " + rig.clips[d].name +
                                              " at " + std::to_string(w) + (compiled ? ", compiled" : "");
                    ASSERT_TRUE(pipeline.evaluate(r)) << where;
                    // Compiled in order when the pipeline compiles: the same samples' bits in any build.
                    const anim::CompiledClip inOrderA(rig.clips[c]), inOrderB(rig.clips[d]);
                    ASSERT_TRUE((anim::SampleClipJob{&rig.clips[c], r.time, rest, {}, a, inA,
                                                     compiled ? &inOrderA : nullptr}.run()));
                    ASSERT_TRUE((anim::SampleClipJob{&rig.clips[d], r.blendTime, rest, {}, b, inB,
                                                     compiled ? &inOrderB : nullptr}.run()));
                    ASSERT_TRUE((anim::BlendPosesJob{a, b, rest, inA, inB, w, a, {}}.run()));
                    if (!r.overrides.empty())
                        a[n / 2] = edited;
                    ASSERT_TRUE((anim::LocalToWorldJob{rig.skeleton.parents, a, glm::mat4(1.f), worlds}.run()));
                    expectNear(pipeline.locals(), a, where);
                    for (std::size_t j = 0; j < n; ++j)
                        EXPECT_LE(relative(glm::vec3(pipeline.worlds()[j][3]), glm::vec3(worlds[j][3])), 1e-5f)
                            << where << ", joint " << j << " world position";
                }
            // One clip after a blend: locals are that clip's, not the blend's.
            ASSERT_TRUE(pipeline.evaluate({static_cast<int>(c), timeIn(rig.clips[c], 0.4)}));
            ASSERT_TRUE((anim::SampleClipJob{&rig.clips[c], timeIn(rig.clips[c], 0.4), rest, {}, a, {}, nullptr}.run()));
            expectNear(pipeline.locals(), a, bench.label + ", " + rig.clips[c].name + " alone after a blend");
        }
        ASSERT_TRUE(pipeline.evaluate({.clip = 0, .time = 0.0, .blendClip = 0, .blendTime = 0.5, .weight = 0.5f}));
        ASSERT_TRUE(pipeline.evaluate({}));
        expectNear(pipeline.locals(), rest, bench.label + ", the rest pose after a blend");
    }
}

INSTANTIATE_TEST_SUITE_P(Real, PipelineBlendMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
