// SPDX-License-Identifier: MIT
// The pose gizmo's handles without a window: which handles each kind
// shows, where they are, picking them on screen and drawing them thick.
#include "glm_expect.h"
#include "widgets/viewport/orbit_camera.h"
#include "widgets/viewport/pose_gizmo.h"
#include "widgets/viewport/pose_transform.h"

#include <gtest/gtest.h>

namespace marrow::ui {
namespace {

struct View {
    OrbitCamera camera;
    glm::vec2 viewport{800.f, 600.f};
    glm::mat4 vp{1.f};
    gizmo::Frame frame;
    View()
    {
        camera.setTarget({0.f, 0.f, 0.f});
        camera.setDistance(8.f);
        camera.setAngles(.5f, .4f);
        vp = camera.viewProjection(viewport.x / viewport.y);
        frame.origin = {0.f, 0.f, 0.f};
        frame.size = 1.f;
        frame.viewForward = camera.forward();
    }
    glm::vec2 at(const glm::vec3& p) const { return *pose_transform::project(vp, viewport, p); }
};

TEST(PoseGizmo, EachKindShowsItsHandles)
{
    EXPECT_EQ(gizmo::handlesOf(gizmo::Kind::Rotate).size(), 4u);
    EXPECT_EQ(gizmo::handlesOf(gizmo::Kind::Rotate).back().type, gizmo::HandleType::ViewRing);
    for (const auto& h : gizmo::handlesOf(gizmo::Kind::Move))
        EXPECT_EQ(h.type, gizmo::HandleType::Arrow);
    for (const auto& h : gizmo::handlesOf(gizmo::Kind::Scale))
        EXPECT_EQ(h.type, gizmo::HandleType::Box);
    EXPECT_NE(gizmo::colourOf({gizmo::HandleType::Ring, 0}), gizmo::colourOf({gizmo::HandleType::Ring, 1}));
    EXPECT_GT(gizmo::colourOf({gizmo::HandleType::Ring, 0}).x, .9f) << "X is red";
    EXPECT_GT(gizmo::colourOf({gizmo::HandleType::Ring, 2}).z, .9f) << "Z is blue";
}

TEST(PoseGizmo, RingsLieAroundTheirAxisAtTheGizmoSize)
{
    gizmo::Frame frame;
    frame.origin = {1.f, 2.f, 3.f};
    frame.axes = glm::mat3(glm::mat4_cast(glm::angleAxis(.7f, glm::normalize(glm::vec3(1.f, 1.f, 0.f)))));
    frame.size = 2.f;
    std::vector<glm::vec3> pairs;
    gizmo::handleSegments(frame, {gizmo::HandleType::Ring, 1}, pairs);
    ASSERT_FALSE(pairs.empty());
    for (const glm::vec3& p : pairs) {
        EXPECT_NEAR(glm::distance(p, frame.origin), 2.f, 1e-5f);
        EXPECT_NEAR(glm::dot(p - frame.origin, frame.axes[1]), 0.f, 1e-5f);
    }
    pairs.clear();
    gizmo::handleSegments(frame, {gizmo::HandleType::Arrow, 0}, pairs);
    float reach = 0.f;
    for (const glm::vec3& p : pairs)
        reach = std::max(reach, glm::dot(p - frame.origin, frame.axes[0]));
    EXPECT_NEAR(reach, 2.f * 1.2f, 1e-5f) << "the arrow's tip";
}

TEST(PoseGizmo, PicksTheHandleUnderTheCursor)
{
    const View v;
    // A point on the Z ring (radius 1 in the XY plane), away from the other rings.
    const glm::vec2 onZ = v.at({.7071068f, .7071068f, 0.f});
    const auto hit = gizmo::pick(v.frame, gizmo::Kind::Rotate, v.vp, v.viewport, onZ);
    ASSERT_TRUE(hit);
    EXPECT_EQ(*hit, (gizmo::Handle{gizmo::HandleType::Ring, 2}));
    EXPECT_FALSE(gizmo::pick(v.frame, gizmo::Kind::Rotate, v.vp, v.viewport, v.at({0.f, 0.f, 0.f})))
        << "nothing at the centre";
    const auto arrow = gizmo::pick(v.frame, gizmo::Kind::Move, v.vp, v.viewport, v.at({0.f, .8f, 0.f}));
    ASSERT_TRUE(arrow);
    EXPECT_EQ(*arrow, (gizmo::Handle{gizmo::HandleType::Arrow, 1}));
    const auto box = gizmo::pick(v.frame, gizmo::Kind::Scale, v.vp, v.viewport, v.at({1.f, 0.f, 0.f}));
    ASSERT_TRUE(box);
    EXPECT_EQ(*box, (gizmo::Handle{gizmo::HandleType::Box, 0}));
    EXPECT_FALSE(gizmo::pick(v.frame, gizmo::Kind::Move, v.vp, v.viewport, {5.f, 5.f}));
}

TEST(PoseGizmo, DrawsThickOutlinedLinesAndHighlightsTheHoveredHandle)
{
    const View v;
    std::vector<gl::OverlayVertex> plain, lit;
    gizmo::append(plain, v.frame, gizmo::Kind::Rotate, std::nullopt, .01f);
    const gizmo::Handle x{gizmo::HandleType::Ring, 0};
    gizmo::append(lit, v.frame, gizmo::Kind::Rotate, x, .01f);
    ASSERT_EQ(plain.size(), lit.size());
    EXPECT_EQ(plain.size() % 2, 0u);
    std::size_t highlighted = 0, red = 0, dark = 0;
    for (const auto& vertex : lit)
        highlighted += vertex.colour == gizmo::highlightColour();
    for (const auto& vertex : plain) {
        red += vertex.colour == gizmo::colourOf(x);
        dark += vertex.colour.x < .1f;
    }
    EXPECT_GT(highlighted, 0u);
    EXPECT_EQ(highlighted, red) << "the hovered ring is drawn wholly in the highlight colour";
    EXPECT_GT(dark, 0u) << "a dark outline";
}

} // namespace
} // namespace marrow::ui
