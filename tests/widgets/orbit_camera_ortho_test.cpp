// SPDX-License-Identifier: MIT
// The orbit camera's orthographic mode and Blender's axis views (numpad
// 1/3/7, Ctrl for the opposite, 5 toggles, auto perspective), without a window.
#include "glm_expect.h"
#include "widgets/viewport/orbit_camera.h"
#include "widgets/viewport/view_keys.h"

#include <glm/gtc/constants.hpp>
#include <gtest/gtest.h>

#include <cmath>

namespace marrow::ui {
namespace {

constexpr float kW = 800.f, kH = 600.f;

glm::vec2 toScreen(const OrbitCamera& camera, const glm::vec3& p)
{
    const glm::vec4 clip = camera.viewProjection(kW / kH) * glm::vec4(p, 1.f);
    const glm::vec3 ndc = glm::vec3(clip) / clip.w;
    return {(ndc.x * 0.5f + 0.5f) * kW, (0.5f - ndc.y * 0.5f) * kH};
}

// How far `p` lies from the ray's line, and whether it is ahead of the origin.
float offRay(const Ray& ray, const glm::vec3& p, bool* ahead = nullptr)
{
    const float t = glm::dot(p - ray.origin, ray.direction);
    if (ahead)
        *ahead = t > 0.f;
    return glm::length(ray.origin + ray.direction * t - p);
}

OrbitCamera framedCamera(bool orthographic)
{
    OrbitCamera camera;
    camera.setTarget({0.2f, 1.f, -0.3f});
    camera.setDistance(4.f);
    camera.setAngles(0.5f, 0.3f);
    camera.setOrthographic(orthographic);
    return camera;
}

TEST(OrbitCameraOrtho, RayThroughTheCentreHitsTheTargetAlongForward)
{
    const OrbitCamera camera = framedCamera(true);
    const Ray ray = camera.rayThrough(kW / 2, kH / 2, kW, kH);
    EXPECT_VEC3_NEAR(ray.direction, camera.forward(), 1e-6f);
    bool ahead = false;
    EXPECT_LT(offRay(ray, camera.target(), &ahead), 1e-4f);
    EXPECT_TRUE(ahead);
    // Parallel rays: a corner's ray has the same direction.
    EXPECT_VEC3_NEAR(camera.rayThrough(0.f, 0.f, kW, kH).direction, camera.forward(), 1e-6f);
}

TEST(OrbitCameraOrtho, AWorldPointProjectsToThePixelWhoseRayPassesThroughIt)
{
    for (const bool ortho : {false, true}) {
        const OrbitCamera camera = framedCamera(ortho);
        // In front of, at and behind the target's depth, off-centre.
        for (const glm::vec3& p : {glm::vec3(0.9f, 1.6f, -0.1f), glm::vec3(-0.5f, 0.4f, 0.7f), glm::vec3(0.3f, 1.2f, -1.5f)}) {
            const glm::vec2 pixel = toScreen(camera, p);
            bool ahead = false;
            EXPECT_LT(offRay(camera.rayThrough(pixel.x, pixel.y, kW, kH), p, &ahead), 1e-4f) << "ortho " << ortho;
            EXPECT_TRUE(ahead) << "ortho " << ortho;
        }
    }
}

TEST(OrbitCameraOrtho, PanKeepsThePointUnderTheCursorUnderTheCursor)
{
    OrbitCamera camera = framedCamera(true);
    // Off the target and at another depth: in orthographic every depth pans alike.
    const glm::vec3 anchor = camera.target() + camera.right() * 0.4f + camera.forward() * 1.5f;
    const glm::vec2 before = toScreen(camera, anchor);
    camera.pan(40.f, -25.f, kH);
    const glm::vec2 after = toScreen(camera, anchor);
    EXPECT_NEAR(after.x - before.x, 40.f, 0.05f);
    EXPECT_NEAR(after.y - before.y, -25.f, 0.05f);
}

TEST(OrbitCameraOrtho, TogglingKeepsTheSizeOfWhatStandsAtTheTarget)
{
    OrbitCamera camera = framedCamera(false);
    const glm::vec3 a = camera.target() - camera.right() * 0.5f, b = camera.target() + camera.up() * 0.7f;
    const float perspective = glm::length(toScreen(camera, a) - toScreen(camera, b));
    camera.setOrthographic(true);
    const float orthographic = glm::length(toScreen(camera, a) - toScreen(camera, b));
    EXPECT_GT(perspective, 50.f);
    EXPECT_NEAR(orthographic, perspective, 0.05f);
    // Zoom changes the size through the distance, as in perspective.
    camera.zoomSteps(1.f);
    EXPECT_NEAR(glm::length(toScreen(camera, a) - toScreen(camera, b)), perspective / 0.85f, 0.05f);
}

TEST(OrbitCameraOrtho, FrameFitsTheBoxAndZoomingInClipsNothingBehindTheTarget)
{
    OrbitCamera camera;
    camera.setOrthographic(true);
    const glm::vec3 lo(-1.f, 0.f, -0.5f), hi(1.f, 3.f, 0.5f);
    camera.frame(lo, hi, 1.5f);
    const float radius = 0.5f * glm::length(hi - lo);
    // The bounding sphere's disc just fits the narrower side, with the margin.
    EXPECT_NEAR(camera.viewHalfHeight(), 1.1f * radius, 1e-4f);
    camera.setDistance(0.01f);  // zoomed right in
    const glm::mat4 vp = camera.viewProjection(1.5f);
    for (const float side : {-1.f, 1.f}) {
        const glm::vec4 clip = vp * glm::vec4(camera.target() + camera.forward() * radius * side, 1.f);
        EXPECT_LT(std::abs(clip.z / clip.w), 1.f) << side;
    }
}

TEST(OrbitCameraViews, AxisViewsLookAlongTheAxesWithYUp)
{
    struct Expect {
        AxisView view;
        glm::vec3 forward, up;
    };
    // glTF characters face +Z: Front looks at their face from +Z.
    const Expect expects[] = {{AxisView::Front, {0, 0, -1}, {0, 1, 0}}, {AxisView::Back, {0, 0, 1}, {0, 1, 0}},
                              {AxisView::Right, {-1, 0, 0}, {0, 1, 0}}, {AxisView::Left, {1, 0, 0}, {0, 1, 0}},
                              {AxisView::Top, {0, -1, 0}, {0, 0, -1}},  {AxisView::Bottom, {0, 1, 0}, {0, 0, 1}}};
    for (const Expect& e : expects) {
        OrbitCamera camera;
        camera.viewFrom(e.view);
        EXPECT_VEC3_NEAR(camera.forward(), e.forward, 1e-6f);
        EXPECT_VEC3_NEAR(camera.up(), e.up, 1e-6f);
        ASSERT_TRUE(camera.axisView().has_value());
        EXPECT_EQ(*camera.axisView(), e.view);
        // The view matrix is well formed even looking straight down Y.
        const glm::vec2 centre = toScreen(camera, camera.target());
        EXPECT_NEAR(centre.x, kW / 2, 1e-3f);
        EXPECT_NEAR(centre.y, kH / 2, 1e-3f);
    }
    OrbitCamera camera;
    camera.viewFrom(AxisView::Top);
    // Screen up in Top is the character's back (-Z), as Blender's.
    EXPECT_LT(toScreen(camera, camera.target() + glm::vec3(0, 0, -1)).y, kH / 2);
}

TEST(OrbitCameraViews, AnAxisViewTurnsOrthographicUntilAnOrbitLeavesIt)
{
    OrbitCamera camera;
    ASSERT_FALSE(camera.orthographic());
    camera.viewFrom(AxisView::Front);
    EXPECT_TRUE(camera.orthographic());
    camera.viewFrom(AxisView::Right);  // from one axis view to another: still orthographic
    EXPECT_TRUE(camera.orthographic());
    camera.orbit(0.f, 0.f);  // a press without a move stays in the view
    EXPECT_TRUE(camera.orthographic());
    camera.orbit(12.f, 0.f);
    EXPECT_FALSE(camera.axisView().has_value());
    EXPECT_FALSE(camera.orthographic()) << "auto perspective went back to perspective";

    // An orthographic the user chose (numpad 5) stays when orbiting away.
    camera.setOrthographic(true);
    camera.viewFrom(AxisView::Top);
    camera.orbit(0.f, -12.f);
    EXPECT_TRUE(camera.orthographic());
    // And 5 in an axis view is the user's choice too.
    camera.setOrthographic(false);
    camera.viewFrom(AxisView::Front);
    applyViewCommand(camera, ViewCommand::TogglePerspective);
    EXPECT_FALSE(camera.orthographic());
    camera.orbit(12.f, 0.f);
    EXPECT_FALSE(camera.orthographic());
    // Without auto perspective an axis view keeps the projection.
    camera.viewFrom(AxisView::Left, false);
    EXPECT_FALSE(camera.orthographic());
}

TEST(ViewKeys, NumpadKeysAsBlender)
{
    const auto pad = Qt::KeypadModifier;
    EXPECT_EQ(viewCommandFor(Qt::Key_1, pad), ViewCommand::Front);
    EXPECT_EQ(viewCommandFor(Qt::Key_1, pad | Qt::ControlModifier), ViewCommand::Back);
    EXPECT_EQ(viewCommandFor(Qt::Key_3, pad), ViewCommand::Right);
    EXPECT_EQ(viewCommandFor(Qt::Key_3, pad | Qt::ControlModifier), ViewCommand::Left);
    EXPECT_EQ(viewCommandFor(Qt::Key_7, pad), ViewCommand::Top);
    EXPECT_EQ(viewCommandFor(Qt::Key_7, pad | Qt::ControlModifier), ViewCommand::Bottom);
    EXPECT_EQ(viewCommandFor(Qt::Key_5, pad), ViewCommand::TogglePerspective);
    EXPECT_EQ(viewCommandFor(Qt::Key_8, pad), ViewCommand::OrbitUp);
    // The top-row digits, numpad 0 (the camera view) and Shift are not views.
    EXPECT_FALSE(viewCommandFor(Qt::Key_1, Qt::NoModifier).has_value());
    EXPECT_FALSE(viewCommandFor(Qt::Key_0, pad).has_value());
    EXPECT_FALSE(viewCommandFor(Qt::Key_1, pad | Qt::ShiftModifier).has_value());
    // The menu's shortcut is the key that runs it.
    for (const ViewCommand c : {ViewCommand::Back, ViewCommand::TogglePerspective, ViewCommand::OrbitLeft}) {
        const QKeyCombination k = viewCommandShortcut(c)[0];
        EXPECT_EQ(viewCommandFor(k.key(), k.keyboardModifiers()), c);
    }
}

TEST(ViewKeys, NumpadOrbitStepsTheViewpointFifteenDegrees)
{
    OrbitCamera camera;
    camera.viewFrom(AxisView::Front);
    applyViewCommand(camera, ViewCommand::OrbitLeft);
    // The viewpoint went left of the character's face (+Z): towards -X.
    EXPECT_NEAR(camera.yaw(), -glm::radians(15.f), 1e-5f);
    EXPECT_LT(camera.eye().x, camera.target().x);
    EXPECT_FALSE(camera.orthographic());
    applyViewCommand(camera, ViewCommand::OrbitUp);
    EXPECT_NEAR(camera.pitch(), glm::radians(15.f), 1e-5f);
    EXPECT_GT(camera.eye().y, camera.target().y);
}

TEST(ViewKeys, TitleNamesTheViewAndTheProjection)
{
    OrbitCamera camera;
    EXPECT_EQ(viewTitle(camera), QStringLiteral("User Perspective"));
    camera.viewFrom(AxisView::Front);
    EXPECT_EQ(viewTitle(camera), QStringLiteral("Front Orthographic"));
    camera.setOrthographic(false);
    EXPECT_EQ(viewTitle(camera), QStringLiteral("Front Perspective"));
    camera.viewFrom(AxisView::Back);
    camera.setOrthographic(true);
    camera.orbit(5.f, 0.f);
    EXPECT_EQ(viewTitle(camera), QStringLiteral("User Orthographic"));
}

} // namespace
} // namespace marrow::ui
