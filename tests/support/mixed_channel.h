// SPDX-License-Identifier: MIT
#pragma once
// A channel that mixes every interpolation mode, with values worked out by
// hand in the tests that use it.
#include "core/anim/channel.h"

namespace marrow::test {

// Keys at 0, 1, 2, 3 with x = 0, 10, 20, 0 (y = 1, 2, 3, 4 tells the keys
// apart in a plot): Step, then Linear, then Cubic (out-slope 10/s at key 2,
// in-slope -40/s at key 3).
inline anim::Vec3Channel mixedModeChannel()
{
    anim::Vec3Channel c;
    c.times = {0.f, 1.f, 2.f, 3.f};
    c.values = {{0, 1, 0}, {10, 2, 0}, {20, 3, 0}, {0, 4, 0}};
    c.interpolations = {anim::Interpolation::Step, anim::Interpolation::Linear, anim::Interpolation::CubicSpline,
                        anim::Interpolation::Linear};
    c.inTangents.assign(4, glm::vec3(0.f));
    c.outTangents.assign(4, glm::vec3(0.f));
    c.outTangents[2] = {10, 0, 0};
    c.inTangents[3] = {-40, 0, 0};
    return c;
}

} // namespace marrow::test
