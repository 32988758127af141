// SPDX-License-Identifier: MIT
// The graph view's key edits on one channel (key_ops): a key dragged by one
// component curve moves in that component only (a quaternion key
// renormalised), and a dragged tangent handle sets slopes as the key's
// handle type says.
#include "core/anim/key_ops.h"
#include "core/math/quat_component.h"

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

using namespace marrow;
using anim::HandleSide;
using anim::TangentMode;

namespace {

std::vector<std::size_t> indices(std::initializer_list<std::size_t> l) { return l; }

TEST(KeyComponentOps, OffsetMovesOnlyTheGrabbedComponentOfTheGivenKeys)
{
    anim::Vec3Channel c;
    c.times = {0.f, 0.5f, 1.f};
    c.values = {{0, 0, 0}, {1, 2, 3}, {0, 0, 0}};
    anim::offsetKeyComponent(c, indices({1, 1}), 1, 0.5);
    EXPECT_EQ(c.values[1], glm::vec3(1, 2.5f, 3)) << "a duplicate index moves the key once";
    EXPECT_EQ(c.values[0], glm::vec3(0.f));
    anim::offsetKeyComponent(c, indices({0}), 3, 1.0);
    EXPECT_EQ(c.values[0], glm::vec3(0.f)) << "a vec3 has no component 3";
}

TEST(KeyComponentOps, AQuaternionComponentMovesAndTheKeyStaysUnit)
{
    anim::QuatChannel c;
    c.times = {0.f, 0.5f, 1.f};
    c.values.assign(3, glm::quat(1, 0, 0, 0));
    anim::offsetKeyComponent(c, indices({2}), 0, 0.6);
    EXPECT_FLOAT_EQ(c.values[2].x, 0.6f) << "the grabbed component lands where dropped";
    EXPECT_FLOAT_EQ(c.values[2].w, 0.8f) << "the others take up the rest";
    EXPECT_EQ(c.values[0], glm::quat(1, 0, 0, 0));
    // Past the bound it stops at 1; the others that are zero stay so.
    anim::offsetKeyComponent(c, indices({1}), 0, 5.0);
    EXPECT_EQ(c.values[1], glm::quat(0.f, 1.f, 0.f, 0.f));
}

TEST(KeyComponentOps, QuaternionComponentEditsRenormalise)
{
    const glm::quat q = glm::normalize(glm::quat(0.5f, 0.5f, -0.5f, 0.2f));
    const glm::quat w = math::withComponent(q, 3, 0.1);
    EXPECT_FLOAT_EQ(w.w, 0.1f);
    EXPECT_NEAR(glm::length(w), 1.0, 1e-6);
    EXPECT_NEAR(w.x / w.y, q.x / q.y, 1e-5) << "the others keep their direction";
    EXPECT_EQ(math::withComponent(glm::quat(1.f, 0.f, 0.f, 0.f), 3, 0.5), glm::quat(1.f, 0.f, 0.f, 0.f))
        << "nothing to take up the rest: only normalised";
}

TEST(KeyComponentOps, HandleDragsFollowTheKeysHandleType)
{
    anim::Vec3Channel c;
    c.times = {0.f, 0.5f, 1.f};
    c.values = {{0, 0, 0}, {1, 2, 3}, {0, 0, 0}};
    c.interpolations.assign(3, anim::Interpolation::CubicSpline);
    c.inTangents = {{1, 1, 1}, {2, 2, 2}, {3, 3, 3}};
    c.outTangents = {{1, 1, 1}, {4, 4, 4}, {3, 3, 3}};
    c.tangentModes = {TangentMode::Flat, TangentMode::Free, TangentMode::Aligned};
    // Free: the dragged side alone.
    anim::setKeyHandleSlope(c, 1, 2, HandleSide::Out, -1.5f);
    EXPECT_EQ(c.inTangents[1], glm::vec3(2, 2, 2));
    EXPECT_EQ(c.outTangents[1], glm::vec3(4, 4, -1.5f));
    EXPECT_EQ(c.tangentMode(1), TangentMode::Free);
    // Aligned: the other side takes the same slope.
    anim::setKeyHandleSlope(c, 2, 0, HandleSide::In, 7.f);
    EXPECT_EQ(c.inTangents[2], glm::vec3(7, 3, 3));
    EXPECT_EQ(c.outTangents[2], glm::vec3(7, 3, 3));
    EXPECT_EQ(c.tangentMode(2), TangentMode::Aligned);
    // Any other type becomes Aligned.
    anim::setKeyHandleSlope(c, 0, 1, HandleSide::Out, 0.5f);
    EXPECT_EQ(c.inTangents[0].y, 0.5f);
    EXPECT_EQ(c.outTangents[0].y, 0.5f);
    EXPECT_EQ(c.tangentMode(0), TangentMode::Aligned);
}

} // namespace
