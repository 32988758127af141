// SPDX-License-Identifier: MIT
// BoneTreeModel: Qt's model contract (QAbstractItemModelTester) on real rigs,
// the row structure against the skeleton, renaming through the undo stack,
// the animated-in-active-clip role and the name filter proxy.
#include "insert_key_command.h"
#include "widget_test_support.h"

#include "core/workspace/selection.h"
#include "widgets/bone_tree/bone_filter_proxy_model.h"
#include "widgets/bone_tree/bone_tree_model.h"

#include <QIcon>
#include <QImage>
#include <QSignalSpy>

#include <set>

using marrow::ui::BoneFilterProxyModel;
using marrow::ui::BoneTreeModel;

namespace marrow::test {
namespace {

const char* const kCesiumMan = "ozz-animation/gltf/khronos/cesium_man.gltf";
const char* const kPublicRig = "synthetic/public_rig.gltf";

model::JointIndex jointNamed(const doc::Document& d, const std::string& name)
{
    const auto joint = d.rig().skeleton.find(name);
    EXPECT_TRUE(joint.has_value()) << "no joint " << name;
    return joint.value_or(-1);
}

// Walks the whole tree: every joint exactly once, under its skeleton parent,
// with its name as DisplayRole; rows in index order among siblings.
void expectStructureMatchesSkeleton(const BoneTreeModel& m, const doc::Document& d)
{
    const anim::Skeleton& skeleton = d.rig().skeleton;
    std::vector<int> seen(skeleton.size(), 0);
    std::vector<QModelIndex> stack{QModelIndex()};
    while (!stack.empty()) {
        const QModelIndex parent = stack.back();
        stack.pop_back();
        const model::JointIndex parentJoint = parent.isValid() ? m.jointForIndex(parent) : anim::kNoParent;
        model::JointIndex previous = -1;
        for (int row = 0; row < m.rowCount(parent); ++row) {
            const QModelIndex child = m.index(row, 0, parent);
            const model::JointIndex joint = m.jointForIndex(child);
            ASSERT_GE(joint, 0);
            ASSERT_LT(static_cast<std::size_t>(joint), skeleton.size());
            EXPECT_EQ(skeleton.parents[static_cast<std::size_t>(joint)], parentJoint) << "joint " << joint;
            EXPECT_GT(joint, previous) << "siblings out of index order";
            previous = joint;
            EXPECT_EQ(m.data(child).toString().toStdString(), skeleton.names[static_cast<std::size_t>(joint)]);
            EXPECT_EQ(m.data(child, BoneTreeModel::JointIndexRole).toInt(), joint);
            EXPECT_EQ(m.indexForJoint(joint), child);
            ++seen[static_cast<std::size_t>(joint)];
            stack.push_back(child);
        }
    }
    for (std::size_t j = 0; j < seen.size(); ++j)
        EXPECT_EQ(seen[j], 1) << "joint " << j << " (" << skeleton.names[j] << ") appears " << seen[j] << " times";
}

class BoneTreeModelOnRig : public ::testing::TestWithParam<const char*> {};

TEST_P(BoneTreeModelOnRig, PassesModelTesterThroughReplaceAndRename)
{
    ModelTestMessages messages;
    auto d = openDocument(GetParam());
    ws::Selection selection(d.get());
    BoneTreeModel m(d.get(), &selection);
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::Warning);
    ASSERT_GT(m.rowCount(), 0);
    expectStructureMatchesSkeleton(m, *d);

    // A rename (through the stack), its undo, a new rig, a clip switch.
    const QModelIndex first = m.index(0, 0);
    ASSERT_TRUE(m.setData(first, QStringLiteral("renamed_root")));
    d->undoStack()->undo();
    d->undoStack()->redo();
    ASSERT_FALSE(d->replaceRig(importRig(GetParam())).has_value());
    expectStructureMatchesSkeleton(m, *d);
    if (!d->rig().clips.empty())
        selection.setActiveClip(static_cast<model::ClipId>(d->rig().clips.size() - 1));
    ASSERT_TRUE(m.setData(m.index(0, 0), QStringLiteral("renamed_again")));
    expectStructureMatchesSkeleton(m, *d);

    // The proxy over it obeys the contract as well, filtered and not.
    BoneFilterProxyModel proxy;
    proxy.setBoneModel(&m);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Warning);
    proxy.setNameFilter(QStringLiteral("a"));
    proxy.setNameFilter(QString());

    EXPECT_TRUE(messages.messages().isEmpty()) << messages.messages().join('\n').toStdString();
}

INSTANTIATE_TEST_SUITE_P(SharedModels, BoneTreeModelOnRig, ::testing::Values(kCesiumMan, kPublicRig),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                             return std::string(param.index == 0 ? "CesiumMan" : "PublicRig");
                         });

TEST(BoneTreeModel, RenameGoesThroughTheUndoStack)
{
    auto d = openDocument(kPublicRig);
    BoneTreeModel m(d.get());
    const model::JointIndex hand = jointNamed(*d, "hand_L");
    const QModelIndex index = m.indexForJoint(hand);
    ASSERT_TRUE(index.isValid());
    EXPECT_TRUE(m.flags(index) & Qt::ItemIsEditable);
    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);

    const int before = d->undoStack()->count();
    ASSERT_TRUE(m.setData(index, QStringLiteral("  paw_L "), Qt::EditRole));
    EXPECT_EQ(d->undoStack()->count(), before + 1);
    EXPECT_EQ(d->rig().skeleton.names[static_cast<std::size_t>(hand)], "paw_L");  // trimmed
    EXPECT_EQ(m.data(index, Qt::EditRole).toString(), QStringLiteral("paw_L"));
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.at(0).at(0).toModelIndex(), index);

    d->undoStack()->undo();
    EXPECT_EQ(d->rig().skeleton.names[static_cast<std::size_t>(hand)], "hand_L");
    EXPECT_EQ(m.data(index).toString(), QStringLiteral("hand_L"));
    ASSERT_EQ(changed.count(), 2) << "undo must refresh the row too";
    EXPECT_EQ(changed.at(1).at(0).toModelIndex(), index);
    EXPECT_EQ(changed.at(1).at(1).toModelIndex(), index);

    // Refused or no-op edits leave the stack alone.
    EXPECT_FALSE(m.setData(index, QStringLiteral("   ")));
    EXPECT_TRUE(m.setData(index, QStringLiteral("hand_L")));
    EXPECT_FALSE(m.setData(index, QStringLiteral("x"), Qt::DisplayRole + 100));
    EXPECT_EQ(d->undoStack()->count(), before + 1);
    EXPECT_EQ(d->undoStack()->index(), before);
}

TEST(BoneTreeModel, RigReplacementResetsTheModel)
{
    auto d = openDocument(kPublicRig);
    BoneTreeModel m(d.get());
    QSignalSpy aboutToReset(&m, &QAbstractItemModel::modelAboutToBeReset);
    QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
    ASSERT_FALSE(d->replaceRig(importRig(kCesiumMan)).has_value());
    EXPECT_EQ(aboutToReset.count(), 1);
    EXPECT_EQ(reset.count(), 1);
    expectStructureMatchesSkeleton(m, *d);
}

TEST(BoneTreeModel, BoneRoleFollowsTheSkins)
{
    auto d = openDocument(kPublicRig);
    BoneTreeModel m(d.get());
    const std::vector<std::uint8_t> bones = d->rig().boneMask();
    int boneCount = 0;
    for (std::size_t j = 0; j < bones.size(); ++j) {
        const QModelIndex index = m.indexForJoint(static_cast<model::JointIndex>(j));
        EXPECT_EQ(m.data(index, BoneTreeModel::IsBoneRole).toBool(), bones[j] != 0) << d->rig().skeleton.names[j];
        boneCount += bones[j];
    }
    EXPECT_GT(boneCount, 0);
    EXPECT_LT(static_cast<std::size_t>(boneCount), bones.size()) << "public_rig has plain nodes (Body, Prop)";
    EXPECT_FALSE(m.data(m.indexForJoint(jointNamed(*d, "Prop")), BoneTreeModel::IsBoneRole).toBool());
}

TEST(BoneTreeModel, AnimatedRoleMatchesTheActiveClip)
{
    auto d = openDocument(kPublicRig);
    ws::Selection selection(d.get());
    BoneTreeModel m(d.get(), &selection);
    const int point = d->rig().findClip("point");
    ASSERT_GE(point, 0);
    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
    selection.setActiveClip(point);

    const std::set<std::string> leftArm{"clavicle_L", "upperarm_L", "forearm_L", "hand_L"};
    const anim::Skeleton& skeleton = d->rig().skeleton;
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        const QModelIndex index = m.indexForJoint(static_cast<model::JointIndex>(j));
        const bool expected = leftArm.count(skeleton.names[j]) != 0;
        EXPECT_EQ(m.data(index, BoneTreeModel::AnimatedRole).toBool(), expected) << skeleton.names[j];
        EXPECT_EQ(m.data(index, Qt::DecorationRole).isValid(), expected) << skeleton.names[j];
    }
    EXPECT_GE(changed.count(), 1);

    // The role follows the clip's tracks exactly, for every clip.
    for (std::size_t c = 0; c < d->rig().clips.size(); ++c) {
        selection.setActiveClip(static_cast<model::ClipId>(c));
        std::vector<bool> expected(skeleton.size(), false);
        for (const auto& track : d->rig().clips[c].tracks)
            expected[static_cast<std::size_t>(track.joint)] = track.mask() != 0;
        for (std::size_t j = 0; j < skeleton.size(); ++j)
            EXPECT_EQ(m.isAnimated(static_cast<model::JointIndex>(j)), expected[j]) << "clip " << c << " joint " << j;
    }

    // No active clip: nothing is marked.
    selection.setActiveClip(-1);
    for (std::size_t j = 0; j < skeleton.size(); ++j)
        EXPECT_FALSE(m.isAnimated(static_cast<model::JointIndex>(j)));
}

// The animated mark stays visible on the selected row (the dark theme's
// highlight is orange, like the mark): it has a dark rim and an amber fill.
TEST(BoneTreeModel, TheAnimatedMarkHasADarkRim)
{
    auto d = openDocument(kPublicRig);
    ws::Selection selection(d.get());
    BoneTreeModel m(d.get(), &selection);
    const auto hand = d->rig().skeleton.find("hand_L");
    ASSERT_TRUE(hand.has_value());
    const QVariant decoration = m.data(m.indexForJoint(*hand), Qt::DecorationRole);
    ASSERT_TRUE(decoration.canConvert<QIcon>());
    const QImage image = decoration.value<QIcon>().pixmap(32, 32).toImage().convertToFormat(QImage::Format_ARGB32);
    int dark = 0, amber = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() < 200)
                continue;
            dark += std::max({c.red(), c.green(), c.blue()}) < 60 ? 1 : 0;
            amber += c.red() > 200 && c.green() > 120 && c.blue() < 80 ? 1 : 0;
        }
    }
    EXPECT_GE(dark, 12) << "no dark rim";
    EXPECT_GE(amber, 12) << "no amber fill";
}

TEST(BoneTreeModel, KeyOnANewJointMarksIt)
{
    auto d = openDocument(kPublicRig);
    ws::Selection selection(d.get());
    BoneTreeModel m(d.get(), &selection);
    const int point = d->rig().findClip("point");
    selection.setActiveClip(point);
    const model::JointIndex head = jointNamed(*d, "head");
    ASSERT_FALSE(m.isAnimated(head));

    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
    d->undoStack()->push(test::insertKeyCommand(*d, point, head, doc::ChannelKind::Rotation, 0.5f,
                                                {0.f, 0.f, 0.f, 1.f}, anim::Interpolation::Linear)
                             .release());
    EXPECT_TRUE(m.isAnimated(head));
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.at(0).at(0).toModelIndex(), m.indexForJoint(head));

    d->undoStack()->undo();
    EXPECT_FALSE(m.isAnimated(head));
    EXPECT_EQ(changed.count(), 2);
}

TEST(BoneFilterProxyModel, KeepsAncestorsOfMatchesCaseInsensitively)
{
    auto d = openDocument(kPublicRig);
    BoneTreeModel m(d.get());
    BoneFilterProxyModel proxy;
    proxy.setBoneModel(&m);
    proxy.setNameFilter(QStringLiteral("FOREARM_l"));

    const anim::Skeleton& skeleton = d->rig().skeleton;
    const model::JointIndex forearm = jointNamed(*d, "forearm_L");
    std::set<model::JointIndex> expected;
    for (model::JointIndex j = forearm; j != anim::kNoParent; j = skeleton.parents[static_cast<std::size_t>(j)])
        expected.insert(j);
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        const auto joint = static_cast<model::JointIndex>(j);
        const QModelIndex index = proxy.indexForJoint(joint);
        EXPECT_EQ(index.isValid(), expected.count(joint) != 0) << skeleton.names[j];
        if (index.isValid()) {
            EXPECT_EQ(proxy.jointForIndex(index), joint);
        }
    }
    // Children of the match are not dragged in: the filter narrows.
    EXPECT_FALSE(proxy.indexForJoint(jointNamed(*d, "hand_L")).isValid());

    // Both arms' clavicles match "clavicle"; the filter is a plain substring (no regex).
    proxy.setNameFilter(QStringLiteral("clavicle"));
    EXPECT_TRUE(proxy.indexForJoint(jointNamed(*d, "clavicle_L")).isValid());
    EXPECT_TRUE(proxy.indexForJoint(jointNamed(*d, "clavicle_R")).isValid());
    proxy.setNameFilter(QStringLiteral("."));
    EXPECT_FALSE(proxy.indexForJoint(jointNamed(*d, "clavicle_L")).isValid());

    proxy.setNameFilter(QString());
    for (std::size_t j = 0; j < skeleton.size(); ++j)
        EXPECT_TRUE(proxy.indexForJoint(static_cast<model::JointIndex>(j)).isValid());
}

// Issue 8's lock column: a padlock per joint that shows and toggles the
// weight lock through the undo stack.
TEST(BoneTreeModel, TheLockColumnShowsAndTogglesTheWeightLock)
{
    auto d = openDocument(kPublicRig);
    BoneTreeModel m(d.get());
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(m.columnCount(), 3);
    const auto arm = d->rig().skeleton.find("upperarm_L");
    ASSERT_TRUE(arm.has_value());
    const QModelIndex lock = m.indexForJoint(*arm, BoneTreeModel::LockColumn);
    ASSERT_TRUE(lock.isValid());
    EXPECT_EQ(m.parent(lock), m.parent(m.indexForJoint(*arm)));
    EXPECT_FALSE(m.data(lock, BoneTreeModel::LockedRole).toBool());
    EXPECT_EQ(m.jointForIndex(lock), *arm);
    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
    m.toggleLock(*arm);
    EXPECT_TRUE(d->isLocked(*arm));
    EXPECT_TRUE(m.data(lock, BoneTreeModel::LockedRole).toBool());
    EXPECT_GE(changed.count(), 1);
    ASSERT_EQ(d->undoStack()->count(), 1);
    EXPECT_EQ(d->undoStack()->text(0), QStringLiteral("Lock upperarm_L"));
    // The padlock differs locked and unlocked.
    const QImage lockedIcon = m.data(lock, Qt::DecorationRole).value<QIcon>().pixmap(16, 16).toImage();
    d->undoStack()->undo();
    EXPECT_FALSE(m.data(lock, BoneTreeModel::LockedRole).toBool());
    const QImage openIcon = m.data(lock, Qt::DecorationRole).value<QIcon>().pixmap(16, 16).toImage();
    EXPECT_NE(lockedIcon, openIcon);
}


// Issue 20's Deform column: a bone per skin joint that shows and toggles
// whether automatic weights use it; plain nodes show nothing.
TEST(BoneTreeModel, TheDeformColumnShowsAndTogglesTheFlag)
{
    auto d = openDocument(kPublicRig);
    BoneTreeModel m(d.get());
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const auto arm = d->rig().skeleton.find("upperarm_L");
    ASSERT_TRUE(arm.has_value());
    const QModelIndex deform = m.indexForJoint(*arm, BoneTreeModel::DeformColumn);
    ASSERT_TRUE(deform.isValid());
    EXPECT_TRUE(m.data(deform, BoneTreeModel::DeformRole).toBool()) << "a weighted bone deforms by default";
    const QImage on = m.data(deform, Qt::DecorationRole).value<QIcon>().pixmap(16, 16).toImage();
    m.toggleDeform(*arm);
    EXPECT_FALSE(m.data(deform, BoneTreeModel::DeformRole).toBool());
    ASSERT_EQ(d->undoStack()->count(), 1);
    EXPECT_EQ(d->undoStack()->text(0), QStringLiteral("No Deform upperarm_L"));
    EXPECT_NE(m.data(deform, Qt::DecorationRole).value<QIcon>().pixmap(16, 16).toImage(), on);
    d->undoStack()->undo();
    EXPECT_TRUE(m.data(deform, BoneTreeModel::DeformRole).toBool());
    const auto root = d->rig().skeleton.find("Armature");
    ASSERT_TRUE(root.has_value());
    EXPECT_FALSE(m.data(m.indexForJoint(*root, BoneTreeModel::DeformColumn), Qt::DecorationRole).isValid())
        << "a plain node has no Deform flag";
}

} // namespace
} // namespace marrow::test
