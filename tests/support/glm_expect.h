// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <gtest/gtest.h>

#include <cmath>

// Component-wise comparisons with a stated tolerance; quaternions compare as
// rotations (q and -q are equal).
#define EXPECT_VEC3_NEAR(a, b, tol)                                                                    \
    do {                                                                                               \
        const glm::vec3 _a = (a), _b = (b);                                                            \
        EXPECT_NEAR(_a.x, _b.x, tol);                                                                  \
        EXPECT_NEAR(_a.y, _b.y, tol);                                                                  \
        EXPECT_NEAR(_a.z, _b.z, tol);                                                                  \
    } while (0)

#define EXPECT_QUAT_EQUIV(a, b, tol)                                                                   \
    do {                                                                                               \
        const glm::quat _a = (a), _b = (b);                                                            \
        const float _d = std::fabs(_a.x * _b.x + _a.y * _b.y + _a.z * _b.z + _a.w * _b.w);              \
        EXPECT_NEAR(_d, 1.f, tol) << "quaternions differ: (" << _a.w << "," << _a.x << "," << _a.y    \
                                  << "," << _a.z << ") vs (" << _b.w << "," << _b.x << "," << _b.y     \
                                  << "," << _b.z << ")";                                               \
    } while (0)

#define EXPECT_MAT4_NEAR(a, b, tol)                                                                    \
    do {                                                                                               \
        const glm::mat4 _a = (a), _b = (b);                                                            \
        for (int _c = 0; _c < 4; ++_c)                                                                 \
            for (int _r = 0; _r < 4; ++_r)                                                             \
                EXPECT_NEAR(_a[_c][_r], _b[_c][_r], tol) << "at column " << _c << " row " << _r;       \
    } while (0)
