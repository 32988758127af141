// SPDX-License-Identifier: MIT
#include "document_fixture.h"
#include "paint_rigs.h"
#include "weight_rows.h"

#include "core/commands/interaction_tracker.h"
#include "core/skin/weight_ops.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_paint_session.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

using namespace marrow;

namespace {

struct PaintBench {
    std::unique_ptr<doc::Document> document = test::documentWith(test::symmetricPanelRig());
    ws::Selection selection{document.get()};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    ws::BrushState brush;
    ws::WeightPaintSession session{document.get(), &evaluator, &selection, &brush};
    cmd::InteractionTracker tracker{document.get()};

    const mesh::Mesh& panel() const { return document->rig().meshes[0]; }
    float weight(std::uint32_t v, std::uint16_t skinJoint) const
    {
        return skin::rowWeight(panel().weights.jointRow(v), panel().weights.weightRow(v), skinJoint);
    }
    // A sphere dab facing a camera on +Z.
    std::size_t dab(glm::vec3 center, float radius, skin::DabModifiers modifiers = {})
    {
        ws::WeightPaintSession::DabRegion region;
        region.center = center;
        region.radius = radius;
        region.camera = {0.f, 1.f, 5.f, 1.f};
        return session.dab(region, modifiers, tracker);
    }
    void stroke(std::initializer_list<glm::vec3> centres, float radius)
    {
        ASSERT_TRUE(session.beginStroke(0)) << session.lastError().toStdString();
        for (const glm::vec3& c : centres)
            dab(c, radius);
        session.endStroke();
        tracker.end();
    }
};

} // namespace

TEST(WeightPaintSession, PicksThePosedSurfaceAndReadsOutTheNearestVertex)
{
    PaintBench b;
    const auto hit = b.session.pick({{.3f, 1.f, 5.f}, {0.f, 0.f, -1.f}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->mesh, 0);
    EXPECT_NEAR(hit->point.x, .3f, 1e-5f);
    EXPECT_NEAR(hit->point.z, 0.f, 1e-5f);
    EXPECT_GT(hit->normal.z, .99f) << "the normal faces the ray's origin";
    EXPECT_NEAR(glm::distance(b.panel().positions[hit->vertex], hit->point), 0.f, .071f);
    EXPECT_EQ(b.session.readout(0, hit->vertex).toStdString(), "Vertex " + std::to_string(hit->vertex) + ": root 1.000");
    EXPECT_FALSE(b.session.pick({{3.f, 1.f, 5.f}, {0.f, 0.f, -1.f}})) << "beside the panel";
}

TEST(WeightPaintSession, AStrokeRaisesTheBoneOnlyWithinTheRadiusAsOneUndoEntry)
{
    PaintBench b;
    const model::Rig before = b.document->rig();
    b.selection.selectJoint(1);  // arm_L
    b.stroke({{.4f, 1.f, 0.f}, {.5f, 1.f, 0.f}, {.6f, 1.f, 0.f}}, .3f);
    EXPECT_EQ(b.document->undoStack()->count(), 1) << "three dabs, one entry";
    EXPECT_EQ(b.document->undoStack()->text(0).toStdString(), "Paint Weights");
    std::size_t raised = 0;
    for (std::uint32_t v = 0; v < b.panel().vertexCount(); ++v) {
        const glm::vec3 p = b.panel().positions[v];
        const float toPath = std::min({glm::distance(p, {.4f, 1.f, 0.f}), glm::distance(p, {.5f, 1.f, 0.f}),
                                       glm::distance(p, {.6f, 1.f, 0.f})});
        const float w = b.weight(v, 1);
        if (toPath >= .3f) {
            EXPECT_EQ(w, 0.f) << "vertex " << v << " is outside the brush";
        }
        raised += w > 0.f;
        float sum = 0.f;
        for (float x : b.panel().weights.weightRow(v))
            sum += x;
        EXPECT_NEAR(sum, 1.f, 1e-6f);
    }
    EXPECT_GT(raised, 10u);
    EXPECT_NEAR(b.weight(b.session.pick({{.5f, 1.f, 5.f}, {0.f, 0.f, -1.f}})->vertex, 1), 1.f, 1e-5f)
        << "the centre is painted fully";

    const std::string painted = test::bytesOf(*b.document);
    b.document->undoStack()->undo();
    EXPECT_TRUE(b.document->rig() == before) << "undo restores the rig exactly";
    b.document->undoStack()->redo();
    EXPECT_EQ(test::bytesOf(*b.document), painted) << "redo restores the painted bytes";
}

TEST(WeightPaintSession, XMirrorPaintsTheTwinBoneSymmetrically)
{
    PaintBench b;
    skin::BrushSettings s = b.brush.settings();
    s.xMirror = true;
    s.strength = .6f;
    b.brush.setSettings(s);
    b.selection.selectJoint(1);
    b.stroke({{.5f, 1.f, 0.f}, {.7f, .8f, 0.f}}, .35f);
    std::size_t mirrored = 0;
    for (std::uint32_t v = 0; v < b.panel().vertexCount(); ++v) {
        const glm::vec3 p = b.panel().positions[v];
        std::uint32_t w = 0;
        while (glm::distance(b.panel().positions[w], {-p.x, p.y, p.z}) > 1e-5f)
            ASSERT_LT(++w, b.panel().vertexCount()) << "the panel is symmetric";
        EXPECT_NEAR(b.weight(v, 1), b.weight(w, 2), 1e-6f) << "arm_L at " << v << " mirrors arm_R at " << w;
        mirrored += b.weight(v, 2) > 0.f;
    }
    EXPECT_GT(mirrored, 10u);
    EXPECT_EQ(b.document->undoStack()->count(), 1);
    EXPECT_EQ(b.session.unpairedVertices(0), 0u);
}

TEST(WeightPaintSession, PaintingABoneTheSkinLacksAddsItInTheSameEntry)
{
    PaintBench b;
    const model::Rig before = b.document->rig();
    b.selection.selectJoint(3);  // tail
    b.stroke({{0.f, .2f, 0.f}}, .3f);
    ASSERT_EQ(b.document->rig().skins[0].joints.size(), 4u);
    EXPECT_EQ(b.document->rig().skins[0].joints[3], 3);
    const glm::mat4 inv = b.document->rig().skins[0].inverseBind[3];
    EXPECT_NEAR(inv[3].y, -.2f, 1e-6f) << "the inverse of the bind-pose world at (0, 0.2, 0)";
    EXPECT_NEAR(b.weight(b.session.pick({{0.f, .2f, 5.f}, {0.f, 0.f, -1.f}})->vertex, 3), 1.f, 1e-5f);
    EXPECT_EQ(b.document->undoStack()->count(), 1);
    EXPECT_FALSE(b.document->rig().validate());
    // The bone's own pose moves the painted vertices: the skin is live.
    b.document->setPoseOverride(3, math::Transform{{0.f, 1.2f, 0.f}, glm::quat(1.f, 0.f, 0.f, 0.f), glm::vec3(1.f)});
    const auto posed = b.evaluator.skinnedPositions(0);
    const std::uint32_t v = b.session.pick({{0.f, 1.2f, 5.f}, {0.f, 0.f, -1.f}})->vertex;
    EXPECT_GT(posed[v].y - b.panel().positions[v].y, .5f);
    b.document->setPoseOverride(3, std::nullopt);
    b.document->undoStack()->undo();
    EXPECT_TRUE(b.document->rig() == before) << "undo removes the bone from the skin too";
}

TEST(WeightPaintSession, LockedBonesRefuseAndStayBitIdentical)
{
    PaintBench b;
    b.selection.selectJoint(1);
    b.document->setJointsLocked({1}, true);
    EXPECT_FALSE(b.session.beginStroke(0));
    EXPECT_TRUE(b.session.lastError().contains("locked"));
    b.document->setJointsLocked({1}, false);
    b.stroke({{.5f, 1.f, 0.f}}, .3f);  // arm_L now weighs something near (0.5, 1)
    const std::vector<float> armL = [&] {
        std::vector<float> w;
        for (std::uint32_t v = 0; v < b.panel().vertexCount(); ++v)
            w.push_back(b.weight(v, 1));
        return w;
    }();
    b.document->setJointsLocked({1}, true);
    b.selection.selectJoint(2);  // arm_R over the same spot
    b.stroke({{.45f, 1.f, 0.f}, {.55f, 1.f, 0.f}}, .4f);
    std::size_t painted = 0;
    for (std::uint32_t v = 0; v < b.panel().vertexCount(); ++v) {
        EXPECT_EQ(test::bitsOf(b.weight(v, 1)), test::bitsOf(armL[v])) << "locked arm_L at " << v;
        painted += b.weight(v, 2) > 0.f;
    }
    EXPECT_GT(painted, 10u);
}

TEST(WeightPaintSession, PaintsWhereTheMeshIsPosedNotWhereItRests)
{
    PaintBench b;
    // The whole panel moves 3 to the right in the pose.
    b.document->setPoseOverride(0, math::Transform{{3.f, 0.f, 0.f}, glm::quat(1.f, 0.f, 0.f, 0.f), glm::vec3(1.f)});
    b.selection.selectJoint(1);
    ASSERT_TRUE(b.session.beginStroke(0));
    EXPECT_EQ(b.dab({.5f, 1.f, 0.f}, .3f), 0u) << "nothing is posed at the rest position";
    EXPECT_GT(b.dab({3.5f, 1.f, 0.f}, .3f), 10u);
    b.session.endStroke();
    const auto hit = b.session.pick({{3.5f, 1.f, 5.f}, {0.f, 0.f, -1.f}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(b.panel().positions[hit->vertex].x, .5f, .06f) << "the vertex resting at x = 0.5";
    EXPECT_NEAR(b.weight(hit->vertex, 1), 1.f, 1e-5f);
}

TEST(WeightPaintSession, FrontFacesOnlySkipsAPanelSeenFromBehind)
{
    PaintBench b;
    b.selection.selectJoint(1);
    ASSERT_TRUE(b.session.beginStroke(0));
    ws::WeightPaintSession::DabRegion behind;
    behind.center = {.5f, 1.f, 0.f};
    behind.radius = .3f;
    behind.camera = {0.f, 1.f, -5.f, 1.f};
    EXPECT_EQ(b.session.dab(behind, {}, b.tracker), 0u);
    skin::BrushSettings s = b.brush.settings();
    s.frontFacesOnly = false;
    b.brush.setSettings(s);
    ASSERT_TRUE(b.session.beginStroke(0));
    EXPECT_GT(b.session.dab(behind, {}, b.tracker), 10u);
}
