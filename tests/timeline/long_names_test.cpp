// SPDX-License-Identifier: MIT
// Long names (mixamorig:RightHandThumb4, Armature|mixamo.com|Layer0) are
// shortened in the middle keeping their end (widgets/common/name_elide.h),
// never cut at the end, in the dope sheet's channel column and the clip
// chooser, with the whole name as a tooltip.
#include "timeline_test_support.h"

#include "core/commands/rename_clip_command.h"
#include "core/commands/rename_joint_command.h"
#include "widgets/timeline/clip_chooser.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QToolTip>

namespace marrow::test {
namespace {

const QString kLongJoint = QStringLiteral("mixamorig:RightHandThumb4");
const QString kLongClip = QStringLiteral("Armature|mixamo.com|Layer0_stride");

TEST(LongNames, TheDopeSheetElidesABoneInTheMiddleAndTipsTheWholeName)
{
    TimelineFixture f;
    f.useStride();
    const model::JointIndex head = f.joint("head");
    f.document->undoStack()->push(new cmd::RenameJointCommand(f.document.get(), head, kLongJoint.toStdString()));
    f.selection.selectJoint(head);
    ASSERT_EQ(f.tracks().rowCount(), 5);
    ASSERT_EQ(f.tracks().rowLabel(1), kLongJoint);
    const QString shown = f.tracks().shownRowLabel(1);
    EXPECT_NE(shown, kLongJoint) << "the name fits: nothing to test";
    // The side and the number stay: "…RightH…Thumb4" (the column is narrow).
    EXPECT_TRUE(shown.contains(QStringLiteral("Right"))) << shown.toStdString();
    EXPECT_TRUE(shown.endsWith(QStringLiteral("Thumb4"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QChar(0x2026))) << shown.toStdString();

    const QPoint inGutter(30, f.tracks().rowRect(1).center().y());
    QHelpEvent help(QEvent::ToolTip, inGutter, f.tracks().mapToGlobal(inGutter));
    QApplication::sendEvent(&f.tracks(), &help);
    EXPECT_EQ(QToolTip::text(), kLongJoint);
    QToolTip::hideText();
}

TEST(LongNames, TheClipChooserElidesInTheMiddleAndTipsTheWholeName)
{
    TimelineFixture f;
    const model::ClipId stride = f.clip("stride");
    f.document->undoStack()->push(
        cmd::makeRenameClipCommand(f.document.get(), stride, kLongClip.toStdString()).release());
    f.selection.setActiveClip(stride);
    QApplication::processEvents();
    auto* chooser = qobject_cast<ui::ClipChooser*>(f.timeline.clipChooser());
    ASSERT_NE(chooser, nullptr);
    ASSERT_EQ(chooser->currentText(), kLongClip);
    const QString shown = chooser->shownText();
    EXPECT_NE(shown, kLongClip) << "the name fits: nothing to test";
    EXPECT_TRUE(shown.endsWith(QStringLiteral("Layer0_stride"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QChar(0x2026))) << shown.toStdString();
    EXPECT_TRUE(chooser->toolTip().contains(kLongClip)) << chooser->toolTip().toStdString();
    EXPECT_EQ(chooser->itemData(stride, Qt::ToolTipRole).toString(), kLongClip);
    EXPECT_EQ(chooser->view()->textElideMode(), Qt::ElideMiddle);
}

} // namespace
} // namespace marrow::test
