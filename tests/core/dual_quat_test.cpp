// SPDX-License-Identifier: MIT
#include "core/math/dual_quat.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <glm/gtc/matrix_transform.hpp>

using namespace marrow;
using marrow::test::axisAngle;
using marrow::test::columns;

namespace {
void expectMat3Near(const glm::mat3& a, const glm::mat3& b, float tol)
{
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            EXPECT_NEAR(a[c][r], b[c][r], tol) << "at column " << c << " row " << r;
}
} // namespace

TEST(DualQuat, PolarRotationOfRotationTimesUniformScaleIsTheRotation)
{
    const glm::mat3 r = glm::mat3_cast(axisAngle({1, 2, 3}, 60.f));
    for (float s : {1.f, 2.5f, .2f, 40.f, -1.f, -3.f})
        expectMat3Near(math::polarRotation(s * r), r, 1e-5f);
}

TEST(DualQuat, PolarRotationOfSingularIsIdentity)
{
    expectMat3Near(math::polarRotation(glm::mat3(0.f)), glm::mat3(1.f), 0.f);
}

TEST(DualQuat, FromMatrixHandValues)
{
    // 90 degrees about Z then T(1,0,0). real = (c,0,0,s) with c = s = sqrt(.5);
    // dual = 0.5 (0,t) real = 0.5 (-t.v, c t + t x v) = 0.5 (0; c, -s, 0).
    const glm::mat4 m = columns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 0, 0});
    const math::DualQuat dq = math::dualQuatFromMatrix(m);
    const float h = std::sqrt(.5f);
    EXPECT_QUAT_EQUIV(dq.real, glm::quat(h, 0, 0, h), 1e-6f);
    const float sign = dq.real.w < 0.f ? -1.f : 1.f;
    EXPECT_NEAR(sign * dq.dual.w, 0.f, 1e-6f);
    EXPECT_NEAR(sign * dq.dual.x, .5f * h, 1e-6f);
    EXPECT_NEAR(sign * dq.dual.y, -.5f * h, 1e-6f);
    EXPECT_NEAR(sign * dq.dual.z, 0.f, 1e-6f);
    EXPECT_VEC3_NEAR(math::transformPoint(dq, {1, 0, 0}), glm::vec3(1, 1, 0), 1e-6f);
}

TEST(DualQuat, TransformPointEqualsMatrixOnPoints)
{
    const glm::mat4 mats[] = {
        glm::mat4(1.f),
        glm::translate(glm::mat4(1.f), glm::vec3(1, -2, 3)),
        glm::translate(glm::mat4(1.f), glm::vec3(1, -2, 3)) * glm::mat4_cast(axisAngle({1, 2, 3}, 75.f)),
        glm::translate(glm::mat4(1.f), glm::vec3(-5, 0, .5f)) * glm::mat4_cast(axisAngle({0, 1, 0}, 180.f)),
        glm::mat4_cast(axisAngle({1, 0, 0}, -170.f)),
    };
    const glm::vec3 points[] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {-3, 4, 5}, {.5f, -.25f, 10}};
    for (const glm::mat4& m : mats) {
        const math::DualQuat dq = math::dualQuatFromMatrix(m);
        for (const glm::vec3& p : points)
            EXPECT_VEC3_NEAR(math::transformPoint(dq, p), glm::vec3(m * glm::vec4(p, 1.f)), 1e-5f);
    }
}

TEST(DualQuat, TransformPointDividesByRealNorm)
{
    // A blend of dual quaternions is not unit length; the point must not scale.
    const glm::mat4 m = glm::translate(glm::mat4(1.f), glm::vec3(2, 0, 0)) * glm::mat4_cast(axisAngle({0, 0, 1}, 90.f));
    math::DualQuat dq = math::dualQuatFromMatrix(m);
    dq.real = dq.real * 3.f;
    dq.dual = dq.dual * 3.f;
    EXPECT_VEC3_NEAR(math::transformPoint(dq, {1, 0, 0}), glm::vec3(2, 1, 0), 1e-5f);
}

TEST(DualQuat, DefaultIsIdentity)
{
    EXPECT_VEC3_NEAR(math::transformPoint(math::DualQuat{}, {3, -4, 5}), glm::vec3(3, -4, 5), 0.f);
}
