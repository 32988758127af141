// SPDX-License-Identifier: MIT
#pragma once
// The dope sheet tests' setting: stride (every joint keyed in all three
// channels at 9 times, 0.1 s apart) with the head selected, so the rows are
// the summary, the head's bone row and its translation, rotation and scale
// rows; and the mouse gestures they repeat.
#include "timeline_test_support.h"

#include "core/commands/key_edit.h"

#include <QMenu>

#include <algorithm>
#include <set>

namespace marrow::test {

using Kind = doc::ChannelKind;

constexpr int kBoneRow = 1;
constexpr int kTransRow = 2;
constexpr int kRotRow = 3;
constexpr int kScaleRow = 4;

struct DopeSheetFixture : TimelineFixture {
    model::JointIndex head = -1;

    DopeSheetFixture()
    {
        useStride();
        head = joint("head");
        selection.selectJoint(head);
        EXPECT_EQ(tracks().rowCount(), 5);
        tracks().setFocus(Qt::OtherFocusReason);
    }

    const std::vector<float>& times(Kind kind) const
    {
        const anim::JointTrack& track = *activeClip().findTrack(head);
        return kind == Kind::Translation ? track.translation.times
               : kind == Kind::Rotation  ? track.rotation.times
                                         : track.scale.times;
    }
    float time(Kind kind, std::size_t k) const { return times(kind).at(k); }
    doc::KeyId key(Kind kind, std::size_t k) const { return {head, kind, time(kind, k)}; }
    // Widget pixels per frame at the current zoom.
    double pixelsPerFrame() const { return geometry().pixelsPerSecond() / geometry().fps(); }
};

inline void clickKey(DopeSheetFixture& f, int row, std::size_t k, Qt::KeyboardModifiers mods = {})
{
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, mods, f.tracks().keyPosition(row, k));
}

// Halfway between a row's keys k and k + 1: empty space.
inline QPoint between(const DopeSheetFixture& f, int row, std::size_t k)
{
    const QPoint a = f.tracks().keyPosition(row, k);
    const QPoint b = f.tracks().keyPosition(row, k + 1);
    return (a + b) / 2;
}

// Press, move in steps with the button held, release.
inline void leftDrag(DopeSheetFixture& f, QPoint from, QPoint to, Qt::KeyboardModifiers mods = {})
{
    QTest::mousePress(&f.tracks(), Qt::LeftButton, mods, from);
    for (int i = 1; i <= 4; ++i)
        dragTo(&f.tracks(), from + (to - from) * i / 4, Qt::LeftButton, mods);
    QTest::mouseRelease(&f.tracks(), Qt::LeftButton, mods, to);
}

inline void boxDrag(DopeSheetFixture& f, QPoint from, QPoint to, Qt::KeyboardModifiers mods = {})
{
    leftDrag(f, from, to, mods);
}

// A mouse move with no button (modal G / S follow it).
inline void hover(DopeSheetFixture& f, QPoint pos, Qt::KeyboardModifiers mods = {})
{
    dragTo(&f.tracks(), pos, Qt::NoButton, mods);
}

// The popup T or V opened, its action named `text` triggered.
inline bool chooseFromPopup(DopeSheetFixture& f, const QString& text)
{
    const auto menus = f.tracks().findChildren<QMenu*>();
    for (QMenu* menu : menus)
        for (QAction* action : menu->actions())
            if (action->text() == text) {
                action->trigger();
                menu->close();
                return true;
            }
    return false;
}

} // namespace marrow::test
