// SPDX-License-Identifier: MIT
// KeyTrackView: one block of rows per selected joint, the active clip's keys
// as diamonds exactly where keyAt() finds them, rebuilt on every document and
// selection signal, and clicks in the rows scrub like the ruler.
#include "timeline_test_support.h"

#include "core/commands/rename_joint_command.h"
#include "core/commands/set_key_command.h"

#include <QSignalSpy>

namespace marrow::test {
namespace {

namespace style = ui::timeline_style;
using ui::KeyTrackView;
using Kind = doc::ChannelKind;

const std::vector<float>& channelTimes(const anim::JointTrack& track, Kind kind)
{
    switch (kind) {
    case Kind::Translation: return track.translation.times;
    case Kind::Rotation: return track.rotation.times;
    case Kind::Scale: return track.scale.times;
    }
    return track.translation.times;
}

TEST(KeyTrackView, TwoSelectedJointsGiveTwoBlocksOfRows)
{
    TimelineFixture f;
    f.useStride();
    EXPECT_EQ(f.tracks().rowCount(), 0) << "nothing selected, no rows";
    const model::JointIndex head = f.joint("head");
    const model::JointIndex pelvis = f.joint("pelvis");
    f.selection.setJoints({head, pelvis});  // selection order, not skeleton order

    ASSERT_EQ(f.tracks().rowCount(), 8);
    const Kind kinds[] = {Kind::Translation, Kind::Rotation, Kind::Scale};
    for (int block = 0; block < 2; ++block) {
        const model::JointIndex joint = block == 0 ? head : pelvis;
        const KeyTrackView::RowInfo header = f.tracks().row(block * 4);
        EXPECT_EQ(header.kind, KeyTrackView::RowKind::JointHeader);
        EXPECT_EQ(header.joint, joint);
        EXPECT_EQ(f.tracks().rowLabel(block * 4), QString::fromStdString(f.document->rig().skeleton.names[joint]));
        for (int c = 0; c < 3; ++c) {
            const KeyTrackView::RowInfo row = f.tracks().row(block * 4 + 1 + c);
            EXPECT_EQ(row.kind, KeyTrackView::RowKind::Channel);
            EXPECT_EQ(row.joint, joint);
            EXPECT_EQ(row.channel, kinds[c]);
            EXPECT_EQ(row.keyCount, 9u) << "stride keys every channel 9 times";
        }
    }
    EXPECT_EQ(f.tracks().rowLabel(1), QStringLiteral("Translation"));
    EXPECT_EQ(f.tracks().rowLabel(3), QStringLiteral("Scale"));
    // Rows stack from the top, kRowHeight each, and the view is tall enough for all of them.
    EXPECT_EQ(f.tracks().rowRect(5), QRect(0, 5 * style::kRowHeight, f.tracks().width(), style::kRowHeight));
    EXPECT_EQ(f.tracks().rowAt(5 * style::kRowHeight + 3), 5);
    EXPECT_EQ(f.tracks().rowAt(8 * style::kRowHeight), -1);
    EXPECT_GE(f.tracks().minimumHeight(), 8 * style::kRowHeight);

    f.selection.selectJoint(pelvis);
    EXPECT_EQ(f.tracks().rowCount(), 4);
    EXPECT_EQ(f.tracks().row(0).joint, pelvis);
}

TEST(KeyTrackView, KeyAtFindsEveryDiamondWithItsExactTime)
{
    TimelineFixture f;
    f.useStride();
    const model::JointIndex head = f.joint("head");
    const model::JointIndex toe = f.joint("toe_L");
    f.selection.setJoints({head, toe});
    const anim::Clip& clip = f.activeClip();

    int checked = 0;
    for (int r = 0; r < f.tracks().rowCount(); ++r) {
        const KeyTrackView::RowInfo row = f.tracks().row(r);
        if (row.kind != KeyTrackView::RowKind::Channel)
            continue;
        const std::vector<float>& times = channelTimes(*clip.findTrack(row.joint), row.channel);
        ASSERT_EQ(row.keyCount, times.size());
        const int y = f.tracks().rowRect(r).center().y();
        for (std::size_t k = 0; k < times.size(); ++k) {
            // The diamond's pixel, computed through the shared geometry.
            const QPoint at(f.xOf(times[k]), y);
            EXPECT_EQ(f.tracks().keyPosition(r, k).x(), at.x());
            const auto hit = f.tracks().keyAt(at);
            ASSERT_TRUE(hit.has_value()) << "row " << r << " key " << k;
            EXPECT_EQ(hit->joint, row.joint);
            EXPECT_EQ(hit->channel, row.channel);
            EXPECT_EQ(hit->index, k);
            EXPECT_EQ(hit->time, static_cast<double>(times[k])) << "exactly the channel's key time";
            // A few pixels off still hits (diamonds are small targets).
            EXPECT_EQ(f.tracks().keyAt(at + QPoint(3, 1)), hit);
            ++checked;
            if (k + 1 < times.size()) {
                const int between = (f.xOf(times[k]) + f.xOf(times[k + 1])) / 2;
                EXPECT_FALSE(f.tracks().keyAt(QPoint(between, y)).has_value()) << "nothing between keys";
            }
        }
    }
    EXPECT_EQ(checked, 2 * 3 * 9);

    // Header rows and the gutter hold no keys.
    EXPECT_FALSE(f.tracks().keyAt(QPoint(f.xOf(0.0), f.tracks().rowRect(0).center().y())).has_value());
    EXPECT_FALSE(f.tracks().keyAt(QPoint(style::kGutterWidth - 5, f.tracks().rowRect(1).center().y())).has_value());
}

TEST(KeyTrackView, ChannelsTheClipLacksShowEmptyRows)
{
    TimelineFixture f;
    f.selection.setActiveClip(f.clip("point"));  // only the left arm's rotations
    f.selection.setJoints({f.joint("forearm_L"), f.joint("pelvis")});
    ASSERT_EQ(f.tracks().rowCount(), 8);
    EXPECT_EQ(f.tracks().row(1).keyCount, 0u);  // forearm_L translation
    EXPECT_EQ(f.tracks().row(2).keyCount, 7u);  // forearm_L rotation
    EXPECT_EQ(f.tracks().row(3).keyCount, 0u);  // forearm_L scale
    EXPECT_EQ(f.tracks().row(0).keyCount, 7u) << "the header summarises the joint's key times";
    for (int r = 4; r < 8; ++r)
        EXPECT_EQ(f.tracks().row(r).keyCount, 0u) << "pelvis is not in the clip";
    EXPECT_FALSE(f.tracks().keyAt(QPoint(f.xOf(0.0), f.tracks().rowRect(1).center().y())).has_value());
}

TEST(KeyTrackView, FollowsTheActiveClipKeyEditsAndRenames)
{
    TimelineFixture f;
    f.useStride();
    const model::JointIndex head = f.joint("head");
    f.selection.selectJoint(head);
    EXPECT_EQ(f.tracks().row(1).keyCount, 9u);
    f.selection.setActiveClip(f.clip("idle"));
    EXPECT_EQ(f.tracks().row(1).keyCount, 5u) << "idle keys the head 5 times";

    // A key edit through the undo stack, as the inspector makes it.
    doc::ChannelKey key;
    key.time = 0.55f;
    f.document->undoStack()->push(new cmd::SetKeyCommand(f.document.get(), f.selection.activeClip(), head,
                                                         Kind::Translation, key, anim::Interpolation::Linear));
    EXPECT_EQ(f.tracks().row(1).keyCount, 6u);
    const int y = f.tracks().rowRect(1).center().y();
    const auto hit = f.tracks().keyAt(QPoint(f.xOf(0.55f), y));
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->time, static_cast<double>(0.55f));
    f.document->undoStack()->undo();
    EXPECT_EQ(f.tracks().row(1).keyCount, 5u);
    EXPECT_FALSE(f.tracks().keyAt(QPoint(f.xOf(0.55f), y)).has_value());

    f.document->undoStack()->push(new cmd::RenameJointCommand(f.document.get(), head, "skull"));
    EXPECT_EQ(f.tracks().rowLabel(0), QStringLiteral("skull"));

    // A new rig: the old joint indices mean nothing, the rows go.
    ASSERT_FALSE(f.document->replaceRig(importRig("synthetic/public_rig.gltf")).has_value());
    EXPECT_EQ(f.tracks().rowCount(), 0);
}

TEST(KeyTrackView, ClickingInTheRowsScrubs)
{
    TimelineFixture f;
    f.useStride();
    f.selection.selectJoint(f.joint("spine1"));
    const QPoint at(f.xOf(0.45) + 4, f.tracks().rowRect(2).center().y());
    QTest::mousePress(&f.tracks(), Qt::LeftButton, {}, at);
    QTest::mouseRelease(&f.tracks(), Qt::LeftButton, {}, at);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.geometry().snapToFrame(f.timeAtX(at.x())));
    EXPECT_TRUE(onFrame(f.playback.time(), 30.0));
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

TEST(KeyTrackView, PaintsDiamondsAndThePlayheadWhereTheGeometrySays)
{
    TimelineFixture f;
    f.useStride();
    f.selection.setJoints({f.joint("hand_L"), f.joint("hand_R")});
    f.playback.setFrame(1);  // between the first two keys (0 s and 0.1 s)
    const QImage image = f.tracks().grab().toImage();
    ASSERT_FALSE(image.isNull());
    for (int r : {1, 2, 3, 5, 6, 7}) {
        const QPoint key = f.tracks().keyPosition(r, 4);
        EXPECT_EQ(image.pixelColor(key), style::channelColor(f.tracks().row(r).channel)) << "row " << r;
        const int y = f.tracks().rowRect(r).center().y();
        EXPECT_EQ(image.pixelColor(f.xOf(f.playback.time()), y), style::playheadColor()) << "row " << r;
    }
}

} // namespace
} // namespace marrow::test
