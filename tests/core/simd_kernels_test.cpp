// SPDX-License-Identifier: MIT
// The eight-joint kernels (issue 39: the pose blend, locals to world, the
// palette; AVX2 where the CPU has it) and the SSE2 paths (forced) against the rule
// written here in double precision, on poses whose length is not a multiple
// of eight (the last group is partial): the blend of whole poses, with the
// output separate or aliasing either pose, and joints animated in one clip
// or neither (their values taken as they are, bit for bit); world matrices
// over a random hierarchy with non-uniform scale under a moved root; the
// palette, world times inverse bind through a joint map. The blend of
// JointBlocks, and world matrices from them, against the Transforms' jobs.
#include "core/anim/blend_blocks_job.h"
#include "core/anim/blend_poses_job.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/skinning_palette_job.h"
#include "core/math/cpu_features.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <cstring>
#include <random>

using namespace marrow;

namespace {

double angleBetween(const glm::quat& a, const glm::dquat& b)
{
    const glm::dquat d = glm::conjugate(b) * glm::normalize(glm::dquat(a));
    return 2.0 * std::atan2(glm::length(glm::dvec3(d.x, d.y, d.z)), std::fabs(d.w));
}

bool sameBits(const math::Transform& a, const math::Transform& b)
{
    return std::memcmp(&a, &b, sizeof(math::Transform)) == 0;
}

struct Poses {
    std::vector<math::Transform> a, b, rest;
    std::vector<anim::ChannelMask> inA, inB;
};

// n joints, rotations 0 to 1.3 rad apart (some opposite in sign, one in
// `farEvery` 2.6 rad: over 91 degrees), scales and translations apart;
// `mixed` leaves some joints to one clip or neither.
Poses randomPoses(std::size_t n, bool mixed, std::mt19937& rng, std::size_t farEvery = 13)
{
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    Poses p;
    p.a.resize(n), p.b.resize(n), p.rest.resize(n);
    p.inA.assign(n, anim::kRotationBit), p.inB.assign(n, anim::kRotationBit);
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec3 axis = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.f, 0.f, 0.01f));
        p.a[i].rotation = glm::angleAxis(3.f * u(rng), axis);
        const float apart = i % farEvery == 3 % farEvery ? 2.6f : 1.3f * u(rng);
        p.b[i].rotation = glm::angleAxis(apart, glm::normalize(glm::vec3(u(rng), u(rng), 1.f))) * p.a[i].rotation;
        if (i % 3 == 1)
            p.b[i].rotation = -p.b[i].rotation;
        p.a[i].translation = 10.f * glm::vec3(u(rng), u(rng), u(rng));
        p.b[i].translation = 10.f * glm::vec3(u(rng), u(rng), u(rng));
        p.a[i].scale = glm::vec3(1.f + 0.3f * u(rng), 1.f + 0.3f * u(rng), 1.f);
        p.b[i].scale = glm::vec3(1.f + 0.3f * u(rng));
        p.rest[i].translation = glm::vec3(7.f, static_cast<float>(i), 0.f);
        if (mixed && i % 5 == 2)
            p.inB[i] = 0;
        if (mixed && i % 7 == 4)
            p.inA[i] = 0;
    }
    return p;
}

// Runs a test body with the AVX2 kernels (where the CPU has them), then with the SSE2 paths.
class SimdKernels : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override { math::forceBaselineSimd(GetParam()); }
    void TearDown() override { math::forceBaselineSimd(false); }
};

} // namespace

INSTANTIATE_TEST_SUITE_P(BothPaths, SimdKernels, ::testing::Values(false, true),
                         [](const auto& p) { return p.param ? "Sse2" : "Avx2WhereThere"; });

TEST_P(SimdKernels, WholePosesBlendByTheRuleWhereverTheOutputLies)
{
    std::mt19937 rng(21);
    enum class Out { Separate, AliasA, AliasB };
    // Sizes: a whole number of groups, less than one, and some over (the
    // last joints' group shares joints with the one before); 129 with every
    // other joint over 91 degrees apart (more such joints than the kernel
    // holds at once), at weights in each half of the arc.
    struct Case {
        std::size_t n, farEvery;
        float w;
    };
    for (const Case c : {Case{67, 13, 0.3f}, Case{8, 13, 0.3f}, Case{203, 13, 0.7f}, Case{5, 13, 0.3f},
                         Case{13, 13, 0.7f}, Case{45, 13, 0.3f}, Case{129, 2, 0.3f}, Case{129, 2, 0.7f}})
        for (const bool mixed : {false, true})
            for (const Out where : {Out::Separate, Out::AliasA, Out::AliasB}) {
                const std::size_t n = c.n;
                const Poses p = randomPoses(n, mixed, rng, c.farEvery);
                std::vector<math::Transform> a = p.a, b = p.b, separate(n);
                std::span<math::Transform> out = where == Out::AliasA ? std::span(a)
                                                 : where == Out::AliasB ? std::span(b)
                                                                        : std::span(separate);
                const float w = c.w;
                ASSERT_TRUE((anim::BlendPosesJob{a, b, p.rest, p.inA, p.inB, w, out, {}}.run()));
                double worstAngle = 0.0, worstMove = 0.0;
                int copiedWrong = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    if (!(p.inA[i] && p.inB[i])) {
                        const math::Transform& only = p.inA[i] ? p.a[i] : p.inB[i] ? p.b[i] : p.rest[i];
                        copiedWrong += sameBits(out[i], only) ? 0 : 1;
                        continue;
                    }
                    glm::dquat qa(p.a[i].rotation), qb(p.b[i].rotation);
                    if (glm::dot(qa, qb) < 0.0)
                        qb = -qb;
                    worstAngle = std::max(worstAngle, angleBetween(out[i].rotation, glm::slerp(qa, qb, double(w))));
                    const auto lerp = [&](const glm::vec3& x, const glm::vec3& y) {
                        return glm::dvec3(x) + (glm::dvec3(y) - glm::dvec3(x)) * double(w);
                    };
                    worstMove = std::max(worstMove, glm::length(lerp(p.a[i].translation, p.b[i].translation) -
                                                                glm::dvec3(out[i].translation)));
                    worstMove = std::max(worstMove,
                                         glm::length(lerp(p.a[i].scale, p.b[i].scale) - glm::dvec3(out[i].scale)));
                    EXPECT_NEAR(glm::length(glm::dquat(out[i].rotation)), 1.0, 1e-6) << i;
                }
                const std::string label = std::to_string(n) + " at " + std::to_string(w) +
                                          (mixed ? " mixed" : " all in both") + ", output " +
                                          (where == Out::Separate ? "separate" : where == Out::AliasA ? "a" : "b");
                EXPECT_LT(worstAngle, 1e-6) << label;
                EXPECT_LT(worstMove, 1e-5) << label << " (translations up to 10)";
                EXPECT_EQ(copiedWrong, 0) << label << ": joints in one clip or neither, not taken as they are";
            }
}

TEST_P(SimdKernels, BlocksBlendAsTransformsDoWhereverTheOutputLies)
{
    // The same poses as blocks. With AVX2 the same bits as BlendPosesJob on
    // every joint (one arithmetic, each lane choosing its own terms, so the
    // Transforms' last group, which overlaps the one before, agrees too:
    // TransitionPoser::poseBlocks relies on it); otherwise within float
    // rounding of it. Joints in one clip or neither as they are, always.
    std::mt19937 rng(34);
    const bool avx2 = math::hasAvx2Fma();  // false where forced to the SSE2 paths
    for (const std::size_t n : {67, 8, 5, 128, 129})
        for (const float w : {0.3f, 0.7f, -1.f})  // -1: a weight per joint (a blend profile)
            for (const int where : {0, 1, 2}) {  // output separate, a, b
                const std::size_t farEvery = n >= 128 ? 2 : 13;
                Poses p = randomPoses(n, true, rng, farEvery);
                if (n >= 128)  // some far ones not of unit length: they slerp one by one
                    for (std::size_t i = 3 % farEvery; i < n; i += 2 * farEvery)
                        p.a[i].rotation *= 1.01f;
                // Either side of one half, past both ends, and NaN (clamped to 0).
                std::vector<float> profile;
                for (std::size_t i = 0; w < 0.f && i < n; ++i)
                    profile.push_back(i % 11 == 4 ? NAN : -0.2f + 1.4f * static_cast<float>((i * 37) % 64) / 63.f);
                std::vector<math::Transform> expected(n);
                ASSERT_TRUE((anim::BlendPosesJob{p.a, p.b, p.rest, p.inA, p.inB, w, expected, profile}.run()));
                const std::size_t blocks = anim::blockCount(n);
                std::vector<anim::JointBlock> a(blocks), b(blocks), rest(blocks), separate(blocks);
                ASSERT_TRUE(anim::toBlocks(p.a, a) && anim::toBlocks(p.b, b) && anim::toBlocks(p.rest, rest));
                std::span<anim::JointBlock> out = where == 1 ? std::span(a) : where == 2 ? std::span(b) : std::span(separate);
                ASSERT_TRUE((anim::BlendBlocksJob{a, b, rest, p.inA, p.inB, w, out, n, profile}.run()));
                std::vector<math::Transform> got(n);
                ASSERT_TRUE(anim::fromBlocks(out, got));
                const std::string label = std::to_string(n) + (w < 0.f ? " by joint" : " at " + std::to_string(w)) + ", output " +
                                          (where == 0 ? "separate" : where == 1 ? "a" : "b");
                int differ = 0;
                double worst = 0.0;
                for (std::size_t i = 0; i < n; ++i) {
                    if (avx2 || !(p.inA[i] && p.inB[i])) {
                        differ += sameBits(got[i], expected[i]) ? 0 : 1;
                        continue;
                    }
                    worst = std::max(worst, angleBetween(got[i].rotation, glm::dquat(expected[i].rotation)));
                    worst = std::max(worst, double(glm::length(got[i].translation - expected[i].translation)) / 10.0);
                }
                EXPECT_EQ(differ, 0) << label;
                EXPECT_LT(worst, 2e-6) << label;
                // Lanes past the last joint take rest's (the identity toBlocks padded with).
                for (std::size_t j = n; j < blocks * 8; ++j)
                    EXPECT_TRUE(sameBits(anim::jointOf(out, j), math::Transform{})) << label << " lane " << j;
            }
}

TEST_P(SimdKernels, BlendedJointsDoNotDependOnWhichJointsShareTheirGroup)
{
    // Joints 8-11 within 18 degrees share the Transforms' last group (4-11)
    // with joint 5, 57 degrees apart, but a block of their own: each lane's
    // own series and normalisation make them agree bit for bit all the same.
    if (!math::hasAvx2Fma())
        GTEST_SKIP() << "the SSE2 paths blend JointBlocks joint by joint, within float rounding";
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    for (int round = 0; round < 20; ++round) {
        constexpr std::size_t n = 12;
        Poses p = randomPoses(n, false, rng);
        for (std::size_t i = 0; i < n; ++i) {
            const float apart = i == 5 ? 1.f : 0.05f + 0.5f * std::fabs(u(rng));
            p.b[i].rotation = glm::angleAxis(apart, glm::normalize(glm::vec3(u(rng), u(rng), 1.f))) * p.a[i].rotation;
        }
        const float w = 0.2f + 0.3f * std::fabs(u(rng));
        std::vector<math::Transform> expected(n), got(n);
        ASSERT_TRUE((anim::BlendPosesJob{p.a, p.b, p.rest, p.inA, p.inB, w, expected, {}}.run()));
        std::vector<anim::JointBlock> a(2), b(2), rest(2), out(2);
        ASSERT_TRUE(anim::toBlocks(p.a, a) && anim::toBlocks(p.b, b) && anim::toBlocks(p.rest, rest));
        ASSERT_TRUE((anim::BlendBlocksJob{a, b, rest, p.inA, p.inB, w, out, n}.run()));
        ASSERT_TRUE(anim::fromBlocks(out, got));
        for (std::size_t i = 0; i < n; ++i)
            EXPECT_TRUE(sameBits(got[i], expected[i])) << "round " << round << " joint " << i;
    }
}

TEST_P(SimdKernels, WorldMatricesAreParentTimesLocalOverAHierarchy)
{
    std::mt19937 rng(23);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    for (const std::size_t n : {std::size_t{3}, std::size_t{8}, std::size_t{75}}) {
        std::vector<anim::JointIndex> parents(n);
        std::vector<math::Transform> locals(n);
        for (std::size_t i = 0; i < n; ++i) {
            parents[i] = i == 0 || i % 17 == 5 ? anim::kNoParent : static_cast<anim::JointIndex>(rng() % i);
            locals[i].translation = glm::vec3(u(rng), u(rng), u(rng));
            locals[i].rotation = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
            locals[i].scale = glm::vec3(1.f + 0.2f * u(rng), 1.f + 0.2f * u(rng), 1.f + 0.2f * u(rng));
        }
        const glm::mat4 root = glm::translate(glm::mat4(1.f), glm::vec3(1, 2, 3)) *
                               glm::rotate(glm::mat4(1.f), 0.7f, glm::vec3(0, 1, 0));
        std::vector<glm::mat4> worlds(n);
        ASSERT_TRUE((anim::LocalToWorldJob{parents, locals, root, worlds}.run()));
        // The same locals as JointBlocks: the same bits; blocks of the wrong count refused.
        std::vector<anim::JointBlock> blocks(anim::blockCount(n));
        ASSERT_TRUE(anim::toBlocks(locals, blocks));
        std::vector<glm::mat4> fromBlocks(n);
        ASSERT_TRUE((anim::LocalToWorldJob{parents, {}, root, fromBlocks, blocks}.run()));
        EXPECT_EQ(std::memcmp(fromBlocks.data(), worlds.data(), n * sizeof(glm::mat4)), 0) << n << " joints from blocks";
        blocks.push_back({});
        EXPECT_FALSE((anim::LocalToWorldJob{parents, {}, root, fromBlocks, blocks}.run()));
        std::vector<glm::dmat4> want(n);
        double worst = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const math::Transform& t = locals[i];
            const glm::dmat4 local = glm::translate(glm::dmat4(1.0), glm::dvec3(t.translation)) *
                                     glm::mat4_cast(glm::dquat(t.rotation)) *
                                     glm::scale(glm::dmat4(1.0), glm::dvec3(t.scale));
            want[i] = (parents[i] == anim::kNoParent ? glm::dmat4(root) : want[static_cast<std::size_t>(parents[i])]) *
                      local;
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 4; ++r)
                    worst = std::max(worst, std::fabs(worlds[i][c][r] - want[i][c][r]) / (1.0 + std::fabs(want[i][c][r])));
        }
        EXPECT_LT(worst, 1e-5) << n << " joints";
    }
}

TEST_P(SimdKernels, ThePaletteIsWorldTimesInverseBind)
{
    std::mt19937 rng(29);
    std::uniform_real_distribution<float> u(-2.f, 2.f);
    std::vector<glm::mat4> worlds(12), inverseBind(11), palette(11);
    for (glm::mat4& m : worlds)
        for (int c = 0; c < 4; ++c)
            m[c] = glm::vec4(u(rng), u(rng), u(rng), c == 3 ? 1.f : 0.f);
    for (glm::mat4& m : inverseBind)
        for (int c = 0; c < 4; ++c)
            m[c] = glm::vec4(u(rng), u(rng), u(rng), u(rng));  // not affine: every term counts
    std::vector<anim::JointIndex> joints(11);
    for (std::size_t k = 0; k < joints.size(); ++k)
        joints[k] = static_cast<anim::JointIndex>((k * 5 + 3) % worlds.size());
    ASSERT_TRUE((anim::SkinningPaletteJob{worlds, joints, inverseBind, palette, {}}.run()));
    double worst = 0.0;
    for (std::size_t k = 0; k < joints.size(); ++k) {
        const glm::dmat4 want = glm::dmat4(worlds[static_cast<std::size_t>(joints[k])]) * glm::dmat4(inverseBind[k]);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                worst = std::max(worst, std::fabs(palette[k][c][r] - want[c][r]) / (1.0 + std::fabs(want[c][r])));
    }
    EXPECT_LT(worst, 1e-6);
}

