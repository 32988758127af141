// SPDX-License-Identifier: MIT
// Euler angles (degrees, Blender's XYZ order: R = Rz * Ry * Rx) to and from
// quaternions: known cases, the order against glm::rotate, round trips,
// gimbal lock and the "near a reference" choice the inspector relies on,
// through anim::rotation_mode's XYZ order (the inspector shows degrees).
#include "core/anim/rotation_mode.h"
#include "glm_expect.h"

#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <random>
#include <string>

using namespace marrow;

namespace {

glm::mat4 rotationMatrix(const glm::quat& q)
{
    return glm::mat4_cast(q);
}

// Rz * Ry * Rx built from glm::rotate, the order the functions promise.
glm::mat4 xyzMatrix(const glm::vec3& degrees)
{
    const glm::mat4 rx = glm::rotate(glm::mat4(1.f), glm::radians(degrees.x), glm::vec3(1, 0, 0));
    const glm::mat4 ry = glm::rotate(glm::mat4(1.f), glm::radians(degrees.y), glm::vec3(0, 1, 0));
    const glm::mat4 rz = glm::rotate(glm::mat4(1.f), glm::radians(degrees.z), glm::vec3(0, 0, 1));
    return rz * ry * rx;
}

glm::quat eulerXyzDegreesToQuat(const glm::vec3& degrees)
{
    return anim::eulerToQuat(glm::radians(degrees), anim::RotationMode::EulerXYZ);
}

glm::vec3 quatToEulerXyzDegrees(const glm::quat& q)
{
    return glm::degrees(anim::quatToEuler(q, anim::RotationMode::EulerXYZ));
}

glm::vec3 quatToEulerXyzDegreesNear(const glm::quat& q, const glm::vec3& referenceDegrees)
{
    return glm::degrees(anim::quatToEulerNear(q, anim::RotationMode::EulerXYZ, glm::radians(referenceDegrees)));
}

bool isFinite(const glm::vec3& v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

glm::quat randomUnitQuat(std::mt19937& rng)
{
    std::normal_distribution<float> n(0.f, 1.f);
    return glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
}

} // namespace

TEST(Euler, NinetyDegreesAboutEachAxis)
{
    const float h = std::sqrt(0.5f);
    EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat({90, 0, 0}), glm::quat(h, h, 0, 0), 1e-7f);
    EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat({0, 90, 0}), glm::quat(h, 0, h, 0), 1e-7f);
    EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat({0, 0, 90}), glm::quat(h, 0, 0, h), 1e-7f);

    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(glm::quat(h, h, 0, 0)), glm::vec3(90, 0, 0), 1e-4f);
    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(glm::quat(h, 0, 0, h)), glm::vec3(0, 0, 90), 1e-4f);
    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(glm::quat(h, 0, -h, 0)), glm::vec3(0, -90, 0), 1e-4f);
    // +90 about Y is gimbal lock: z is 0 by convention and nothing else moves.
    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(glm::quat(h, 0, h, 0)), glm::vec3(0, 90, 0), 1e-4f);

    // 90 about X maps +Y to +Z (right-handed, counter-clockwise).
    const glm::vec3 y = eulerXyzDegreesToQuat({90, 0, 0}) * glm::vec3(0, 1, 0);
    EXPECT_VEC3_NEAR(y, glm::vec3(0, 0, 1), 1e-6f);
}

TEST(Euler, IdentityAndHalfTurns)
{
    EXPECT_EQ(quatToEulerXyzDegrees(glm::quat(1, 0, 0, 0)), glm::vec3(0.f));
    EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat({0, 0, 0}), glm::quat(1, 0, 0, 0), 0.f);
    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(glm::quat(0, 1, 0, 0)), glm::vec3(180, 0, 0), 1e-4f);
    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(glm::quat(0, 0, 0, 1)), glm::vec3(0, 0, 180), 1e-4f);
}

TEST(Euler, OrderIsRzRyRxAsGlmRotateBuildsIt)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> angle(-180.f, 180.f);
    for (int i = 0; i < 200; ++i) {
        const glm::vec3 e(angle(rng), angle(rng), angle(rng));
        SCOPED_TRACE(testing::Message() << "angles " << e.x << " " << e.y << " " << e.z);
        EXPECT_MAT4_NEAR(rotationMatrix(eulerXyzDegreesToQuat(e)), xyzMatrix(e), 2e-6f);
    }
    // And it is not the other order (Rx * Ry * Rz), which a mix-up would give.
    const glm::vec3 e(30, 40, 50);
    const glm::mat4 zyx = glm::rotate(glm::mat4(1.f), glm::radians(e.x), glm::vec3(1, 0, 0)) *
                          glm::rotate(glm::mat4(1.f), glm::radians(e.y), glm::vec3(0, 1, 0)) *
                          glm::rotate(glm::mat4(1.f), glm::radians(e.z), glm::vec3(0, 0, 1));
    EXPECT_GT(std::fabs(rotationMatrix(eulerXyzDegreesToQuat(e))[0][1] - zyx[0][1]), 0.1f);
}

TEST(Euler, RoundTripFromRandomQuaternions)
{
    std::mt19937 rng(11);
    for (int i = 0; i < 2000; ++i) {
        const glm::quat q = randomUnitQuat(rng);
        const glm::vec3 e = quatToEulerXyzDegrees(q);
        ASSERT_TRUE(isFinite(e));
        EXPECT_LE(std::fabs(e.y), 90.f);
        EXPECT_LE(std::fabs(e.x), 180.f);
        EXPECT_LE(std::fabs(e.z), 180.f);
        EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat(e), q, 1e-6f);
    }
}

TEST(Euler, RoundTripFromCanonicalAnglesGivesTheAnglesBack)
{
    std::mt19937 rng(13);
    std::uniform_real_distribution<float> xz(-179.f, 179.f);
    std::uniform_real_distribution<float> y(-85.f, 85.f);
    for (int i = 0; i < 2000; ++i) {
        const glm::vec3 e(xz(rng), y(rng), xz(rng));
        const glm::quat q = eulerXyzDegreesToQuat(e);
        EXPECT_NEAR(glm::length(glm::vec4(q.x, q.y, q.z, q.w)), 1.f, 1e-6f);
        // Float quaternions carry ~6e-8 of error; amplified by 1/cos(85°) at worst.
        EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(q), e, 1e-3f);
    }
}

TEST(Euler, AnglesBeyondAHalfTurnWrap)
{
    EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat({370, 0, 0}), eulerXyzDegreesToQuat({10, 0, 0}), 1e-7f);
    EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat({0, 100, 0}), eulerXyzDegreesToQuat({180, 80, 180}), 1e-7f);
}

TEST(Euler, GimbalLockIsFiniteAndKeepsTheRotation)
{
    for (float y : {90.f, -90.f, 89.99999f, -89.99999f, 90.00001f, 89.999f, -89.9f}) {
        for (const glm::vec3 xz : {glm::vec3(0, 0, 0), glm::vec3(30, 0, 40), glm::vec3(-170, 0, 120), glm::vec3(45, 0, -45)}) {
            const glm::vec3 e(xz.x, y, xz.z);
            const glm::quat q = eulerXyzDegreesToQuat(e);
            const glm::vec3 back = quatToEulerXyzDegrees(q);
            ASSERT_TRUE(isFinite(back)) << "y " << y << " x " << xz.x << " z " << xz.z;
            EXPECT_NEAR(std::fabs(back.y), std::fabs(y) > 90.f ? 180.f - std::fabs(y) : std::fabs(y), 1e-3f);
            EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat(back), q, 1e-6f);
            EXPECT_MAT4_NEAR(rotationMatrix(eulerXyzDegreesToQuat(back)), xyzMatrix(e), 1e-5f);
        }
    }
    // Exactly locked: x carries the twist (x - z at +90, x + z at -90) and z is 0.
    const glm::vec3 up = quatToEulerXyzDegrees(eulerXyzDegreesToQuat({50, 90, 20}));
    EXPECT_NEAR(up.z, 0.f, 1e-3f);
    EXPECT_NEAR(up.x, 30.f, 1e-2f);
    const glm::vec3 down = quatToEulerXyzDegrees(eulerXyzDegreesToQuat({50, -90, 20}));
    EXPECT_NEAR(down.x + down.z, 70.f, 1e-2f);
}

TEST(Euler, DegenerateInputsGiveNoNaN)
{
    EXPECT_EQ(quatToEulerXyzDegrees(glm::quat(0, 0, 0, 0)), glm::vec3(0.f));
    EXPECT_EQ(quatToEulerXyzDegrees(glm::quat(NAN, 0, 0, 0)), glm::vec3(0.f));
    EXPECT_EQ(eulerXyzDegreesToQuat({NAN, 0, 0}), glm::quat(1, 0, 0, 0));
    EXPECT_TRUE(isFinite(quatToEulerXyzDegreesNear(glm::quat(0, 0, 0, 0), {NAN, 1, 2})));
    // Not unit length: normalised first.
    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(glm::quat(2, 2, 0, 0)), glm::vec3(90, 0, 0), 1e-4f);
}

TEST(Euler, NearKeepsTheTripleTheViewShows)
{
    // Y past 90 stays past 90 instead of flipping to (180, 80, 180).
    const glm::quat q = eulerXyzDegreesToQuat({0, 100, 0});
    EXPECT_VEC3_NEAR(quatToEulerXyzDegrees(q), glm::vec3(180, 80, 180), 1e-3f);
    EXPECT_VEC3_NEAR(quatToEulerXyzDegreesNear(q, {0, 99, 0}), glm::vec3(0, 100, 0), 1e-3f);
    // A value past a half turn keeps counting instead of wrapping to -170.
    EXPECT_VEC3_NEAR(quatToEulerXyzDegreesNear(eulerXyzDegreesToQuat({190, 0, 0}), {185, 0, 0}),
                     glm::vec3(190, 0, 0), 1e-3f);
    EXPECT_VEC3_NEAR(quatToEulerXyzDegreesNear(eulerXyzDegreesToQuat({-20, 30, 725}), {0, 30, 700}),
                     glm::vec3(-20, 30, 725), 1e-3f);
    // With a far reference it still gives the same rotation.
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> any(-400.f, 400.f);
    for (int i = 0; i < 500; ++i) {
        const glm::quat r = randomUnitQuat(rng);
        const glm::vec3 ref(any(rng), any(rng), any(rng));
        const glm::vec3 e = quatToEulerXyzDegreesNear(r, ref);
        ASSERT_TRUE(isFinite(e));
        EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat(e), r, 1e-6f);
        EXPECT_LE(std::fabs(e.x - ref.x), 180.001f);
        EXPECT_LE(std::fabs(e.z - ref.z), 180.001f);
    }
}

TEST(Euler, NearAtGimbalLockKeepsTheReferenceZ)
{
    const glm::quat q = eulerXyzDegreesToQuat({50, 90, 20});
    const glm::vec3 e = quatToEulerXyzDegreesNear(q, {49, 89, 20});
    EXPECT_VEC3_NEAR(e, glm::vec3(50, 90, 20), 1e-2f);
    const glm::quat d = eulerXyzDegreesToQuat({50, -90, 20});
    const glm::vec3 f = quatToEulerXyzDegreesNear(d, {0, -90, 20});
    EXPECT_VEC3_NEAR(f, glm::vec3(50, -90, 20), 1e-2f);
    EXPECT_QUAT_EQUIV(eulerXyzDegreesToQuat(f), d, 1e-6f);
}

TEST(Euler, NearAtGimbalLockKeepsTheReferenceLastAngleInEveryOrder)
{
    using anim::RotationMode;
    for (RotationMode order : {RotationMode::EulerXYZ, RotationMode::EulerXZY, RotationMode::EulerYXZ,
                               RotationMode::EulerYZX, RotationMode::EulerZXY, RotationMode::EulerZYX}) {
        for (float middle : {90.f, -90.f}) {
            // (first, middle, last) in application order, stored per axis.
            glm::vec3 degrees(0.f);
            const glm::vec3 firstMiddleLast(35.f, middle, -25.f);
            const int axes[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
            const int* a = axes[static_cast<int>(order) - 1];
            for (int n = 0; n < 3; ++n)
                degrees[a[n]] = firstMiddleLast[n];
            const glm::quat q = anim::eulerToQuat(glm::radians(degrees), order);
            const glm::vec3 reference = degrees + 0.5f;
            const glm::vec3 near = glm::degrees(anim::quatToEulerNear(q, order, glm::radians(reference)));
            SCOPED_TRACE(std::string(anim::rotationModeName(order)) + " middle " + std::to_string(middle));
            // The last angle stays where the view had it, the middle one at the
            // lock, and the first takes what is left of the same rotation.
            EXPECT_NEAR(near[a[2]], reference[a[2]], 1e-3f);
            EXPECT_NEAR(near[a[1]], middle, 1e-2f);
            EXPECT_QUAT_EQUIV(anim::eulerToQuat(glm::radians(near), order), q, 1e-6f);
        }
    }
}
