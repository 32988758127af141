// SPDX-License-Identifier: MIT
// Weight Paint's vertex selection (issue 20): the mask it gives, L's shell,
// what a box may take (nothing hidden), a masked stroke and a gradient as
// one undo entry that gives the document back byte for byte.
#include "document_fixture.h"
#include "paint_rigs.h"

#include "core/commands/interaction_tracker.h"
#include "core/mesh/vertex_selection.h"
#include "core/skin/weight_ops.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_paint_session.h"

#include <gtest/gtest.h>

#include <QSignalSpy>

#include <numeric>

using namespace marrow;

namespace {

// The panel and a copy of it 1 unit behind (z = -1): two shells of one mesh.
model::Rig twoPanelRig()
{
    model::Rig rig = test::symmetricPanelRig(8);
    mesh::Mesh& m = rig.meshes[0];
    const auto n = static_cast<std::uint32_t>(m.positions.size());
    for (std::uint32_t v = 0; v < n; ++v) {
        m.positions.push_back(m.positions[v] - glm::vec3(0.f, 0.f, 1.f));
        m.normals.push_back(m.normals[v]);
    }
    const std::size_t corners = m.indices.size();
    for (std::size_t i = 0; i < corners; ++i)
        m.indices.push_back(m.indices[i] + n);
    m.weights.joints.insert(m.weights.joints.end(), m.weights.joints.begin(), m.weights.joints.end());
    m.weights.weights.insert(m.weights.weights.end(), m.weights.weights.begin(), m.weights.weights.end());
    return rig;
}

struct Bench {
    std::unique_ptr<doc::Document> document = test::documentWith(twoPanelRig());
    ws::Selection selection{document.get()};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    ws::BrushState brush;
    ws::WeightPaintSession session{document.get(), &evaluator, &selection, &brush};
    ws::PaintSelection vertices{document.get()};
    cmd::InteractionTracker tracker{document.get()};

    Bench() { session.setPaintSelection(&vertices); }
    const mesh::Mesh& mesh() const { return document->rig().meshes[0]; }
    std::size_t front() const { return mesh().vertexCount() / 2; }  // vertices [0, front) face the camera on +Z
};

} // namespace

TEST(PaintSelection, MaskingWithNothingSelectedTouchesNothingAndANewRigClearsTheSelection)
{
    Bench b;
    EXPECT_EQ(b.vertices.mask(0), nullptr) << "masking off: every vertex";
    QSignalSpy masking(&b.vertices, &ws::PaintSelection::maskingChanged);
    b.vertices.setMasking(true);
    EXPECT_EQ(masking.count(), 1);
    ASSERT_NE(b.vertices.mask(0), nullptr);
    EXPECT_EQ(b.vertices.mask(0)->size(), b.mesh().vertexCount());
    EXPECT_EQ(std::count(b.vertices.mask(0)->begin(), b.vertices.mask(0)->end(), 0),
              static_cast<std::ptrdiff_t>(b.mesh().vertexCount()));
    EXPECT_FALSE(b.vertices.setVertices(0, std::vector<std::uint8_t>(3, 1))) << "a selection of the wrong length";
    std::vector<std::uint8_t> some(b.mesh().vertexCount(), 0);
    some[4] = some[9] = 1;
    QSignalSpy changed(&b.vertices, &ws::PaintSelection::changed);
    ASSERT_TRUE(b.vertices.setVertices(0, some));
    ASSERT_TRUE(b.vertices.setVertices(0, some));
    EXPECT_EQ(changed.count(), 1) << "the same selection again is no change";
    EXPECT_EQ(b.vertices.count(0), 2u);
    b.vertices.setActiveVertex(0, 9);
    EXPECT_EQ(b.vertices.activeVertex(0), 9u);
    ASSERT_FALSE(b.document->replaceRig(twoPanelRig()));
    EXPECT_EQ(b.vertices.count(0), 0u);
    EXPECT_FALSE(b.vertices.activeVertex(0));
}

TEST(PaintSelection, LinkedSelectsOneShellAndOnlyUnhiddenVerticesPassTheBoxTest)
{
    Bench b;
    const std::vector<std::uint8_t> shell = b.session.linkedVertices(0, 3);
    ASSERT_EQ(shell.size(), b.mesh().vertexCount());
    for (std::size_t v = 0; v < shell.size(); ++v)
        EXPECT_EQ(shell[v] != 0, v < b.front()) << "vertex " << v;
    // Rays from a camera on +Z: the front panel hides the one behind it.
    std::vector<std::uint32_t> all(b.mesh().vertexCount());
    std::iota(all.begin(), all.end(), 0u);
    const glm::vec3 eye(0.f, 1.f, 6.f);
    const auto rayTo = [&](const glm::vec3& p) { return mesh::Ray{eye, glm::normalize(p - eye)}; };
    const std::vector<std::uint32_t> seen = b.session.unoccluded(0, all, rayTo);
    EXPECT_EQ(seen.size(), b.front());
    for (std::uint32_t v : seen)
        EXPECT_LT(v, b.front());
}

TEST(PaintSelection, AMaskedStrokeAndAGradientChangeOnlySelectedRowsAsOneEntryEach)
{
    Bench b;
    b.selection.selectJoint(1);  // arm_L
    std::vector<std::uint8_t> left(b.mesh().vertexCount(), 0);
    for (std::size_t v = 0; v < b.front(); ++v)
        left[v] = b.mesh().positions[v].x > .3f ? 1 : 0;
    ASSERT_TRUE(b.vertices.setVertices(0, left));
    b.vertices.setMasking(true);
    const std::string before = test::bytesOf(*b.document);
    const mesh::SkinWeights start = b.mesh().weights;

    ASSERT_TRUE(b.session.beginStroke(0)) << b.session.lastError().toStdString();
    ws::WeightPaintSession::DabRegion region;
    region.center = {0.f, 1.f, 0.f};
    region.radius = 5.f;  // covers the whole panel
    region.camera = {0.f, 1.f, 6.f, 1.f};
    EXPECT_GT(b.session.dab(region, {}, b.tracker), 0u);
    b.session.endStroke();
    b.tracker.end();
    std::size_t changed = 0;
    for (std::uint32_t v = 0; v < b.mesh().vertexCount(); ++v) {
        const bool rowChanged = !std::equal(start.weightRow(v).begin(), start.weightRow(v).end(),
                                            b.mesh().weights.weightRow(v).begin());
        EXPECT_TRUE(!rowChanged || left[v] != 0) << "an unselected vertex changed: " << v;
        changed += rowChanged;
    }
    EXPECT_EQ(changed, mesh::selectedCount(left));
    b.document->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*b.document), before);

    // The gradient along the panel's x axis, in made-up window pixels.
    std::vector<glm::vec2> projected;
    for (const glm::vec3& p : b.mesh().positions)
        projected.push_back({100.f * p.x, 0.f});
    ASSERT_TRUE(b.session.beginStroke(0));
    const int entries = b.document->undoStack()->index();  // the undone stroke still counts in count()
    EXPECT_GT(b.session.gradient({{30.f, 0.f}, {60.f, 0.f}, false}, projected, b.tracker), 0u);
    b.session.gradient({{30.f, 0.f}, {100.f, 0.f}, false}, projected, b.tracker);
    b.session.endStroke();
    b.tracker.end();
    EXPECT_EQ(b.document->undoStack()->index(), entries + 1) << "one drag, one entry";
    EXPECT_EQ(b.document->undoStack()->count(), entries + 1);
    for (std::uint32_t v = 0; v < b.mesh().vertexCount(); ++v) {
        if (left[v] == 0) {
            EXPECT_EQ(skin::rowWeight(b.mesh().weights.jointRow(v), b.mesh().weights.weightRow(v), 1), 0.f) << v;
        }
    }
    b.document->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*b.document), before);
}
