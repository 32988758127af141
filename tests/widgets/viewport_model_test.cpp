// SPDX-License-Identifier: MIT
// The viewport's maths without a window: the orbit camera, the navigation
// schemes, the bone layout and picking, and the grid.
#include "core/anim/skeleton.h"
#include "glm_expect.h"
#include "widgets/viewport/bone_layout.h"
#include "widgets/viewport/grid_geometry.h"
#include "widgets/viewport/orbit_camera.h"
#include "widgets/viewport/viewport_navigation.h"

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <cmath>

namespace marrow::ui {
namespace {

glm::vec2 toScreen(const glm::mat4& viewProjection, const glm::vec3& p, float w, float h)
{
    const glm::vec4 clip = viewProjection * glm::vec4(p, 1.f);
    const glm::vec3 ndc = glm::vec3(clip) / clip.w;
    return {(ndc.x * 0.5f + 0.5f) * w, (0.5f - ndc.y * 0.5f) * h};
}

TEST(OrbitCamera, EyeSitsAtTheDistanceFromTheTarget)
{
    OrbitCamera camera;
    camera.setTarget({1.f, 2.f, 3.f});
    camera.setDistance(7.f);
    camera.setAngles(0.3f, -0.4f);
    EXPECT_NEAR(glm::length(camera.eye() - camera.target()), 7.f, 1e-5f);
    EXPECT_VEC3_NEAR(glm::normalize(camera.target() - camera.eye()), camera.forward(), 1e-6f);
    EXPECT_NEAR(glm::dot(camera.right(), camera.forward()), 0.f, 1e-6f);
    EXPECT_NEAR(glm::dot(camera.up(), camera.forward()), 0.f, 1e-6f);
}

TEST(OrbitCamera, PitchIsClampedSoTheViewNeverFlips)
{
    // Up to the pole and no further: the screen's up keeps the side it had
    // just short of the pole (the view never turns upside down).
    OrbitCamera camera;
    camera.setAngles(0.4f, glm::radians(89.f));
    const glm::vec3 upBefore = camera.up();
    camera.orbit(0.f, 10000.f);
    EXPECT_FLOAT_EQ(camera.pitch(), glm::half_pi<float>());
    EXPECT_GT(glm::dot(camera.up(), upBefore), 0.99f);
    EXPECT_NEAR(glm::dot(camera.up(), camera.forward()), 0.f, 1e-6f);
    camera.setAngles(0.4f, glm::radians(-89.f));
    const glm::vec3 upBelow = camera.up();
    camera.orbit(0.f, -20000.f);
    EXPECT_FLOAT_EQ(camera.pitch(), -glm::half_pi<float>());
    EXPECT_GT(glm::dot(camera.up(), upBelow), 0.99f);
}

TEST(OrbitCamera, PanKeepsThePointUnderTheCursorUnderTheCursor)
{
    OrbitCamera camera;
    camera.setTarget({0.f, 1.f, 0.f});
    camera.setDistance(4.f);
    const float w = 800.f, h = 600.f;
    const glm::vec2 before = toScreen(camera.viewProjection(w / h), camera.target(), w, h);
    const glm::vec3 anchor = camera.target();
    camera.pan(40.f, -25.f, h);
    // The old target moved with the cursor: 40 px right, 25 px up.
    const glm::vec2 after = toScreen(camera.viewProjection(w / h), anchor, w, h);
    EXPECT_NEAR(after.x - before.x, 40.f, 0.05f);
    EXPECT_NEAR(after.y - before.y, -25.f, 0.05f);
}

TEST(OrbitCamera, ZoomStepsScaleTheDistance)
{
    OrbitCamera camera;
    camera.setDistance(10.f);
    camera.zoomSteps(2.f);
    EXPECT_NEAR(camera.distance(), 10.f * 0.85f * 0.85f, 1e-4f);
    camera.zoomSteps(-2.f);
    EXPECT_NEAR(camera.distance(), 10.f, 1e-4f);
    camera.zoomSteps(std::nanf(""));
    EXPECT_NEAR(camera.distance(), 10.f, 1e-4f);
}

TEST(OrbitCamera, FrameFitsTheBoxInView)
{
    OrbitCamera camera;
    const glm::vec3 lo(-1.f, 0.f, -0.5f), hi(1.f, 3.f, 0.5f);
    camera.frame(lo, hi, 1.5f);
    EXPECT_VEC3_NEAR(camera.target(), 0.5f * (lo + hi), 1e-6f);
    const glm::mat4 vp = camera.viewProjection(1.5f);
    for (int i = 0; i < 8; ++i) {
        const glm::vec3 corner(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z);
        const glm::vec4 clip = vp * glm::vec4(corner, 1.f);
        EXPECT_LE(std::abs(clip.x / clip.w), 1.f) << i;
        EXPECT_LE(std::abs(clip.y / clip.w), 1.f) << i;
    }
    // An empty box changes nothing.
    const float d = camera.distance();
    camera.frame(hi, lo, 1.f);
    EXPECT_EQ(camera.distance(), d);
}

TEST(OrbitCamera, RayThroughTheCentreLooksAtTheTarget)
{
    OrbitCamera camera;
    camera.setTarget({0.f, 1.f, 2.f});
    const Ray ray = camera.rayThrough(400.f, 300.f, 800.f, 600.f);
    EXPECT_VEC3_NEAR(ray.origin, camera.eye(), 1e-6f);
    EXPECT_VEC3_NEAR(ray.direction, camera.forward(), 1e-6f);
    // A corner ray projects back onto that corner.
    const Ray corner = camera.rayThrough(0.f, 0.f, 800.f, 600.f);
    const glm::vec2 p = toScreen(camera.viewProjection(800.f / 600.f), corner.origin + corner.direction * 3.f, 800.f, 600.f);
    EXPECT_NEAR(p.x, 0.f, 0.01f);
    EXPECT_NEAR(p.y, 0.f, 0.01f);
}

TEST(ViewportNavigation, BlenderScheme)
{
    const auto s = NavigationScheme::Blender;
    EXPECT_EQ(navigationActionFor(s, Qt::MiddleButton, Qt::NoModifier), NavigationAction::Orbit);
    EXPECT_EQ(navigationActionFor(s, Qt::MiddleButton, Qt::ShiftModifier), NavigationAction::Pan);
    EXPECT_EQ(navigationActionFor(s, Qt::MiddleButton, Qt::ControlModifier), NavigationAction::Zoom);
    EXPECT_EQ(navigationActionFor(s, Qt::LeftButton, Qt::NoModifier), NavigationAction::None);
    EXPECT_EQ(navigationActionFor(s, Qt::LeftButton, Qt::ControlModifier), NavigationAction::None);
    EXPECT_EQ(navigationActionFor(s, Qt::RightButton, Qt::NoModifier), NavigationAction::None);
    EXPECT_TRUE(isFrameAllKey(s, Qt::Key_Home, Qt::NoModifier));
    EXPECT_FALSE(isFrameAllKey(s, Qt::Key_A, Qt::NoModifier));
    EXPECT_FALSE(isFrameAllKey(s, Qt::Key_Home, Qt::ControlModifier));
}

TEST(ViewportNavigation, MayaScheme)
{
    const auto s = NavigationScheme::Maya;
    EXPECT_EQ(navigationActionFor(s, Qt::LeftButton, Qt::AltModifier), NavigationAction::Orbit);
    EXPECT_EQ(navigationActionFor(s, Qt::MiddleButton, Qt::AltModifier), NavigationAction::Pan);
    EXPECT_EQ(navigationActionFor(s, Qt::RightButton, Qt::AltModifier), NavigationAction::Zoom);
    EXPECT_EQ(navigationActionFor(s, Qt::LeftButton, Qt::NoModifier), NavigationAction::None);
    EXPECT_EQ(navigationActionFor(s, Qt::RightButton, Qt::NoModifier), NavigationAction::None);
    EXPECT_TRUE(isFrameSelectedKey(s, Qt::Key_F, Qt::NoModifier));
    EXPECT_TRUE(isFrameAllKey(s, Qt::Key_A, Qt::NoModifier));
    EXPECT_TRUE(isFrameAllKey(s, Qt::Key_Home, Qt::NoModifier));
}

// root (0) -> hip (1) -> { leg (2) -> foot (3), spine (4) -> chest (5) -> head (6) }
anim::Skeleton branchingSkeleton()
{
    anim::Skeleton s;
    s.parents = {-1, 0, 1, 2, 1, 4, 5};
    s.names = {"root", "hip", "leg", "foot", "spine", "chest", "head"};
    s.rest.assign(s.parents.size(), math::Transform{});
    return s;
}

std::vector<glm::mat4> branchingWorlds()
{
    const glm::vec3 p[] = {{0, 0, 0}, {0, 1, 0}, {0.3f, 0.5f, 0}, {0.3f, 0, 0}, {0, 1.5f, 0}, {0, 2, 0}, {0, 2.5f, 0}};
    std::vector<glm::mat4> worlds;
    for (const glm::vec3& v : p)
        worlds.push_back(glm::translate(glm::mat4(1.f), v));
    return worlds;
}

TEST(BoneLayout, TailFollowsTheChildWithTheLongestChain)
{
    BoneLayout layout;
    const std::vector<std::uint8_t> shown = {0, 1, 1, 1, 1, 1, 1};  // the root is a plain node
    layout.setSkeleton(branchingSkeleton(), shown);
    layout.update(branchingWorlds());
    ASSERT_EQ(layout.segments().size(), 6u);
    const BoneSegment& hip = layout.segments()[0];
    EXPECT_EQ(hip.joint, 1);
    // The spine (3 shown joints) carries the chain, not the leg (2).
    EXPECT_VEC3_NEAR(hip.tail, glm::vec3(0, 1.5f, 0), 1e-6f);
    // The leg is linked from the hip with a relationship line.
    ASSERT_EQ(layout.links().size(), 1u);
    EXPECT_EQ(layout.links()[0].joint, 2);
    // The head is a leaf: it continues the chest's direction at half its length.
    const BoneSegment& head = layout.segments()[5];
    EXPECT_EQ(head.joint, 6);
    EXPECT_VEC3_NEAR(head.tail, glm::vec3(0, 2.75f, 0), 1e-6f);
}

TEST(BoneLayout, PickFindsTheBoneUnderTheCursorAndNothingElsewhere)
{
    BoneLayout layout;
    layout.setSkeleton(branchingSkeleton(), {});
    layout.update(branchingWorlds());
    OrbitCamera camera;
    camera.setAngles(0.f, 0.f);
    camera.frame({-1, 0, -1}, {1, 3, 1}, 1.f);
    const glm::mat4 vp = camera.viewProjection(1.f);
    for (const BoneSegment& seg : layout.segments()) {
        const glm::vec2 mid = toScreen(vp, 0.5f * (seg.head + seg.tail), 600.f, 600.f);
        const auto hit = layout.pick(vp, 600.f, 600.f, mid.x, mid.y);
        ASSERT_TRUE(hit.has_value()) << seg.joint;
        EXPECT_EQ(*hit, seg.joint);
    }
    EXPECT_FALSE(layout.pick(vp, 600.f, 600.f, 5.f, 5.f).has_value());
}

TEST(BoneLayout, InstancesMapTheUnitBoneOntoEachSegment)
{
    BoneLayout layout;
    layout.setSkeleton(branchingSkeleton(), {});
    layout.update(branchingWorlds());
    std::vector<gl::BoneInstance> bones;
    const anim::JointIndex selected[] = {2, 4};
    layout.buildInstances(selected, bones);
    ASSERT_EQ(bones.size(), layout.segments().size());
    for (std::size_t i = 0; i < bones.size(); ++i) {
        const BoneSegment& seg = layout.segments()[i];
        // The unit bone's head and tail land on the segment's.
        EXPECT_VEC3_NEAR(glm::vec3(bones[i].transform * glm::vec4(0, 0, 0, 1)), seg.head, 1e-5f);
        EXPECT_VEC3_NEAR(glm::vec3(bones[i].transform * glm::vec4(0, 1, 0, 1)), seg.tail, 1e-5f);
        const bool active = seg.joint == 4, picked = seg.joint == 2;
        // Active is orange (red over blue), selected blue, idle grey-blue.
        EXPECT_EQ(bones[i].colour.x > bones[i].colour.z + 0.2f, active) << seg.joint;
        EXPECT_EQ(bones[i].colour.z > bones[i].colour.x + 0.4f, picked) << seg.joint;
    }
    std::vector<gl::OverlayVertex> links;
    layout.buildLinkLines(links);
    EXPECT_EQ(links.size(), 2 * layout.links().size());
}

TEST(Grid, SpacingIsAPowerOfTenAboutATenthOfTheModel)
{
    std::vector<gl::OverlayVertex> lines;
    EXPECT_FLOAT_EQ(buildGrid(20.f, lines), 1.f);
    EXPECT_FLOAT_EQ(buildGrid(1.8f, lines), 0.1f);
    EXPECT_EQ(lines.size() % 2, 0u);
    float maxExtent = 0.f;
    for (const gl::OverlayVertex& v : lines)
        maxExtent = std::max(maxExtent, std::abs(v.position.x));
    EXPECT_GE(maxExtent, 1.8f);
    EXPECT_FLOAT_EQ(buildGrid(std::nanf(""), lines), 0.1f);
}

} // namespace
} // namespace marrow::ui
