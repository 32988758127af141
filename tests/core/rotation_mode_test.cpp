// SPDX-License-Identifier: MIT
// Euler orders to and from quaternions: each order against glm::rotate,
// round trips, gimbal lock, and the "near a reference" choice.
#include "core/anim/rotation_mode.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include <random>

using namespace marrow;
using anim::RotationMode;

namespace {

const RotationMode kOrders[] = {RotationMode::EulerXYZ, RotationMode::EulerXZY, RotationMode::EulerYXZ,
                                RotationMode::EulerYZX, RotationMode::EulerZXY, RotationMode::EulerZYX};

// The axes in application order, spelled as the mode's name spells them.
glm::ivec3 axes(RotationMode order)
{
    const std::string name = anim::rotationModeName(order);
    return {name[0] - 'X', name[1] - 'X', name[2] - 'X'};
}

// R = R_last * R_middle * R_first from glm::rotate: what the name promises.
glm::mat4 composed(const glm::vec3& angles, RotationMode order)
{
    const glm::ivec3 a = axes(order);
    glm::mat4 r(1.f);
    for (int n = 2; n >= 0; --n) {
        glm::vec3 axis(0.f);
        axis[a[n]] = 1.f;
        r = r * glm::rotate(glm::mat4(1.f), angles[a[n]], axis);
    }
    return r;
}

float sameRotation(const glm::quat& a, const glm::quat& b)
{
    return 1.f - std::abs(glm::dot(glm::normalize(a), glm::normalize(b)));
}

} // namespace

TEST(RotationMode, EachOrderComposesItsAxesFirstToLast)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> angle(-3.f, 3.f);
    for (const RotationMode order : kOrders)
        for (int n = 0; n < 50; ++n) {
            const glm::vec3 e(angle(rng), angle(rng), angle(rng));
            const glm::mat4 want = composed(e, order);
            const glm::mat4 got = glm::mat4_cast(anim::eulerToQuat(e, order));
            for (int c = 0; c < 3; ++c)
                for (int r = 0; r < 3; ++r)
                    ASSERT_NEAR(got[c][r], want[c][r], 1e-5f) << anim::rotationModeName(order);
        }
}

TEST(RotationMode, CanonicalAnglesComeBackExactlyAndEveryRotationRoundTrips)
{
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> wide(-3.1f, 3.1f), middle(-1.5f, 1.5f);
    std::normal_distribution<float> n(0.f, 1.f);
    for (const RotationMode order : kOrders) {
        const glm::ivec3 a = axes(order);
        for (int k = 0; k < 100; ++k) {
            glm::vec3 e;
            e[a[0]] = wide(rng);
            e[a[1]] = middle(rng);
            e[a[2]] = wide(rng);
            const glm::vec3 back = anim::quatToEuler(anim::eulerToQuat(e, order), order);
            for (int c = 0; c < 3; ++c)
                ASSERT_NEAR(back[c], e[c], 2e-4f) << anim::rotationModeName(order) << " axis " << c;
            const glm::quat q = glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
            ASSERT_LT(sameRotation(anim::eulerToQuat(anim::quatToEuler(q, order), order), q), 1e-6f)
                << anim::rotationModeName(order);
        }
    }
}

TEST(RotationMode, GimbalLockStillGivesTheRotationBack)
{
    for (const RotationMode order : kOrders) {
        const glm::ivec3 a = axes(order);
        for (const float middle : {1.5707964f, -1.5707964f}) {
            glm::vec3 e(0.f);
            e[a[0]] = .4f;
            e[a[1]] = middle;
            e[a[2]] = -.7f;
            const glm::quat q = anim::eulerToQuat(e, order);
            const glm::vec3 back = anim::quatToEuler(q, order);
            EXPECT_EQ(back[a[2]], 0.f) << "the last axis gives up its angle";
            EXPECT_LT(sameRotation(anim::eulerToQuat(back, order), q), 1e-6f) << anim::rotationModeName(order);
        }
    }
}

TEST(RotationMode, NearAReferenceFollowsTheCurveInsteadOfWrapping)
{
    for (const RotationMode order : kOrders) {
        const glm::ivec3 a = axes(order);
        // A first-axis turn past 180 degrees: the canonical angle wraps to
        // negative, the compatible one goes on.
        glm::vec3 e(0.f);
        e[a[0]] = 3.3f;
        e[a[1]] = .2f;
        const glm::quat q = anim::eulerToQuat(e, order);
        glm::vec3 previous(0.f);
        previous[a[0]] = 3.1f;
        previous[a[1]] = .2f;
        const glm::vec3 near = anim::quatToEulerNear(q, order, previous);
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(near[c], e[c], 1e-4f) << anim::rotationModeName(order);
        EXPECT_LT(sameRotation(anim::eulerToQuat(near, order), q), 1e-6f);
    }
}

TEST(RotationMode, NonFiniteInputReadsAsNoRotation)
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(anim::eulerToQuat(glm::vec3(nan, 0.f, 0.f), RotationMode::EulerXYZ), glm::quat(1.f, 0.f, 0.f, 0.f));
    EXPECT_EQ(anim::quatToEuler(glm::quat(0.f, 0.f, 0.f, 0.f), RotationMode::EulerZXY), glm::vec3(0.f));
}
