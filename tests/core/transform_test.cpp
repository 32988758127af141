// SPDX-License-Identifier: MIT
#include "core/math/transform.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <glm/gtc/matrix_transform.hpp>

#include <limits>

using namespace marrow;
using marrow::test::axisAngle;
using marrow::test::columns;
using marrow::test::trs;

namespace {
glm::mat4 referenceTRS(const math::Transform& t)
{
    // Three separate glm products, the slow obvious way.
    return glm::translate(glm::mat4(1.f), t.translation) * glm::mat4_cast(t.rotation) * glm::scale(glm::mat4(1.f), t.scale);
}
} // namespace

TEST(Transform, ToMatrixEqualsTranslateRotateScale)
{
    const math::Transform cases[] = {
        trs({0, 0, 0}),
        trs({1, 2, 3}, axisAngle({1, 2, 3}, 40.f), {2.f, .5f, 3.f}),
        trs({-4, 0, 7}, axisAngle({0, 1, 0}, 170.f), {1.f, 1.f, 1.f}),
        trs({0, 5, 0}, axisAngle({-1, 0, 1}, -95.f), {-1.f, 2.f, .25f}),
    };
    for (const math::Transform& t : cases)
        EXPECT_MAT4_NEAR(math::toMatrix(t), referenceTRS(t), 1e-6f);
}

TEST(Transform, ToMatrixHandValues)
{
    // 90 degrees about Z maps X to Y and Y to -X; columns are scaled by S.
    const math::Transform t = trs({1, 2, 3}, axisAngle({0, 0, 1}, 90.f), {2, 3, 4});
    EXPECT_MAT4_NEAR(math::toMatrix(t), columns({0, 2, 0}, {-3, 0, 0}, {0, 0, 4}, {1, 2, 3}), 1e-6f);
}

TEST(Transform, FromMatrixRoundTripsPositiveScale)
{
    const math::Transform cases[] = {
        trs({1, 2, 3}, axisAngle({1, 2, 3}, 40.f), {2.f, .5f, 3.f}),
        trs({0, 0, 0}, axisAngle({0, 0, 1}, 179.f), {1.f, 1.f, 1.f}),
        trs({-1, 0, 9}, axisAngle({1, 0, 0}, 180.f), {.1f, 10.f, 1.f}),
    };
    for (const math::Transform& t : cases) {
        math::Transform out;
        ASSERT_TRUE(math::fromMatrix(math::toMatrix(t), out));
        EXPECT_VEC3_NEAR(out.translation, t.translation, 1e-6f);
        EXPECT_VEC3_NEAR(out.scale, t.scale, 1e-5f);
        EXPECT_QUAT_EQUIV(out.rotation, t.rotation, 1e-6f);
        EXPECT_MAT4_NEAR(math::toMatrix(out), math::toMatrix(t), 1e-5f);
    }
}

TEST(Transform, FromMatrixKeepsNegativeScaleAsNegativeX)
{
    // A mirror on Y cannot be a rotation: it comes back as a negative X scale
    // with a rotation that makes the same matrix.
    const glm::mat4 m = math::toMatrix(trs({1, -2, 3}, axisAngle({0, 1, 1}, 30.f), {1.f, -2.f, 3.f}));
    math::Transform out;
    ASSERT_TRUE(math::fromMatrix(m, out));
    EXPECT_LT(out.scale.x, 0.f);
    EXPECT_VEC3_NEAR(glm::abs(out.scale), glm::vec3(1.f, 2.f, 3.f), 1e-5f);
    EXPECT_NEAR(glm::length(glm::vec4(out.rotation.x, out.rotation.y, out.rotation.z, out.rotation.w)), 1.f, 1e-6f);
    EXPECT_MAT4_NEAR(math::toMatrix(out), m, 1e-5f);
}

TEST(Transform, FromMatrixMirrorOnXGivesIdentityRotation)
{
    const glm::mat4 m = columns({-2, 0, 0}, {0, 1, 0}, {0, 0, 1}, {4, 5, 6});
    math::Transform out;
    ASSERT_TRUE(math::fromMatrix(m, out));
    EXPECT_VEC3_NEAR(out.scale, glm::vec3(-2.f, 1.f, 1.f), 1e-6f);
    EXPECT_QUAT_EQUIV(out.rotation, glm::quat(1.f, 0.f, 0.f, 0.f), 1e-6f);
    EXPECT_VEC3_NEAR(out.translation, glm::vec3(4.f, 5.f, 6.f), 0.f);
}

TEST(Transform, FromMatrixRejectsSingularAndLeavesOutputUntouched)
{
    const math::Transform sentinel = trs({7, 7, 7}, axisAngle({1, 0, 0}, 10.f), {3, 3, 3});
    const glm::mat4 singular[] = {
        columns({0, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 2, 3}),
        columns({1, 0, 0}, {0, 0, 0}, {0, 0, 1}, {1, 2, 3}),
        columns({1, 0, 0}, {0, 1, 0}, {0, 0, 0}, {1, 2, 3}),
        glm::mat4(0.f),
    };
    for (const glm::mat4& m : singular) {
        math::Transform out = sentinel;
        EXPECT_FALSE(math::fromMatrix(m, out));
        EXPECT_EQ(out, sentinel);
    }
}

TEST(Transform, IsFinite)
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(math::isFinite(math::Transform{}));
    EXPECT_TRUE(math::isFinite(trs({1e30f, -1e30f, 0}, axisAngle({0, 1, 0}, 45.f), {1e-30f, 2, 3})));
    for (int i = 0; i < 3; ++i) {
        math::Transform t;
        t.translation[i] = nan;
        EXPECT_FALSE(math::isFinite(t)) << "translation " << i;
        t = math::Transform{};
        t.scale[i] = inf;
        EXPECT_FALSE(math::isFinite(t)) << "scale " << i;
        t.scale[i] = -inf;
        EXPECT_FALSE(math::isFinite(t)) << "scale " << i;
    }
    for (int i = 0; i < 4; ++i) {
        math::Transform t;
        t.rotation[i] = nan;
        EXPECT_FALSE(math::isFinite(t)) << "rotation " << i;
    }
}
