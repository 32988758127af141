// SPDX-License-Identifier: MIT
#include "core/math/scaled_dual_quat.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <glm/gtc/matrix_access.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace marrow;
using marrow::test::axisAngle;

namespace {

glm::mat4 trsMatrix(glm::vec3 t, glm::quat r, glm::vec3 s)
{
    return glm::translate(glm::mat4(1.f), t) * glm::mat4_cast(r) * glm::scale(glm::mat4(1.f), s);
}

glm::vec3 applySplit(const math::ScaledDualQuat& q, glm::vec3 p)
{
    return math::transformPoint(q.rigid, glm::vec3(q.scale * glm::vec4(p, 1.f)));
}

} // namespace

TEST(ScaledDualQuat, SplitReproducesTheMatrix)
{
    const glm::quat r = axisAngle({1, 2, 3}, 50.f);
    glm::mat4 shear(1.f);
    shear[1][0] = .4f;
    const std::vector<std::pair<std::string, glm::mat4>> cases = {
        {"rigid", trsMatrix({1, 2, 3}, r, glm::vec3(1.f))},
        {"spine3 scale", trsMatrix({.5f, 1.3f, -.2f}, r, {1.16f, .96f, 1.18f})},
        {"shear", trsMatrix({-2, 0, 1}, r, {2, .5f, 1}) * shear},
        {"mirror", trsMatrix({0, 1, 0}, r, {-1, 1, 1})},
        {"mirror in all axes", trsMatrix({0, 1, 0}, r, glm::vec3(-2.f))},
        {"zero scale on one axis", trsMatrix({1, 0, 0}, r, {0, 1, 1})},
        {"zero scale", trsMatrix({1, 0, 0}, r, glm::vec3(0.f))},
        {"nearly zero scale", trsMatrix({1, 0, 0}, r, {1e-12f, 1, 1})},
        {"large uniform scale", trsMatrix({100, 0, -50}, r, glm::vec3(250.f))},
    };
    const glm::vec3 pivots[] = {{0, 0, 0}, {3, -1, 2}, {120, 40, -80}};
    const glm::vec3 points[] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {-.5f, .3f, 1.5f}, {2, -1, .25f}};
    for (const auto& [name, m] : cases)
        for (const glm::vec3& pivot : pivots) {
            SCOPED_TRACE(name + ", pivot x " + std::to_string(pivot.x));
            const math::ScaledDualQuat q = math::splitSkinningMatrix(m, pivot);
            const glm::quat& real = q.rigid.real;
            ASSERT_TRUE(std::isfinite(real.x) && std::isfinite(real.y) && std::isfinite(real.z) && std::isfinite(real.w));
            EXPECT_NEAR(glm::length(glm::vec4(real.x, real.y, real.z, real.w)), 1.f, 1e-6f);
            EXPECT_EQ(glm::row(q.scale, 3), glm::vec4(0, 0, 0, 1));
            // Float error grows with the size of the numbers involved: the
            // pivot goes through the rotation (norm 1) and the matrix.
            const glm::mat3 a(m);
            const float norm = std::fmax(glm::length(a[0]), std::fmax(glm::length(a[1]), glm::length(a[2])));
            for (const glm::vec3& p : points) {
                const glm::vec3 expected(m * glm::vec4(p, 1.f));
                const float tol = 2e-6f * (1.f + glm::length(expected) + glm::length(pivot) * (1.f + norm));
                EXPECT_VEC3_NEAR(applySplit(q, p), expected, tol);
            }
        }
}

TEST(ScaledDualQuat, RigidMatrixGivesExactlyTheIdentityScale)
{
    const glm::mat4 rigid[] = {glm::mat4(1.f), trsMatrix({1, -2, 3}, axisAngle({1, 2, 3}, 75.f), glm::vec3(1.f)),
                               trsMatrix({0, 0, 0}, axisAngle({0, 1, 0}, 180.f), glm::vec3(1.f)),
                               trsMatrix({-5, 0, .5f}, axisAngle({1, 0, 0}, -170.f), glm::vec3(1.f))};
    for (const glm::mat4& m : rigid) {
        const math::ScaledDualQuat q = math::splitSkinningMatrix(m, {2, 1, -1});
        EXPECT_EQ(q.scale, glm::mat4(1.f));
        EXPECT_QUAT_EQUIV(q.rigid.real, math::dualQuatFromMatrix(m).real, 1e-6f);
        EXPECT_VEC3_NEAR(math::transformPoint(q.rigid, {1, 2, 3}), glm::vec3(m * glm::vec4(1, 2, 3, 1)), 1e-5f);
    }
    // A real scale, however small, is kept.
    EXPECT_NE(math::splitSkinningMatrix(trsMatrix({0, 0, 0}, axisAngle({0, 0, 1}, 30.f), {1.001f, 1, 1})).scale,
              glm::mat4(1.f));
}

TEST(ScaledDualQuat, ScaleMapFixesThePivot)
{
    // The scale happens about the pivot; the rigid part carries the pivot to
    // where the matrix puts it.
    const glm::mat4 m = trsMatrix({.5f, 1.3f, -.2f}, axisAngle({1, 2, 3}, 50.f), {1.16f, .96f, 1.18f});
    const glm::vec3 pivot(1, 2, 3);
    const math::ScaledDualQuat q = math::splitSkinningMatrix(m, pivot);
    EXPECT_VEC3_NEAR(glm::vec3(q.scale * glm::vec4(pivot, 1.f)), pivot, 1e-6f);
    EXPECT_VEC3_NEAR(math::transformPoint(q.rigid, pivot), glm::vec3(m * glm::vec4(pivot, 1.f)), 1e-5f);
}

TEST(ScaledDualQuat, BindPivotIsTheJointsBindPosition)
{
    const glm::vec3 c(1.5f, -2, .25f);
    const glm::mat4 bind = trsMatrix(c, axisAngle({1, 1, 0}, 40.f), {2, 1, .5f});
    EXPECT_VEC3_NEAR(math::bindPivot(glm::inverse(bind)), c, 1e-5f);
    EXPECT_VEC3_NEAR(math::bindPivot(glm::mat4(1.f)), glm::vec3(0.f), 0.f);
    // A singular inverse bind has no position: the origin.
    glm::mat4 singular(0.f);
    singular[3] = glm::vec4(1, 2, 3, 1);
    EXPECT_VEC3_NEAR(math::bindPivot(singular), glm::vec3(0.f), 0.f);
}
