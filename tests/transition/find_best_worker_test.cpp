// SPDX-License-Identifier: MIT
// Find best on a worker thread (issue 37): while it searches the button is
// disabled and a progress bar and Cancel show; it ends with the exit and
// offset a direct model::findBestTransition call gives (one undo entry);
// Cancel and an edit made meanwhile change nothing the search found; and
// closing the window mid-search is safe (the ASan build runs this too).
#include "transition_fixture.h"

#include "core/model/transition_search.h"
#include "widgets/common/collapsible_section.h"
#include "widgets/transitions/find_best_box.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace marrow::test {
namespace {

class FindBestWorkerTest : public TransitionEditorTest {
protected:
    ui::FindBestBox& box() { return *panel().findBest(); }

    // Unfolds Find best as a user would and presses the button.
    void pressFindBest()
    {
        auto* section = panel().findChild<ui::CollapsibleSection*>(QStringLiteral("transitions.findBest"));
        ASSERT_NE(section, nullptr);
        section->setExpanded(true);
        QApplication::processEvents();
        ASSERT_TRUE(box().button()->isVisible());
        QTest::mouseClick(box().button(), Qt::LeftButton);
    }
    bool waitForTheEnd() { return QTest::qWaitFor([this] { return !box().searching(); }, 120000); }
};

TEST_F(FindBestWorkerTest, TheSearchRunsBesideTheEditorAndSetsWhatADirectCallFinds)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    const model::Transition before = d.rig().transitions[static_cast<std::size_t>(index)];
    const int entries = d.undoStack()->count();
    pressFindBest();
    ASSERT_TRUE(box().searching()) << "the click returns before the search ends";
    EXPECT_FALSE(box().button()->isEnabled());
    EXPECT_TRUE(box().progressBar()->isVisible());
    EXPECT_TRUE(box().cancelButton()->isVisible());
    ASSERT_TRUE(waitForTheEnd());
    EXPECT_TRUE(box().button()->isEnabled());
    EXPECT_FALSE(box().progressBar()->isVisible());
    EXPECT_FALSE(box().cancelButton()->isVisible());
    ASSERT_TRUE(box().result()) << box().summary()->text().toStdString();

    model::TransitionSearchOptions options;
    options.contactHeight = preview().contactHeight();
    options.fps = preview().sampleFps();
    const auto direct = model::findBestTransition(d.rig(), before, options);
    ASSERT_TRUE(direct);
    const model::Transition& now = d.rig().transitions[static_cast<std::size_t>(index)];
    EXPECT_EQ(now.exit, direct->exit);
    EXPECT_EQ(now.offset, direct->offset);
    EXPECT_EQ(box().result()->grid, direct->grid);
    if (now.exit != before.exit || now.offset != before.offset) {
        EXPECT_EQ(d.undoStack()->count(), entries + 1);
        EXPECT_EQ(d.undoStack()->undoText(), "Find Best Transition");
    }
}

TEST_F(FindBestWorkerTest, CancelStopsItAndChangesNothing)
{
    makeIdleToStride();
    doc::Document& d = window().document();
    const std::string before = bytesOf(d);
    const int entries = d.undoStack()->count();
    pressFindBest();
    ASSERT_TRUE(box().searching());
    QTest::mouseClick(box().cancelButton(), Qt::LeftButton);
    ASSERT_TRUE(waitForTheEnd());
    EXPECT_FALSE(box().result());
    EXPECT_TRUE(box().summary()->text().contains("cancelled")) << box().summary()->text().toStdString();
    EXPECT_TRUE(bytesOf(d) == before);
    EXPECT_EQ(d.undoStack()->count(), entries);
    EXPECT_TRUE(box().button()->isEnabled()) << "ready to search again";
}

TEST_F(FindBestWorkerTest, AnEditDuringTheSearchDropsItsResult)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    pressFindBest();
    ASSERT_TRUE(box().searching());
    // The user lengthens the blend while it searches: the search was for
    // the old duration, so its exit and offset must not land.
    QDoubleSpinBox* duration = panel().fields()->durationBox();
    duration->setValue(duration->value() + 0.1);
    const model::Transition edited = d.rig().transitions[static_cast<std::size_t>(index)];
    ASSERT_TRUE(waitForTheEnd());
    EXPECT_FALSE(box().result());
    EXPECT_TRUE(d.rig().transitions[static_cast<std::size_t>(index)] == edited);
    EXPECT_EQ(d.undoStack()->undoText(), "Transition Duration");
}

TEST_F(FindBestWorkerTest, ClosingTheWindowMidSearchIsSafe)
{
    makeIdleToStride();
    pressFindBest();
    ASSERT_TRUE(box().searching());
    QTest::qWait(30);  // let the worker get going
    window().document().undoStack()->setClean();
    window().close();
    m_window.reset();  // the box, and with it the job, go while the worker runs
    QApplication::processEvents();
}

} // namespace
} // namespace marrow::test
