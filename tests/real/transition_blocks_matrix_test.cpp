// SPDX-License-Identifier: MIT
// The every-model matrix, the transition preview on JointBlocks (issue 39):
// TransitionPoser::poseBlocks is pose() bit for bit on every model (each
// clip into the next, with and without root matching, across the preview),
// so the editor, which shows it, agrees with the bake and the CLI, which
// pose into Transforms; and PosePipeline given the blocks makes the same
// world matrices and locals as given the Transforms, overrides included.
// Blend profiles too (a weight per joint). Where it cannot blend on blocks
// (inertialization, no AVX2) poseBlocks declines and leaves its output alone.
#include "real_bench.h"

#include "core/anim/joint_blocks.h"
#include "core/math/cpu_features.h"
#include "core/model/pose_pipeline.h"
#include "core/model/transition.h"

#include <glm/gtc/quaternion.hpp>

#include <cstring>

using namespace marrow;

namespace {

class TransitionBlocksMatrix : public ::testing::TestWithParam<test::RealModel> {};

bool sameBytes(std::span<const math::Transform> a, std::span<const math::Transform> b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size_bytes()) == 0;
}

model::Transition transitionOf(const model::Rig& rig, std::size_t c, bool matchRoot, bool profiled = false)
{
    const std::size_t d = (c + 1) % rig.clips.size();
    model::Transition t;
    t.clipA = static_cast<model::ClipId>(c);
    t.clipB = static_cast<model::ClipId>(d);
    t.exit = 0.4 * rig.clips[c].duration;
    t.offset = 0.1 * rig.clips[d].duration;
    t.duration = std::max(0.1, 0.5 * rig.clips[d].duration);
    t.matchRoot = matchRoot;
    if (profiled)  // the root's half of the hierarchy slower, every third joint faster
        for (std::size_t j = 0; j < rig.skeleton.size(); ++j)
            t.profile.push_back(j < rig.skeleton.size() / 2 ? 1.5f : j % 3 == 0 ? 0.5f : 1.f);
    return t;
}

} // namespace

TEST_P(TransitionBlocksMatrix, PreviewOnBlocksIsThePoseOfTheBakeBitForBit)
{
    test::RealBench bench(GetParam());
    if (!bench.opened() || bench.rig().clips.empty())
        return;
    if (!math::hasAvx2Fma())
        GTEST_SKIP() << "without AVX2 the preview blends Transforms";
    const model::Rig& rig = bench.rig();
    const std::size_t n = rig.skeleton.size(), blocks = anim::blockCount(n);
    std::vector<math::Transform> want(n), got(n);
    std::vector<anim::JointBlock> posed(blocks);
    for (std::size_t c = 0; c < rig.clips.size(); ++c)
        for (const int variant : {0, 1, 2}) {  // plain, matching roots, matching roots with a profile
            const bool matchRoot = variant > 0;
            const model::Transition transition = transitionOf(rig, c, matchRoot, variant == 2);
            ASSERT_FALSE(transition.validate(rig.clips.size(), n).has_value()) << bench.label;
            anim::TransitionPoser poser = transition.poser(rig);
            ASSERT_TRUE(poser.canPoseBlocks());
            const double length = poser.timing().length();
            for (int k = 0; k <= 12; ++k) {
                const double t = length * k / 12.0;
                const std::string where = bench.label + ", " + rig.clips[c].name + (matchRoot ? " matching roots" : "") +
                                          (variant == 2 ? " with a profile" : "") + " at " + std::to_string(t);
                ASSERT_TRUE(poser.pose(t, want)) << where;
                ASSERT_TRUE(poser.poseBlocks(t, posed)) << where;
                ASSERT_TRUE(anim::fromBlocks(posed, got));
                EXPECT_TRUE(sameBytes(got, want)) << where;
            }
        }
}

TEST_P(TransitionBlocksMatrix, ThePipelineTakesBlocksAsItTakesTransforms)
{
    test::RealBench bench(GetParam());
    if (!bench.opened() || bench.rig().clips.empty())
        return;
    const model::Rig& rig = bench.rig();
    const std::size_t n = rig.skeleton.size();
    // A transition's blend where the CPU blends blocks, else one clip's pose (the same test of the pipeline).
    anim::TransitionPoser poser = transitionOf(rig, 0, true).poser(rig);
    std::vector<math::Transform> locals(n);
    std::vector<anim::JointBlock> blocks(anim::blockCount(n));
    const double t = 0.5 * poser.timing().length();
    ASSERT_TRUE(poser.pose(t, locals));
    ASSERT_TRUE(anim::toBlocks(locals, blocks));
    math::Transform edited = rig.skeleton.rest[n / 2];
    edited.rotation = glm::angleAxis(0.7f, glm::normalize(glm::vec3(0.2f, 1.f, 0.4f))) * edited.rotation;
    const model::JointOverride override{static_cast<model::JointIndex>(n / 2), edited};

    model::PosePipeline fromTransforms(rig), fromBlocks(rig);
    model::PoseRequest r;
    r.clip = 0;
    r.blendClip = static_cast<int>(1 % rig.clips.size());
    r.weight = 0.4f;
    r.overrides = {&override, 1};
    r.locals = locals;
    ASSERT_TRUE(fromTransforms.evaluate(r)) << bench.label;
    r.locals = {};
    r.localBlocks = blocks;
    ASSERT_TRUE(fromBlocks.evaluate(r)) << bench.label;
    EXPECT_EQ(std::memcmp(fromBlocks.worlds().data(), fromTransforms.worlds().data(), n * sizeof(glm::mat4)), 0)
        << bench.label;
    EXPECT_TRUE(sameBytes(fromBlocks.locals(), fromTransforms.locals())) << bench.label;
    EXPECT_TRUE(sameBytes(fromBlocks.locals().subspan(n / 2, 1), {&edited, 1})) << bench.label << ": the override";
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        const auto a = fromBlocks.morphWeights(m), b = fromTransforms.morphWeights(m);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << bench.label << ", mesh " << m << " morphs";
    }
    // Blocks of the wrong count are refused, and the pose shown stays.
    blocks.push_back({});
    r.localBlocks = blocks;
    EXPECT_FALSE(fromBlocks.evaluate(r)) << bench.label;
}

TEST_P(TransitionBlocksMatrix, InertializationStaysOnTransforms)
{
    test::RealBench bench(GetParam());
    if (!bench.opened() || bench.rig().clips.empty())
        return;
    const model::Rig& rig = bench.rig();
    const std::size_t n = rig.skeleton.size();
    for (const bool profiled : {false, true}) {
        model::Transition t = transitionOf(rig, 0, true, profiled);
        t.mode = anim::BlendMode::Inertialization;
        std::vector<anim::JointBlock> untouched(anim::blockCount(n)), posed(untouched.size());
        anim::TransitionPoser poser = t.poser(rig);
        EXPECT_FALSE(poser.canPoseBlocks()) << bench.label;
        EXPECT_FALSE(poser.poseBlocks(0.5 * poser.timing().length(), posed)) << bench.label;
        EXPECT_EQ(std::memcmp(posed.data(), untouched.data(), posed.size() * sizeof(anim::JointBlock)), 0)
            << bench.label;
    }
}

INSTANTIATE_TEST_SUITE_P(Real, TransitionBlocksMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
