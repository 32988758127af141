// SPDX-License-Identifier: MIT
// The pose tool's maths without a window: the typed number, the X/Y/Z
// constraint cycle, which bones move, the local transforms for a world
// rotation, offset and scale, and the screen maths the mouse drives.
#include "core/anim/local_to_world_job.h"
#include "glm_expect.h"
#include "tiny_rigs.h"
#include "widgets/viewport/number_entry.h"
#include "widgets/viewport/orbit_camera.h"
#include "widgets/viewport/pose_transform.h"
#include "pose_worlds.h"

#include <gtest/gtest.h>

#include <cmath>

namespace marrow::ui {
namespace {

namespace pt = pose_transform;
using test::worldsOf;
using test::axisAngle;
using test::trs;

TEST(NumberEntry, TakesDigitsOnePointSignAndBackspace)
{
    NumberEntry n;
    EXPECT_FALSE(n.active());
    EXPECT_FALSE(n.value());
    EXPECT_TRUE(n.type('9'));
    EXPECT_TRUE(n.type('0'));
    EXPECT_EQ(n.value(), 90.f);
    EXPECT_TRUE(n.type('.'));
    EXPECT_FALSE(n.type('.')) << "one point only";
    EXPECT_FALSE(n.type('x'));
    EXPECT_TRUE(n.type('5'));
    EXPECT_TRUE(n.type('-'));  // the sign toggles wherever it is typed
    EXPECT_EQ(n.text(), "-90.5");
    EXPECT_FLOAT_EQ(*n.value(), -90.5f);
    EXPECT_TRUE(n.backspace());  // takes back the sign
    EXPECT_EQ(n.text(), "90.5");
    EXPECT_TRUE(n.backspace());
    EXPECT_TRUE(n.backspace());
    EXPECT_TRUE(n.type('.'));
    EXPECT_EQ(n.text(), "90.");
    n.clear();
    EXPECT_FALSE(n.backspace());
    EXPECT_TRUE(n.type('-'));
    EXPECT_TRUE(n.active());
    EXPECT_FALSE(n.value()) << "a lone sign is no number yet";
    EXPECT_TRUE(n.type('.'));
    EXPECT_TRUE(n.type('5'));
    EXPECT_FLOAT_EQ(*n.value(), -.5f);
}

TEST(PoseTransform, AxisKeysCycleWorldLocalOff)
{
    pt::Constraint c;
    c = pt::nextConstraint(c, 2);
    EXPECT_EQ(c, (pt::Constraint{pt::Space::World, 2}));
    c = pt::nextConstraint(c, 2);
    EXPECT_EQ(c, (pt::Constraint{pt::Space::Local, 2}));
    EXPECT_EQ(pt::nextConstraint(c, 0), (pt::Constraint{pt::Space::World, 0})) << "another axis starts over";
    c = pt::nextConstraint(c, 2);
    EXPECT_EQ(c, pt::Constraint{});
    EXPECT_EQ(pt::nextConstraint(c, 5), c);
}

TEST(PoseTransform, ChildrenOfSelectedBonesMoveWithThem)
{
    const anim::Skeleton chain = test::threeJointChain();
    const std::vector<anim::JointIndex> selected{2, 0, 1, 0};
    EXPECT_EQ(pt::topMostJoints(chain, selected), (std::vector<anim::JointIndex>{0}));
    const std::vector<anim::JointIndex> two{2, 1};
    EXPECT_EQ(pt::topMostJoints(chain, two), (std::vector<anim::JointIndex>{1}));
}

TEST(PoseTransform, AWorldRotationTurnsTheBoneAboutItsHead)
{
    // The knee of the chain sits under a turned, scaled parent.
    const anim::Skeleton chain = test::threeJointChain();
    std::vector<math::Transform> locals = chain.rest;
    const auto worlds = worldsOf(chain, locals);
    const std::vector<anim::JointIndex> knee{1};
    const auto start = pt::startOf(chain, knee, locals, worlds);
    ASSERT_EQ(start.size(), 1u);
    const glm::vec3 axis = glm::normalize(glm::vec3(1.f, 1.f, 0.f));
    locals[1] = pt::rotated(start[0], axis, glm::radians(90.f));
    const auto after = worldsOf(chain, locals);
    EXPECT_VEC3_NEAR(glm::vec3(after[1][3]), glm::vec3(worlds[1][3]), 1e-5f);  // the head stays
    const glm::mat4 expected = glm::mat4_cast(axisAngle(axis, 90.f)) * glm::mat4(glm::mat3(worlds[1]));
    EXPECT_MAT4_NEAR(glm::mat4(glm::mat3(after[1])), expected, 1e-5f);
    EXPECT_EQ(locals[1].translation, chain.rest[1].translation);
    EXPECT_EQ(locals[1].scale, chain.rest[1].scale);
}

TEST(PoseTransform, TranslationAndScaleInTheBonesTerms)
{
    const anim::Skeleton chain = test::threeJointChain();
    std::vector<math::Transform> locals = chain.rest;
    const auto worlds = worldsOf(chain, locals);
    const std::vector<anim::JointIndex> ankle{2};
    const auto start = pt::startOf(chain, ankle, locals, worlds);
    ASSERT_EQ(start.size(), 1u);
    locals[2] = pt::translated(start[0], {.5f, -1.f, 2.f});
    const auto after = worldsOf(chain, locals);
    EXPECT_VEC3_NEAR(glm::vec3(after[2][3]), glm::vec3(worlds[2][3]) + glm::vec3(.5f, -1.f, 2.f), 1e-5f);

    // The ankle's local X points along world +Y (the hip's turn).
    EXPECT_VEC3_NEAR(pt::localAxis(start[0], 0), glm::vec3(0.f, 1.f, 0.f), 1e-6f);
    EXPECT_EQ(pt::nearestLocalAxis(start[0], {0.f, -1.f, 0.f}), 0);
    EXPECT_VEC3_NEAR(pt::constraintAxis(start[0], {pt::Space::Local, 0}, {}), glm::vec3(0.f, 1.f, 0.f), 1e-6f);
    EXPECT_VEC3_NEAR(pt::constraintAxis(start[0], {pt::Space::World, 0}, {}), glm::vec3(1.f, 0.f, 0.f), 0.f);
    EXPECT_VEC3_NEAR(pt::constraintAxis(start[0], {}, {0.f, 0.f, -1.f}), glm::vec3(0.f, 0.f, -1.f), 0.f);
    EXPECT_VEC3_NEAR(pt::scaled(start[0], 1, 2.f).scale, glm::vec3(1.f, 2.f, 1.f), 0.f);
    EXPECT_VEC3_NEAR(pt::scaled(start[0], -1, .5f).scale, glm::vec3(.5f), 0.f);
}

TEST(PoseTransform, ScreenAngleIsCounterClockwiseAndFollowsTheViewer)
{
    const glm::vec2 pivot(100.f, 100.f);
    // From right of the pivot to above it (y down): a quarter turn counter-clockwise.
    EXPECT_NEAR(pt::screenAngle(pivot, {150.f, 100.f}, {100.f, 50.f}), glm::radians(90.f), 1e-5f);
    EXPECT_NEAR(pt::screenAngle(pivot, {150.f, 100.f}, {100.f, 150.f}), glm::radians(-90.f), 1e-5f);
    EXPECT_EQ(pt::screenAngle(pivot, pivot, {1.f, 1.f}), 0.f);
    const glm::vec3 forward(0.f, 0.f, -1.f);  // looking down -Z: +Z points at the viewer
    EXPECT_EQ(pt::angleAbout({0.f, 0.f, 1.f}, forward, .3f), .3f);
    EXPECT_EQ(pt::angleAbout({0.f, 0.f, -1.f}, forward, .3f), -.3f);
    EXPECT_NEAR(pt::scaleRatio(pivot, {110.f, 100.f}, {100.f, 130.f}), 3.f, 1e-5f);
}

TEST(PoseTransform, GrabOffsetsKeepThePointUnderTheCursor)
{
    OrbitCamera camera;
    camera.setTarget({0.f, 1.f, 0.f});
    camera.setDistance(6.f);
    camera.setAngles(.4f, .3f);
    const glm::vec2 viewport(800.f, 600.f);
    const glm::mat4 vp = camera.viewProjection(viewport.x / viewport.y);
    const glm::vec3 pivot(.3f, 1.2f, -.2f);
    const glm::vec2 from = *pt::project(vp, viewport, pivot), to = from + glm::vec2(40.f, -25.f);
    const glm::vec3 moved = pivot + pt::viewPlaneOffset(camera, viewport, pivot, from, to);
    EXPECT_VEC3_NEAR(glm::vec3(*pt::project(vp, viewport, moved), 0.f), glm::vec3(to, 0.f), 1e-2f);
    EXPECT_NEAR(glm::dot(moved - pivot, camera.forward()), 0.f, 1e-5f) << "in the view plane";

    // Along an axis: the point moves to where the cursor's ray passes nearest the axis.
    const glm::vec3 axis(1.f, 0.f, 0.f);
    const glm::vec2 along = *pt::project(vp, viewport, pivot + .5f * axis);
    EXPECT_NEAR(pt::axisOffset(camera, viewport, pivot, axis, from, along), .5f, 1e-3f);
    EXPECT_EQ(pt::axisOffset(camera, viewport, pivot, glm::normalize(pivot - camera.eye()), from, to), 0.f)
        << "an axis along the line of sight";
    EXPECT_FALSE(pt::project(vp, viewport, camera.eye() - camera.forward()));
}

} // namespace
} // namespace marrow::ui
