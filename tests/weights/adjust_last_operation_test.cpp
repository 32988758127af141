// SPDX-License-Identifier: MIT
// Adjust Last Operation (issue 36 item 8, Blender's F9): the Weights menu's
// numeric operations run at once, with no modal question, and a panel in
// the viewport's corner holds their values; changing one undoes the
// operation and redoes it with the new value, one undo entry in the end,
// the same weights as running it so from the start. Undo ends the adjusting.
#include "../editor/editor_fixture.h"

#include "app/editor/adjust_last_operation.h"
#include "core/document/document_io.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/viewport_widget.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QStatusBar>
#include <QTimer>
#include <QWindow>

namespace marrow::test {
namespace {

class AdjustLastOperationTest : public EditorTest {
protected:
    app::AdjustLastOperation& panel() { return *window().weightsMenu().adjustPanel; }
    doc::Document& document() { return window().document(); }
};

TEST_F(AdjustLastOperationTest, SmoothRunsAtOnceAndAChangedIterationCountRedoesItAsOneEntry)
{
    ASSERT_NE(window().weightsMenu().adjustPanel, nullptr);
    EXPECT_FALSE(panel().isVisible());
    const std::string original = doc::encodeDocument(document());
    const int entries = document().undoStack()->count();
    bool modal = false;  // a modal question would block trigger(): look for one meanwhile
    QTimer::singleShot(200, [&] {
        if (QWidget* w = QApplication::activeModalWidget()) {
            modal = true;
            w->close();
        }
    });
    window().weightsMenu().smooth->trigger();
    QApplication::processEvents();
    EXPECT_FALSE(modal) << "no modal question";
    ASSERT_EQ(document().undoStack()->count(), entries + 1);
    EXPECT_EQ(document().undoStack()->undoText(), QStringLiteral("Smooth 2 x 0.5"));
    ASSERT_TRUE(panel().isVisible());
    EXPECT_EQ(panel().parentWidget(), &window().viewport()) << "over the viewport";
    EXPECT_TRUE(window().viewport().rect().contains(panel().geometry())) << "inside its corner";

    auto* iterations = panel().findChild<QSpinBox*>(QStringLiteral("count"));
    ASSERT_NE(iterations, nullptr);
    EXPECT_EQ(iterations->value(), 2);
    iterations->setValue(6);
    QApplication::processEvents();
    EXPECT_EQ(document().undoStack()->count(), entries + 1) << "one entry in the end";
    EXPECT_EQ(document().undoStack()->undoText(), QStringLiteral("Smooth 6 x 0.5"));
    const std::string adjusted = doc::encodeDocument(document());
    EXPECT_NE(adjusted, original);

    // The same as Smooth 6 x 0.5 run from the start.
    auto* factor = panel().findChild<QDoubleSpinBox*>(QStringLiteral("value"));
    ASSERT_NE(factor, nullptr);
    factor->setValue(0.25);
    QApplication::processEvents();
    EXPECT_EQ(document().undoStack()->undoText(), QStringLiteral("Smooth 6 x 0.25"));
    document().undoStack()->undo();
    EXPECT_EQ(doc::encodeDocument(document()), original) << "undo gives back the state before Smooth";
    EXPECT_FALSE(panel().isVisible()) << "undo ends the adjusting";
    EXPECT_FALSE(panel().operation());
    window().weightsMenu().smooth->trigger();  // with the last values: 6 x 0.25
    EXPECT_EQ(document().undoStack()->undoText(), QStringLiteral("Smooth 6 x 0.25"));
    document().undoStack()->undo();
    ws::applyWeightOperation(document(), window().selection(), ws::WeightSubset::All,
                             {.kind = ws::WeightOperation::Kind::Smooth, .count = 6, .value = 0.5f});
    EXPECT_EQ(doc::encodeDocument(document()), adjusted) << "adjusting equals running with the value from the start";
}

TEST_F(AdjustLastOperationTest, F9ShowsTheLastLimitAgainAndNothingToAdjustSaysSo)
{
    window().weightsMenu().adjustLast->trigger();
    EXPECT_FALSE(panel().isVisible());
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("Nothing to adjust")));
    window().weightsMenu().automatic->trigger();
    window().weightsMenu().limitTotal->trigger();
    ASSERT_TRUE(panel().isVisible());
    EXPECT_EQ(panel().operation()->kind, ws::WeightOperation::Kind::Limit);
    QTest::keyClick(window().windowHandle(), Qt::Key_F9);
    QApplication::processEvents();
    EXPECT_FALSE(panel().isVisible()) << "F9 hides it";
    QTest::keyClick(window().windowHandle(), Qt::Key_F9);
    QApplication::processEvents();
    EXPECT_TRUE(panel().isVisible()) << "and shows it again";
    const int entries = document().undoStack()->count();
    auto* count = panel().findChild<QSpinBox*>(QStringLiteral("count"));
    ASSERT_NE(count, nullptr);
    count->setValue(2);
    QApplication::processEvents();
    EXPECT_EQ(document().undoStack()->undoText(), QStringLiteral("Limit Total 2"));
    EXPECT_LE(document().undoStack()->count(), entries + 1);
    ASSERT_GE(window().selection().activeMesh(), 0);
    const mesh::SkinWeights& weights =
        document().rig().meshes[static_cast<std::size_t>(window().selection().activeMesh())].weights;
    ASSERT_GT(weights.vertexCount(), 0u);
    for (std::size_t v = 0; v < weights.vertexCount(); ++v) {
        int influences = 0;
        for (float w : weights.weightRow(v))
            influences += w > 0.f;
        ASSERT_LE(influences, 2) << v;
    }
}

} // namespace
} // namespace marrow::test
