// SPDX-License-Identifier: MIT
// S in the editor's dope sheet (issue 17): typed "0.5" Enter scales every
// key of the clip and keeps them all, and while S runs the window's status
// bar shows the factor and, in red, how many keys the result would merge.
// With MARROW_TEST_SHOTS set, the window is saved there as s_modal.png and
// s_modal_merge.png while S runs.
#include "tests/editor/editor_fixture.h"

#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/key_drag_status.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"

#include <QApplication>
#include <QDir>
#include <QStatusBar>

using namespace marrow;

namespace {

class DopeSheetScaleEditorTest : public test::EditorTest {
protected:
    ui::KeyTrackView& tracks() { return *window().timeline().keyTrackView(); }
    const anim::Clip& clip()
    {
        return window().document().rig().clips[static_cast<std::size_t>(window().selection().activeClip())];
    }
    std::size_t keyCount()
    {
        std::size_t n = 0;
        for (const anim::JointTrack& t : clip().tracks)
            n += t.translation.size() + t.rotation.size() + t.scale.size();
        return n;
    }
    ui::KeyDragStatusLabel* label() { return window().statusBar()->findChild<ui::KeyDragStatusLabel*>(); }
    void beginScaleTyping(const char* number)
    {
        const QPoint over(tracks().width() / 2, tracks().height() / 2);
        QTest::mouseMove(&tracks(), over);
        tracks().setFocus();
        QTest::keyClick(&tracks(), Qt::Key_S);
        for (const char* c = number; *c; ++c)
            QTest::keyClick(&tracks(), *c);
        QApplication::processEvents();
    }
    void shoot(const char* name)
    {
        const QString dir = qEnvironmentVariable("MARROW_TEST_SHOTS");
        if (!dir.isEmpty()) {
            EXPECT_TRUE(window().grab().save(QDir(dir).filePath(QString::fromLatin1(name))));
        }
    }
};

} // namespace

TEST_F(DopeSheetScaleEditorTest, TypedHalfKeepsEveryKeyAndTheStatusBarShowsTheFactor)
{
    tracks().setOnlySelected(false);
    window().keySelection().selectAll();
    QApplication::processEvents();
    const std::size_t before = keyCount();
    ASSERT_GT(before, 0u);
    window().playback().setTime(0.0);

    beginScaleTyping("0.5");
    ASSERT_NE(label(), nullptr);
    EXPECT_TRUE(label()->isVisible());
    EXPECT_TRUE(label()->text().contains(QStringLiteral("×0.5"))) << label()->text().toStdString();
    shoot("s_modal.png");
    QTest::keyClick(&tracks(), Qt::Key_Return);
    QApplication::processEvents();

    EXPECT_EQ(window().document().undoStack()->undoText(), QStringLiteral("Scale Keys"));
    EXPECT_EQ(keyCount(), before) << "no key merged";
    EXPECT_FALSE(label()->isVisible()) << "the readout ends with S";
}

TEST_F(DopeSheetScaleEditorTest, KeysLandingOnUnselectedOnesAreCountedInRed)
{
    tracks().setOnlySelected(false);
    window().keySelection().selectAll();
    QApplication::processEvents();
    // Only the second half of the clip moves: halved about 0, it lands on the first half's keys.
    std::set<doc::KeyId> later;
    const float half = clip().duration * 0.5f;
    for (const doc::KeyId& k : window().keySelection().keys())
        if (k.time > half)
            later.insert(k);
    ASSERT_FALSE(later.empty());
    window().keySelection().setKeys(later);
    window().playback().setTime(0.0);

    beginScaleTyping("0.5");
    EXPECT_GT(tracks().wouldMerge(), 0);
    EXPECT_TRUE(label()->text().contains(QStringLiteral("would merge"))) << label()->text().toStdString();
    shoot("s_modal_merge.png");
    QTest::keyClick(&tracks(), Qt::Key_Escape);
    EXPECT_FALSE(label()->isVisible());
}
