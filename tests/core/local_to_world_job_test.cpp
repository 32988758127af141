// SPDX-License-Identifier: MIT
#include "core/anim/local_to_world_job.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <vector>

using namespace marrow;
using marrow::test::columns;
using marrow::test::trs;

namespace {
const glm::mat4 kSentinel(42.f);
} // namespace

TEST(JobValidity, LocalToWorldJob)
{
    const std::vector<math::Transform> locals(3);
    std::vector<glm::mat4> out(3, kSentinel);
    const std::vector<anim::JointIndex> good = {-1, 0, 1};
    const std::vector<std::vector<anim::JointIndex>> badParents = {
        {-1, 0},         // too few
        {-1, 0, 1, 2},   // too many
        {-1, 1, 1},      // its own parent
        {-1, 2, 0},      // parent after child
        {-1, 0, 3},      // parent out of range
        {0, 0, 1},       // root pointing at itself
        {-1, -2, 0},     // negative but not kNoParent
    };
    for (const auto& parents : badParents) {
        const anim::LocalToWorldJob job{parents, locals, glm::mat4(1.f), out};
        EXPECT_TRUE(job.validate());
        EXPECT_FALSE(job.run());
        for (const glm::mat4& m : out)
            EXPECT_EQ(m, kSentinel);
    }
    const anim::LocalToWorldJob outShort{good, locals, glm::mat4(1.f), std::span(out).first(2)};
    EXPECT_FALSE(outShort.run());
    const anim::LocalToWorldJob localsShort{good, std::span(locals).first(2), glm::mat4(1.f), out};
    EXPECT_FALSE(localsShort.run());
    for (const glm::mat4& m : out)
        EXPECT_EQ(m, kSentinel);
    EXPECT_TRUE((anim::LocalToWorldJob{good, locals, glm::mat4(1.f), out}.run()));
    EXPECT_TRUE((anim::LocalToWorldJob{{}, {}, glm::mat4(1.f), {}}.run()));
}

TEST(LocalToWorldJob, ThreeJointChainMatchesHandProducts)
{
    const anim::Skeleton s = test::threeJointChain();
    std::vector<glm::mat4> out(3);
    ASSERT_TRUE((anim::LocalToWorldJob{s.parents, s.rest, glm::mat4(1.f), out}.run()));
    // Worked out in tiny_rigs.h: R90z maps (0,2,0) to (-2,0,0) and, with the
    // knee's scale 2, (0,0,3) to (0,0,6).
    EXPECT_MAT4_NEAR(out[0], columns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 0, 0}), 1e-6f);
    EXPECT_MAT4_NEAR(out[1], columns({0, 2, 0}, {-2, 0, 0}, {0, 0, 2}, {-1, 0, 0}), 1e-6f);
    EXPECT_MAT4_NEAR(out[2], columns({0, 2, 0}, {-2, 0, 0}, {0, 0, 2}, {-1, 0, 6}), 1e-6f);
}

TEST(LocalToWorldJob, RootMatrixIsAppliedAboveEveryRoot)
{
    const anim::Skeleton s = test::threeJointChain();
    std::vector<glm::mat4> out(3);
    // Root: scale 3 then move by (0,0,10).
    const glm::mat4 root = columns({3, 0, 0}, {0, 3, 0}, {0, 0, 3}, {0, 0, 10});
    ASSERT_TRUE((anim::LocalToWorldJob{s.parents, s.rest, root, out}.run()));
    EXPECT_MAT4_NEAR(out[0], columns({0, 3, 0}, {-3, 0, 0}, {0, 0, 3}, {3, 0, 10}), 1e-5f);
    EXPECT_MAT4_NEAR(out[1], columns({0, 6, 0}, {-6, 0, 0}, {0, 0, 6}, {-3, 0, 10}), 1e-5f);
    EXPECT_MAT4_NEAR(out[2], columns({0, 6, 0}, {-6, 0, 0}, {0, 0, 6}, {-3, 0, 28}), 1e-5f);

    // Two roots both get it.
    const std::vector<anim::JointIndex> parents = {-1, -1};
    const std::vector<math::Transform> locals = {trs({1, 0, 0}), trs({0, 1, 0})};
    std::vector<glm::mat4> two(2);
    ASSERT_TRUE((anim::LocalToWorldJob{parents, locals, root, two}.run()));
    EXPECT_MAT4_NEAR(two[0], columns({3, 0, 0}, {0, 3, 0}, {0, 0, 3}, {3, 0, 10}), 1e-6f);
    EXPECT_MAT4_NEAR(two[1], columns({3, 0, 0}, {0, 3, 0}, {0, 0, 3}, {0, 3, 10}), 1e-6f);
}

TEST(LocalToWorldJob, SiblingsShareTheirParent)
{
    // Root at (1,0,0); two children at +Y and +Z: a tree, not a chain.
    const std::vector<anim::JointIndex> parents = {-1, 0, 0};
    const std::vector<math::Transform> locals = {trs({1, 0, 0}), trs({0, 1, 0}), trs({0, 0, 1})};
    std::vector<glm::mat4> out(3);
    ASSERT_TRUE((anim::LocalToWorldJob{parents, locals, glm::mat4(1.f), out}.run()));
    EXPECT_VEC3_NEAR(glm::vec3(out[1][3]), glm::vec3(1, 1, 0), 0.f);
    EXPECT_VEC3_NEAR(glm::vec3(out[2][3]), glm::vec3(1, 0, 1), 0.f);
}
