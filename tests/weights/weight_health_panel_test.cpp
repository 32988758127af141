// SPDX-License-Identifier: MIT
// The Weight Health dock (issue 23, label weights), on the test sample:
// its counts are model::checkWeightHealth's for the active mesh under the
// export profile's limit; clicking a row selects exactly those vertices in
// Weight Paint; a change of the profile's limit changes the count.
#include "tests/editor/editor_fixture.h"

#include "app/editor/weights_menu.h"
#include "core/model/weight_health.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "widgets/weight_paint/weight_health_panel.h"

#include <QTreeWidget>

using namespace marrow;

using WeightHealthPanelTest = test::EditorTest;

TEST_F(WeightHealthPanelTest, ClickingARowSelectsExactlyThoseVertices)
{
    ui::WeightHealthPanel& panel = *window().weightTable().health;
    doc::Document& d = window().document();
    const model::MeshId mesh = window().selection().activeMesh();
    ASSERT_GE(mesh, 0);
    panel.refresh();
    const model::WeightHealth expected =
        model::checkWeightHealth(d.rig(), d.deformMask(), {.maxInfluences = 8, .symmetryTolerance = .05f});
    const auto at = std::find(expected.meshes.begin(), expected.meshes.end(), mesh);
    ASSERT_NE(at, expected.meshes.end());
    const model::MeshWeightHealth& h = expected.perMesh[static_cast<std::size_t>(at - expected.meshes.begin())];
    using Row = ui::WeightHealthPanel::Row;
    EXPECT_EQ(panel.item(Row::Asymmetric)->text(1).toULongLong(), h.asymmetric.size());
    EXPECT_EQ(panel.item(Row::OverInfluences)->text(1), QStringLiteral("0")) << "8 influences: the default profile";
    ASSERT_GT(h.asymmetric.size(), 0u) << "the sample's deliberate asymmetry";

    // A click on the row, as a user's.
    QTreeWidget* tree = panel.tree();
    const QRect rect = tree->visualItemRect(panel.item(Row::Asymmetric));
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    const std::vector<std::uint8_t>& picked = window().vertexSelection().vertices(mesh);
    ASSERT_EQ(picked.size(), d.rig().meshes[static_cast<std::size_t>(mesh)].vertexCount());
    std::vector<std::uint32_t> selected;
    for (std::size_t v = 0; v < picked.size(); ++v)
        if (picked[v])
            selected.push_back(static_cast<std::uint32_t>(v));
    EXPECT_EQ(selected, h.asymmetric) << "exactly those vertices";

    // The profile's limit is the count's.
    window().weightsMenu().exportProfile.four->trigger();
    panel.refresh();
    EXPECT_NE(panel.item(Row::OverInfluences)->text(1), QStringLiteral("0"));
    EXPECT_TRUE(panel.item(Row::OverInfluences)->text(0).contains(QStringLiteral("4")));
}
