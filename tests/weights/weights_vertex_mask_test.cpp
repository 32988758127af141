// SPDX-License-Identifier: MIT
// Vertex selection, masking and the gradient in the editor (issue 20, label
// "weights"), with real mouse and key events over the viewport: B and a box
// select the vertices under it, V masks, and a stroke over the whole arm
// changes only the selected rows; L selects one shell (the sample's body
// parts are separate tubes); a linear gradient from head to feet gives weights that fall
// monotonically along its line, as one undo entry.
#include "../paint/paint_fixture.h"

#include "core/workspace/paint_selection.h"
#include "tests/document/document_fixture.h"

#include <map>
#include <numeric>

using namespace marrow;

namespace {

class WeightsVertexMask : public test::PaintTest {
protected:
    ws::PaintSelection& vertices() { return window().vertexSelection(); }
    void hoverAt(QPointF at)
    {
        QMouseEvent e(QEvent::MouseMove, at, viewport().mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(&viewport(), &e);
    }
    void key(Qt::Key k, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        viewport().setFocus();
        QTest::keyClick(&viewport(), k, modifiers);
        QApplication::processEvents();
    }
    // Each vertex's shell: connected through triangles and shared positions.
    std::vector<std::uint32_t> shells(const mesh::Mesh& m)
    {
        std::vector<std::uint32_t> parent(m.vertexCount());
        std::iota(parent.begin(), parent.end(), 0u);
        const auto find = [&](std::uint32_t v) {
            while (parent[v] != v)
                v = parent[v] = parent[parent[v]];
            return v;
        };
        const auto join = [&](std::uint32_t a, std::uint32_t b) { parent[find(a)] = find(b); };
        for (std::size_t t = 0; t + 2 < m.indices.size(); t += 3) {
            join(m.indices[t], m.indices[t + 1]);
            join(m.indices[t], m.indices[t + 2]);
        }
        std::map<std::tuple<float, float, float>, std::uint32_t> at;
        for (std::uint32_t v = 0; v < m.vertexCount(); ++v) {
            const auto [it, fresh] = at.emplace(std::make_tuple(m.positions[v].x, m.positions[v].y, m.positions[v].z), v);
            if (!fresh)
                join(v, it->second);
        }
        std::vector<std::uint32_t> shell(m.vertexCount());
        for (std::uint32_t v = 0; v < m.vertexCount(); ++v)
            shell[v] = find(v);
        return shell;
    }
};

TEST_F(WeightsVertexMask, BoxSelectThenMaskAndAStrokeOverTheArmChangesOnlyTheSelectedRows)
{
    paintMode("upperarm_L", 30.f);
    const QPointF shoulder = toScreen(jointWorld("upperarm_L")), elbow = toScreen(jointWorld("forearm_L"));
    const QPointF centre = shoulder + (elbow - shoulder) * .3;
    hoverAt(centre);
    key(Qt::Key_B);
    const QPointF lo = centre - QPointF(25, 25), hi = centre + QPointF(25, 25);
    drag(line(lo, hi, 6));
    const std::vector<std::uint8_t> selected = vertices().vertices(0);
    ASSERT_EQ(selected.size(), mesh0().vertexCount());
    const auto posed = window().evaluator().skinnedPositions(0);
    std::size_t count = 0;
    for (std::uint32_t v = 0; v < selected.size(); ++v) {
        if (selected[v] == 0)
            continue;
        ++count;
        const QPointF p = toScreen(posed[v]);
        EXPECT_TRUE(p.x() >= lo.x() - 1 && p.x() <= hi.x() + 1 && p.y() >= lo.y() - 1 && p.y() <= hi.y() + 1)
            << "vertex " << v << " is outside the box";
    }
    ASSERT_GT(count, 5u);
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("selected")));

    key(Qt::Key_V);
    ASSERT_TRUE(vertices().masking());
    const mesh::SkinWeights before = mesh0().weights;
    drag(line(shoulder, elbow, 24));
    const std::vector<std::uint32_t> changed = changedRows(before, mesh0().weights);
    ASSERT_GT(changed.size(), 3u) << "the stroke painted the selection";
    for (std::uint32_t v : changed)
        EXPECT_NE(selected[v], 0) << "vertex " << v << " changed but is not selected";

    key(Qt::Key_V);
    EXPECT_FALSE(vertices().masking());
    key(Qt::Key_I, Qt::ControlModifier);
    EXPECT_EQ(vertices().count(0), mesh0().vertexCount() - count) << "Ctrl+I inverts the vertex selection";
    key(Qt::Key_A, Qt::AltModifier);
    EXPECT_EQ(vertices().count(0), 0u) << "Alt+A deselects the vertices";
    EXPECT_FALSE(window().selection().joints().empty()) << "and leaves the bone to paint selected";
}

TEST_F(WeightsVertexMask, LSelectsTheShellUnderTheCursorOnly)
{
    paintMode("head", 20.f);
    const glm::vec3 head = jointWorld("head");
    hoverAt(toScreen(head + glm::vec3(0.f, .07f, .08f)));  // the face: the nose, its own tube
    key(Qt::Key_L);
    const std::vector<std::uint8_t> selected = vertices().vertices(0);
    ASSERT_EQ(selected.size(), mesh0().vertexCount());
    const std::vector<std::uint32_t> shell = shells(mesh0());
    std::uint32_t picked = 0;
    for (std::uint32_t v = 0; v < selected.size(); ++v)
        if (selected[v] != 0)
            picked = shell[v];
    std::size_t inShell = 0;
    for (std::uint32_t v = 0; v < selected.size(); ++v) {
        EXPECT_EQ(selected[v] != 0, shell[v] == picked) << "vertex " << v;
        inShell += shell[v] == picked;
    }
    EXPECT_GT(inShell, 20u);
    EXPECT_LT(inShell, mesh0().vertexCount() / 2) << "one shell, not the whole character";
    key(Qt::Key_L, Qt::ShiftModifier);
    EXPECT_EQ(vertices().count(0), 0u) << "Shift+L deselects it again";
}

TEST_F(WeightsVertexMask, ALinearGradientFallsMonotonicallyAlongItsLineAsOneEntry)
{
    paintMode("spine1", 20.f);
    brush().setTool(ws::PaintTool::LinearGradient);
    skin::BrushSettings s = brush().settings();
    s.weight = 1.f;
    s.strength = 1.f;
    s.falloff = skin::FalloffPreset::Linear;
    s.xMirror = false;
    brush().setSettings(s);
    settle();  // the dock's tool bar may have changed the view's size
    const std::string before = test::bytesOf(document());
    const int entries = document().undoStack()->count();
    const QPointF top = toScreen(jointWorld("head")), bottom = toScreen(jointWorld("foot_L"));
    // Where the vertices are when the drag starts: painting the posed mesh
    // moves them (their weights change), and the gradient is laid over
    // the mesh as the press found it.
    const auto skinned = window().evaluator().skinnedPositions(0);
    const std::vector<glm::vec3> posed(skinned.begin(), skinned.end());
    drag(line(top, bottom, 12));
    ASSERT_EQ(document().undoStack()->count(), entries + 1) << "one drag, one undo entry";
    EXPECT_EQ(document().undoStack()->text(entries), QStringLiteral("Weight Gradient"));

    const std::uint16_t spine = skinJoint(joint("spine1"));
    const QPointF d = bottom - top;
    const double length2 = QPointF::dotProduct(d, d);
    std::vector<std::pair<double, float>> along;  // (t on the line, weight)
    for (std::uint32_t v = 0; v < mesh0().vertexCount(); ++v)
        along.emplace_back(QPointF::dotProduct(toScreen(posed[v]) - top, d) / length2,
                           weight(mesh0().weights, v, spine));
    std::sort(along.begin(), along.end());
    for (std::size_t i = 1; i < along.size(); ++i)
        ASSERT_LE(along[i].second, along[i - 1].second + 1e-4f) << "at t = " << along[i].first;
    EXPECT_NEAR(along.front().second, 1.f, 1e-4f) << "full weight at the start";
    EXPECT_EQ(along.back().second, 0.f) << "none past the end";
    for (const auto& [t, w] : along) {
        if (t > .1 && t < .9) {
            EXPECT_NEAR(w, 1. - t, 1e-3) << "linear falloff at t = " << t;
        }
    }
    document().undoStack()->undo();
    EXPECT_EQ(test::bytesOf(document()), before);
}

} // namespace
