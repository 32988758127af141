// SPDX-License-Identifier: MIT
// Clip › New from Range… (issue 37) on the bundled sample's stride: the dialog opens
// on the active clip's frames, Find Cycle fills the start and end with a
// loop and says its cost, and OK adds the cut as one undo entry and makes
// it the active clip.
#include "tests/editor/editor_fixture.h"
#include "app/editor/clip_actions.h"
#include "app/editor/clip_from_range_dialog.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>

#include <cmath>
#include <functional>

using namespace marrow;

namespace {

class ClipFromRangeDialogTest : public test::EditorTest {};

// Runs `fill` on the dialog once it is the modal widget (polled, so a slow
// first show does not leave the test waiting on it).
void whenDialogOpens(std::function<void(app::ClipFromRangeDialog*)> fill, int tries = 100)
{
    QTimer::singleShot(50, [fill = std::move(fill), tries]() mutable {
        if (auto* dialog = qobject_cast<app::ClipFromRangeDialog*>(QApplication::activeModalWidget()))
            fill(dialog);
        else if (tries > 0)
            whenDialogOpens(std::move(fill), tries - 1);
    });
}

} // namespace

TEST_F(ClipFromRangeDialogTest, FindCycleThenOkAddsTheCutAsTheActiveClip)
{
    const model::Rig& rig = window().document().rig();
    const int walk = rig.findClip("stride");
    ASSERT_GE(walk, 0);
    window().selection().setActiveClip(walk);
    QApplication::processEvents();
    const std::size_t before = rig.clips.size();
    const int undoBefore = window().document().undoStack()->count();
    const double fps = window().playback().fps();
    const int lastFrame = static_cast<int>(std::floor(rig.clips[static_cast<std::size_t>(walk)].duration * fps + 1e-6));

    int start = -1, end = -1;
    whenDialogOpens([&](app::ClipFromRangeDialog* dialog) {
        EXPECT_EQ(dialog->sourceBox()->currentText(), QStringLiteral("stride"));
        EXPECT_EQ(dialog->startBox()->value(), 0);
        EXPECT_EQ(dialog->endBox()->value(), lastFrame);
        EXPECT_FALSE(dialog->nameEdit()->text().isEmpty());
        QTest::mouseClick(dialog->findCycleButton(), Qt::LeftButton);
        EXPECT_TRUE(dialog->cycleLabel()->text().contains(QStringLiteral("cost"))) << dialog->cycleLabel()->text().toStdString();
        start = dialog->startBox()->value();
        end = dialog->endBox()->value();
        EXPECT_GE(end - start, static_cast<int>(std::ceil(0.4 * fps - 1e-6)));
        EXPECT_LE(end, lastFrame);
        dialog->nameEdit()->setText(QStringLiteral("stride_loop"));
        QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        EXPECT_TRUE(ok->isEnabled());
        QTest::mouseClick(ok, Qt::LeftButton);
        if (dialog->isVisible())
            dialog->reject();  // never leave the test waiting on the dialog
    });
    window().clipActions().newFromRange->trigger();
    ASSERT_GE(start, 0);
    ASSERT_EQ(rig.clips.size(), before + 1);
    const anim::Clip& cut = rig.clips.back();
    EXPECT_EQ(cut.name, "stride_loop");
    EXPECT_NEAR(cut.duration, (end - start) / fps, 1e-5);
    EXPECT_EQ(window().selection().activeClip(), static_cast<int>(before));
    EXPECT_EQ(window().document().undoStack()->count(), undoBefore + 1);
    EXPECT_EQ(window().document().undoStack()->undoText(), "New Clip from Range");
    window().document().undoStack()->undo();
    EXPECT_EQ(rig.clips.size(), before);

    // Cancel adds nothing.
    whenDialogOpens([](app::ClipFromRangeDialog* dialog) { dialog->reject(); });
    window().clipActions().newFromRange->trigger();
    EXPECT_EQ(rig.clips.size(), before);
}
