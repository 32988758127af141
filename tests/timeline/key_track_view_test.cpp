// SPDX-License-Identifier: MIT
// KeyTrackView's rows and painting: a summary, then the shown bones in
// bone-tree order with their animated channels, rebuilt on every document
// and selection signal, keys drawn where keyPosition() says (white, orange
// when selected, the summary's larger), and clicks on empty space scrub.
#include "insert_key_command.h"
#include "timeline_test_support.h"

#include "core/commands/rename_joint_command.h"
#include "widgets/timeline/key_track_painter.h"

#include <QSignalSpy>
#include <QToolButton>

namespace marrow::test {
namespace {

namespace style = ui::timeline_style;
using ui::KeyTrackView;
using ViewKind = doc::ChannelKind;
using RowKind = KeyTrackView::RowKind;

TEST(KeyTrackView, RowsFollowTheBoneTreeNotTheSelectionOrder)
{
    TimelineFixture f;
    f.useStride();
    EXPECT_EQ(f.tracks().rowCount(), 1) << "nothing selected: the summary alone";
    const model::JointIndex head = f.joint("head");
    const model::JointIndex pelvis = f.joint("pelvis");
    f.selection.setJoints({head, pelvis});  // selection order; the tree has pelvis first

    ASSERT_EQ(f.tracks().rowCount(), 9);
    EXPECT_EQ(f.tracks().row(0).kind, RowKind::Summary);
    EXPECT_EQ(f.tracks().rowLabel(0), QStringLiteral("Summary"));
    EXPECT_EQ(f.tracks().row(0).times.size(), 9u) << "stride keys every joint at the same 9 times";
    const ViewKind kinds[] = {ViewKind::Translation, ViewKind::Rotation, ViewKind::Scale};
    for (int block = 0; block < 2; ++block) {
        const model::JointIndex joint = block == 0 ? pelvis : head;
        const int bone = 1 + block * 4;
        EXPECT_EQ(f.tracks().row(bone).kind, RowKind::Bone);
        EXPECT_EQ(f.tracks().row(bone).joint, joint);
        EXPECT_EQ(f.tracks().rowLabel(bone), QString::fromStdString(f.document->rig().skeleton.names[joint]));
        for (int c = 0; c < 3; ++c) {
            const KeyTrackView::Row& row = f.tracks().row(bone + 1 + c);
            EXPECT_EQ(row.kind, RowKind::Channel);
            EXPECT_EQ(row.joint, joint);
            EXPECT_EQ(row.channel, kinds[c]);
            EXPECT_EQ(row.times.size(), 9u);
        }
    }
    EXPECT_EQ(f.tracks().rowLabel(2), QStringLiteral("Translation"));
    EXPECT_EQ(f.tracks().rowRect(5), QRect(0, 5 * style::kRowHeight, f.tracks().width(), style::kRowHeight));
    EXPECT_EQ(f.tracks().rowAt(5 * style::kRowHeight + 3), 5);
    EXPECT_EQ(f.tracks().rowAt(9 * style::kRowHeight), -1);
    EXPECT_GE(f.tracks().minimumHeight(), 9 * style::kRowHeight);

    f.selection.selectJoint(head);
    EXPECT_EQ(f.tracks().rowCount(), 5);
    EXPECT_EQ(f.tracks().row(1).joint, head);
}

TEST(KeyTrackView, OnlyAnimatedChannelsGetRowsAndTheToggleShowsEveryAnimatedBone)
{
    TimelineFixture f;
    f.selection.setActiveClip(f.clip("point"));  // only the left arm's rotations
    f.selection.setJoints({f.joint("forearm_L"), f.joint("pelvis")});
    ASSERT_EQ(f.tracks().rowCount(), 4) << "summary, pelvis (no keys), forearm_L, its rotation";
    EXPECT_EQ(f.tracks().row(1).joint, f.joint("pelvis"));
    EXPECT_TRUE(f.tracks().row(1).times.empty());
    EXPECT_EQ(f.tracks().row(2).joint, f.joint("forearm_L"));
    EXPECT_EQ(f.tracks().row(3).channel, ViewKind::Rotation);
    EXPECT_EQ(f.tracks().row(3).times.size(), 7u);

    QToolButton* only = f.tracks().onlySelectedButton();
    ASSERT_NE(only, nullptr);
    EXPECT_TRUE(only->isChecked()) << "Only Selected is on by default";
    EXPECT_TRUE(only->isVisible());
    EXPECT_LT(only->geometry().right(), style::gutterWidth()) << "in the summary row's gutter";
    only->click();
    EXPECT_FALSE(f.tracks().onlySelected());
    ASSERT_EQ(f.tracks().rowCount(), 1 + 4 * 2) << "clavicle, upper arm, forearm, hand: bone + rotation rows";
    const char* order[] = {"clavicle_L", "upperarm_L", "forearm_L", "hand_L"};
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(f.tracks().row(1 + 2 * i).joint, f.joint(order[i]));
    only->click();
    EXPECT_EQ(f.tracks().rowCount(), 4);
}

TEST(KeyTrackView, FollowsTheActiveClipKeyEditsAndRenames)
{
    TimelineFixture f;
    f.useStride();
    const model::JointIndex head = f.joint("head");
    f.selection.selectJoint(head);
    ASSERT_EQ(f.tracks().row(2).channel, ViewKind::Translation);
    EXPECT_EQ(f.tracks().row(2).times.size(), 9u);
    f.selection.setActiveClip(f.clip("idle"));
    EXPECT_EQ(f.tracks().row(2).times.size(), 5u) << "idle keys the head 5 times";
    const std::size_t summary = f.tracks().row(0).times.size();

    f.document->undoStack()->push(test::insertKeyCommand(*f.document, f.selection.activeClip(), head,
                                                         ViewKind::Translation, 0.55f, glm::vec4(0.f),
                                                         anim::Interpolation::Linear)
                                      .release());
    EXPECT_EQ(f.tracks().row(2).times.size(), 6u);
    EXPECT_EQ(f.tracks().row(0).times.size(), summary + 1) << "the summary has it too";
    f.document->undoStack()->undo();
    EXPECT_EQ(f.tracks().row(2).times.size(), 5u);

    f.document->undoStack()->push(new cmd::RenameJointCommand(f.document.get(), head, "skull"));
    EXPECT_EQ(f.tracks().rowLabel(1), QStringLiteral("skull"));

    ASSERT_FALSE(f.document->replaceRig(importRig("synthetic/public_rig.gltf")).has_value());
    EXPECT_LE(f.tracks().rowCount(), 1) << "a new rig: no bones shown";
}

TEST(KeyTrackView, KeyPositionsFollowTheGeometry)
{
    TimelineFixture f;
    f.useStride();
    f.selection.selectJoint(f.joint("toe_L"));
    const anim::JointTrack& toe = *f.activeClip().findTrack(f.joint("toe_L"));
    for (std::size_t k = 0; k < toe.rotation.times.size(); ++k) {
        const QPoint at = f.tracks().keyPosition(3, k);
        EXPECT_EQ(at.x(), f.xOf(toe.rotation.times[k]));
        EXPECT_EQ(at.y(), f.tracks().rowRect(3).center().y() + 1);
        const auto hit = f.tracks().model().keyAt(f.geometry(), at.x() - style::gutterWidth() + 3, at.y() + 1, 6.0);
        ASSERT_TRUE(hit.has_value());
        EXPECT_EQ(hit->time, static_cast<double>(toe.rotation.times[k]));
    }
    EXPECT_EQ(f.tracks().keyPosition(3, 99), QPoint());
}

TEST(KeyTrackView, ClickingEmptySpaceScrubsAndDeselects)
{
    TimelineFixture f;
    f.useStride();
    f.selection.selectJoint(f.joint("spine1"));
    f.keys.selectAll();
    ASSERT_FALSE(f.keys.isEmpty());
    const QPoint at(f.xOf(0.45) + 4, f.tracks().rowRect(2).center().y());
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, {}, at);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.geometry().snapToFrame(f.timeAtX(at.x())));
    EXPECT_TRUE(onFrame(f.playback.time(), 30.0));
    EXPECT_TRUE(f.keys.isEmpty());
}

TEST(KeyTrackView, CtrlWheelZoomsThePlainWheelIsLeftToScrolling)
{
    TimelineFixture f;
    f.useStride();
    const double scale = f.geometry().pixelsPerSecond();
    QSignalSpy views(&f.tracks(), &KeyTrackView::viewChanged);
    wheel(&f.tracks(), QPoint(400, 10), QPoint(0, 120));
    EXPECT_DOUBLE_EQ(f.geometry().pixelsPerSecond(), scale);
    wheel(&f.tracks(), QPoint(400, 10), QPoint(0, 120), Qt::ControlModifier);
    EXPECT_GT(f.geometry().pixelsPerSecond(), scale);
    EXPECT_EQ(views.count(), 1);
}

TEST(KeyTrackView, PaintsKeysWhiteSelectedOrangeAndThePlayhead)
{
    TimelineFixture f;
    f.useStride();
    f.selection.setJoints({f.joint("hand_L"), f.joint("hand_R")});
    f.playback.setFrame(1);  // between the first two keys (0 s and 0.1 s)
    const model::JointIndex hand = f.joint("hand_L");
    f.keys.setKeys({doc::KeyId{hand, ViewKind::Rotation, f.activeClip().findTrack(hand)->rotation.times[4]}});
    const QImage image = f.tracks().grab().toImage();
    ASSERT_FALSE(image.isNull());
    for (int r = 2; r < f.tracks().rowCount(); ++r) {
        if (f.tracks().row(r).kind != RowKind::Channel)
            continue;
        const bool selected = f.tracks().row(r).joint == hand && f.tracks().row(r).channel == ViewKind::Rotation;
        EXPECT_EQ(image.pixelColor(f.tracks().keyPosition(r, 4)), selected ? ui::selectedKeyColor() : ui::keyColor())
            << "row " << r;
        EXPECT_EQ(image.pixelColor(f.tracks().keyPosition(r, 3)), ui::keyColor()) << "row " << r;
        const int y = f.tracks().rowRect(r).center().y();
        EXPECT_EQ(image.pixelColor(f.xOf(f.playback.time()), y), style::playheadColor()) << "row " << r;
    }
    // The summary's glyph is larger: still key-coloured further from its centre than a channel key's reach.
    const QPoint summary = f.tracks().keyPosition(0, 4);
    EXPECT_EQ(image.pixelColor(summary), ui::selectedKeyColor()) << "a selected key under it";
    EXPECT_EQ(image.pixelColor(summary + QPoint(0, style::kKeyRadius)), ui::selectedKeyColor());
}

} // namespace
} // namespace marrow::test
