// SPDX-License-Identifier: MIT
// The dope sheet's G and S never lose a key silently (issue 17): typed
// numbers set the factor or frames (S 0.5 Enter, G 2 Enter, '-' flips the
// sign), the status readout says the factor or offset and how many keys the
// result would merge, nothing goes below frame 0 and snapped keys of one
// channel keep distinct frames.
#include "dope_sheet_test_support.h"

#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "widgets/timeline/key_drag_status.h"

#include <QSignalSpy>
#include <QUndoCommand>

namespace marrow::test {
namespace {

constexpr double kFps = 30.0;

float frame(int n) { return static_cast<float>(n / kFps); }

// Adds translation keys to the head on every frame of [from, to] (stride keys it every 3 frames to 24).
void keyEveryFrame(DopeSheetFixture& f, int from, int to)
{
    cmd::AnimationEdit edit(*f.document, f.selection.activeClip());
    anim::Vec3Channel& t = edit.track(f.head)->translation;
    for (int n = from; n <= to; ++n)
        anim::insertKey(t, frame(n), glm::vec3(static_cast<float>(n), 0.f, 0.f), anim::Interpolation::Linear);
    f.document->undoStack()->push(edit.command(f.document.get(), QStringLiteral("Insert Keys")).release());
}

std::set<doc::KeyId> allOf(const DopeSheetFixture& f, Kind kind)
{
    std::set<doc::KeyId> out;
    for (const float t : f.times(kind))
        out.insert(doc::KeyId{f.head, kind, t});
    return out;
}

void type(DopeSheetFixture& f, const char* text)
{
    for (const char* c = text; *c; ++c)
        QTest::keyClick(&f.tracks(), *c);
}

bool strictlyIncreasing(const std::vector<float>& v)
{
    return std::adjacent_find(v.begin(), v.end(), [](float a, float b) { return !(a < b); }) == v.end();
}

TEST(DopeSheetScale, TypedHalfKeepsEveryKeyAndTheStatusShowsTheFactor)
{
    DopeSheetFixture f;
    keyEveryFrame(f, 25, 34);  // ten keys a frame apart: halved, they crowd onto five frames
    const std::vector<float> before = f.times(Kind::Translation);
    ASSERT_EQ(before.size(), 19u);
    f.keys.setKeys(allOf(f, Kind::Translation));
    f.playback.setTime(0.0);
    const int entries = f.document->undoStack()->count();
    QSignalSpy status(&f.tracks(), &ui::KeyTrackView::dragStatusChanged);

    hover(f, f.tracks().keyPosition(kTransRow, 4));
    QTest::keyClick(&f.tracks(), Qt::Key_S);
    type(f, "0.5");
    EXPECT_TRUE(f.tracks().dragStatus().contains(QStringLiteral("×0.5"))) << f.tracks().dragStatus().toStdString();
    EXPECT_EQ(f.tracks().wouldMerge(), 0) << "crowded keys take the next free frames";
    EXPECT_FALSE(status.isEmpty());
    QTest::keyClick(&f.tracks(), Qt::Key_Return);

    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
    EXPECT_EQ(f.document->undoStack()->undoText(), QStringLiteral("Scale Keys"));
    const std::vector<float>& after = f.times(Kind::Translation);
    EXPECT_EQ(after.size(), before.size()) << "no key merged";
    EXPECT_TRUE(strictlyIncreasing(after));
    for (const float t : after)
        EXPECT_TRUE(onFrame(t, kFps)) << t;
    EXPECT_LT(after.back(), before.back() * 0.7f) << "the keys were scaled";
    EXPECT_EQ(f.keys.size(), before.size()) << "every key stays selected";
    EXPECT_TRUE(f.tracks().dragStatus().isEmpty()) << "the readout ends with the modal";
}

TEST(DopeSheetScale, ANegativeTypedFactorStopsWhereTheLastKeyReachesFrameZero)
{
    DopeSheetFixture f;
    f.keys.setKeys(allOf(f, Kind::Translation));  // frames 0, 3, ..., 24
    f.playback.setFrame(12);
    hover(f, f.tracks().keyPosition(kTransRow, 6));
    QTest::keyClick(&f.tracks(), Qt::Key_S);
    type(f, "-2");
    EXPECT_NEAR(f.tracks().drag().factor(), -1.0, 1e-6) << "x-2 about frame 12 would take frame 24 to -12";
    EXPECT_TRUE(f.tracks().dragStatus().contains(QStringLiteral("stops at frame 0")));
    QTest::keyClick(&f.tracks(), Qt::Key_Backspace);
    QTest::keyClick(&f.tracks(), Qt::Key_Backspace);
    EXPECT_FALSE(f.tracks().drag().typed().active()) << "Backspace takes the typing back";
    type(f, "-2");
    QTest::keyClick(&f.tracks(), Qt::Key_Enter);
    const std::vector<float>& after = f.times(Kind::Translation);
    EXPECT_EQ(after.size(), 9u);
    EXPECT_EQ(after.front(), 0.f);
    EXPECT_NEAR(after.back(), frame(24), 1e-6);
}

TEST(DopeSheetScale, TypedMovesCountTheKeysTheyWouldMergeInRed)
{
    DopeSheetFixture f;
    clickKey(f, kTransRow, 1);  // frame 3; keys every 3 frames
    hover(f, f.tracks().keyPosition(kTransRow, 1));
    QTest::keyClick(&f.tracks(), Qt::Key_G);
    type(f, "3");
    EXPECT_EQ(f.tracks().wouldMerge(), 1) << "frame 6 holds a key";
    EXPECT_TRUE(f.tracks().dragStatus().startsWith(QStringLiteral("Move 3 frames")));
    const QString rich = ui::keyDragRichText(f.tracks().dragStatus(), f.tracks().wouldMerge());
    EXPECT_TRUE(rich.contains(QStringLiteral("1 key would merge")));
    EXPECT_TRUE(rich.contains(QStringLiteral("color:")));
    QTest::keyClick(&f.tracks(), Qt::Key_Backspace);
    type(f, "-9");
    EXPECT_NEAR(f.tracks().drag().delta(), -frame(3), 1e-9) << "stops where the key reaches frame 0";
    EXPECT_TRUE(f.tracks().dragStatus().contains(QStringLiteral("stops at frame 0")));
    QTest::keyClick(&f.tracks(), Qt::Key_Escape);
    EXPECT_TRUE(f.tracks().dragStatus().isEmpty());
    EXPECT_EQ(f.times(Kind::Translation).size(), 9u) << "Esc cancels";

    QTest::keyClick(&f.tracks(), Qt::Key_G);
    type(f, "2");
    QTest::keyClick(&f.tracks(), Qt::Key_Return);
    EXPECT_EQ(f.document->undoStack()->undoText(), QStringLiteral("Move Keys"));
    EXPECT_NEAR(f.time(Kind::Translation, 1), frame(5), 1e-6);
}

} // namespace
} // namespace marrow::test
