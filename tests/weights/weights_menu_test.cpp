// SPDX-License-Identifier: MIT
// The Weights menu in the editor (issue 20, label "weights"): it sits
// before Playback; Automatic Weights on the bundled character is one undo
// entry that weights every vertex and says what it did in the status bar
// and the log; undo gives the document back byte for byte.
#include "../editor/editor_fixture.h"

#include "core/document/document_io.h"
#include "widgets/log/log_panel.h"

#include <QMenuBar>

namespace marrow::test {
namespace {

class WeightsMenuTest : public EditorTest {};

TEST_F(WeightsMenuTest, SitsBeforePlaybackWithTheSubsetChoices)
{
    QStringList titles;
    for (QAction* a : window().menuBar()->actions())
        titles << a->text().remove(QLatin1Char('&'));
    const int weights = static_cast<int>(titles.indexOf(QStringLiteral("Weights")));
    ASSERT_GE(weights, 0) << titles.join(QLatin1Char(' ')).toStdString();
    EXPECT_EQ(titles.value(weights + 1), QStringLiteral("Playback"));
    const app::WeightsMenu& menu = window().weightsMenu();
    EXPECT_TRUE(menu.subsetAll->isChecked());
    menu.subsetSelected->trigger();
    EXPECT_TRUE(menu.subsetSelected->isChecked());
    EXPECT_FALSE(menu.subsetAll->isChecked());
}

TEST_F(WeightsMenuTest, AutomaticWeightsIsOneEntryThatWeightsEveryVertex)
{
    doc::Document& d = window().document();
    const std::string before = doc::encodeDocument(d);
    const int entries = d.undoStack()->count();
    const int logged = window().log().entryCount();
    window().weightsMenu().automatic->trigger();
    ASSERT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_EQ(d.undoStack()->text(entries), QStringLiteral("Automatic Weights"));
    std::size_t vertices = 0;
    for (const mesh::Mesh& m : d.rig().meshes) {
        if (!m.skinned())
            continue;
        for (std::size_t v = 0; v < m.vertexCount(); ++v, ++vertices) {
            float sum = 0.f;
            for (float w : m.weights.weightRow(v))
                sum += w;
            ASSERT_NEAR(sum, 1.f, 1e-5f) << m.name << " vertex " << v;
        }
    }
    EXPECT_GT(vertices, 1000u);
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("vertices weighted")))
        << window().statusBar()->currentMessage().toStdString();
    EXPECT_EQ(window().log().entryCount(), logged + 1);
    d.undoStack()->undo();
    EXPECT_TRUE(doc::encodeDocument(d) == before) << "undo gives the document back byte for byte";
}

// Checked, Blender's Bone Segments make the public rig's pelvis bone (children:
// spine, both thighs, tail) one segment to their centroid, so the thighs and
// the tail take what its segment to each child held: the pelvis dominates
// far fewer vertices.
TEST_F(WeightsMenuTest, BlendersBoneSegmentsGiveThePelvisToTheThighs)
{
    doc::Document& d = window().document();
    const app::WeightsMenu& menu = window().weightsMenu();
    ASSERT_TRUE(menu.blenderSegments->isCheckable());
    EXPECT_FALSE(menu.blenderSegments->isChecked()) << "each child by default";
    const auto hips = d.rig().skeleton.find("pelvis");
    ASSERT_TRUE(hips);
    const auto onHips = [&] {
        std::size_t n = 0;
        for (const mesh::Mesh& m : d.rig().meshes)
            if (m.skinned())
                for (std::size_t v = 0; v < m.vertexCount(); ++v)
                    n += d.rig().skins[static_cast<std::size_t>(m.skin)].joints[m.weights.jointRow(v)[0]] == *hips;
        return n;
    };
    menu.automatic->trigger();
    const std::size_t each = onHips();
    menu.blenderSegments->trigger();
    ASSERT_TRUE(menu.blenderSegments->isChecked());
    menu.automatic->trigger();
    const std::size_t blender = onHips();
    EXPECT_GT(each, 0u);
    EXPECT_LT(blender * 2, each) << blender << " vs " << each;
}

TEST_F(WeightsMenuTest, NormalizeAllOnNormalisedWeightsLeavesNoEntry)
{
    doc::Document& d = window().document();
    window().weightsMenu().automatic->trigger();
    const int entries = d.undoStack()->count();
    window().weightsMenu().normalizeAll->trigger();
    window().weightsMenu().quantize16->trigger();
    EXPECT_EQ(d.undoStack()->count(), entries + 1) << "Normalize All had nothing to do; Quantize did";
    EXPECT_EQ(d.undoStack()->text(entries), QStringLiteral("Quantize 16-bit"));
}

} // namespace
} // namespace marrow::test
