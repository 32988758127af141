// SPDX-License-Identifier: MIT
// KeyTrackModel without a widget: rows in bone-tree order with a summary,
// "only selected", the keys a row's key stands for, hits, box selection,
// selected flags and Up/Down's next and previous key times.
#include "widgets/timeline/key_track_model.h"

#include <gtest/gtest.h>

#include <vector>

namespace marrow::ui {
namespace {

using Kind = doc::ChannelKind;
using Row = KeyTrackModel::RowKind;

// root(0) with children a(1) and b(2); a has a child c(3): tree order 0, 1, 3, 2.
anim::Skeleton skeleton()
{
    anim::Skeleton s;
    s.names = {"root", "a", "b", "c"};
    s.parents = {anim::kNoParent, 0, 0, 1};
    s.rest.resize(4);
    return s;
}

// c: translation at 0 (Linear) and 0.5 (Step), rotation at 0.5 and 1; b:
// scale at 0.25 and a jump (two keys) at 0.75; a: a track with no keys.
anim::Clip clip()
{
    anim::Clip clip;
    clip.name = "test";
    clip.duration = 1.f;
    anim::JointTrack b;
    b.joint = 2;
    b.scale.times = {0.25f, 0.75f, 0.75f};
    b.scale.values.assign(3, glm::vec3(1.f));
    anim::JointTrack c;
    c.joint = 3;
    c.translation.times = {0.f, 0.5f};
    c.translation.values.assign(2, glm::vec3(0.f));
    c.translation.interpolations = {anim::Interpolation::Linear, anim::Interpolation::Step};
    c.rotation.times = {0.5f, 1.f};
    c.rotation.values.assign(2, glm::quat(1.f, 0.f, 0.f, 0.f));
    anim::JointTrack a;
    a.joint = 1;
    clip.tracks = {b, c, a};
    return clip;
}

std::vector<double> times(std::initializer_list<double> t) { return t; }

struct Fixture {
    anim::Skeleton s = skeleton();
    anim::Clip c = clip();
    KeyTrackModel model{18};
    void show(std::vector<model::JointIndex> selected, bool onlySelected = true)
    {
        model.rebuild(s, &c, selected, onlySelected);
    }
};

TEST(KeyTrackModel, TreeOrderIsDepthFirstWithChildrenInIndexOrder)
{
    EXPECT_EQ(KeyTrackModel::treeOrder(skeleton()), (std::vector<model::JointIndex>{0, 1, 3, 2}));
}

TEST(KeyTrackModel, SummaryThenSelectedBonesInTreeOrderWithTheirAnimatedChannels)
{
    Fixture f;
    f.show({2, 3});  // selection order b, c; the tree puts c first
    ASSERT_EQ(f.model.rowCount(), 6);
    EXPECT_EQ(f.model.row(0).kind, Row::Summary);
    EXPECT_EQ(f.model.row(0).times, times({0.0, 0.25, 0.5, 0.75, 1.0})) << "every key of the clip, a jump once";
    EXPECT_EQ(f.model.row(1).kind, Row::Bone);
    EXPECT_EQ(f.model.row(1).joint, 3);
    EXPECT_EQ(f.model.row(1).times, times({0.0, 0.5, 1.0}));
    EXPECT_EQ(f.model.row(2).kind, Row::Channel);
    EXPECT_EQ(f.model.row(2).channel, Kind::Translation);
    EXPECT_EQ(f.model.row(2).interpolations,
              (std::vector<anim::Interpolation>{anim::Interpolation::Linear, anim::Interpolation::Step}));
    EXPECT_EQ(f.model.row(3).channel, Kind::Rotation);
    EXPECT_EQ(f.model.row(4).joint, 2);
    EXPECT_EQ(f.model.row(4).kind, Row::Bone);
    EXPECT_EQ(f.model.row(5).channel, Kind::Scale);
    EXPECT_EQ(f.model.row(5).times, times({0.25, 0.75}));
    EXPECT_EQ(f.model.bones(), (std::vector<model::JointIndex>{3, 2}));

    f.show({3, 2});
    EXPECT_EQ(f.model.row(1).joint, 3) << "selection order does not matter";
}

TEST(KeyTrackModel, OnlySelectedOffShowsEveryAnimatedBone)
{
    Fixture f;
    f.show({1});
    ASSERT_EQ(f.model.rowCount(), 2) << "a selected bone without keys: its bone row only";
    EXPECT_EQ(f.model.row(1).joint, 1);
    EXPECT_TRUE(f.model.row(1).times.empty());

    f.show({1}, false);
    EXPECT_EQ(f.model.bones(), (std::vector<model::JointIndex>{3, 2})) << "animated bones, tree order";
    EXPECT_EQ(f.model.rowCount(), 1 + 3 + 2);

    f.model.rebuild(f.s, nullptr, std::vector<model::JointIndex>{1}, true);
    EXPECT_EQ(f.model.rowCount(), 0) << "no clip, no rows";
}

TEST(KeyTrackModel, RowKeysStandForTheKeysUnderThem)
{
    Fixture f;
    f.show({2, 3});
    const std::set<doc::KeyId> atHalf{{3, Kind::Translation, 0.5f}, {3, Kind::Rotation, 0.5f}};
    EXPECT_EQ(f.model.keysAt(0, 0.5f), atHalf) << "summary";
    EXPECT_EQ(f.model.keysAt(1, 0.5f), atHalf) << "bone row";
    EXPECT_EQ(f.model.keysAt(3, 0.5f), (std::set<doc::KeyId>{{3, Kind::Rotation, 0.5f}})) << "channel row";
    EXPECT_EQ(f.model.keysAt(5, 0.75f), (std::set<doc::KeyId>{{2, Kind::Scale, 0.75f}})) << "a jump is one KeyId";
    EXPECT_TRUE(f.model.keysAt(2, 0.25f).empty());
    EXPECT_TRUE(f.model.keysAt(9, 0.5f).empty()) << "past the rows";
}

TEST(KeyTrackModel, BoxSelectTakesTheKeysOfTheRowsInTheTimeRange)
{
    Fixture f;
    f.show({2, 3});
    // The two channel rows of c, from 0.4 to 1.1 (given backwards).
    EXPECT_EQ(f.model.keysInBox(3, 2, 1.1, 0.4),
              (std::set<doc::KeyId>{{3, Kind::Translation, 0.5f}, {3, Kind::Rotation, 0.5f}, {3, Kind::Rotation, 1.f}}));
    // The summary row alone reaches every animated channel, shown or not.
    f.show({3});
    EXPECT_EQ(f.model.keysInBox(0, 0, 0.2, 0.3), (std::set<doc::KeyId>{{2, Kind::Scale, 0.25f}}));
    EXPECT_EQ(f.model.keysInBox(-5, 50, 0.0, 1.0).size(), 6u) << "rows clamp";
}

TEST(KeyTrackModel, HitsFollowTheGeometryAndTheRowHeight)
{
    Fixture f;
    f.show({3});
    const TimelineGeometry geometry(1000.0, 0.0, 1.0, 30.0);  // 1000 px per second
    EXPECT_EQ(f.model.rowAt(-1.0), -1);
    EXPECT_EQ(f.model.rowAt(17.9), 0);
    EXPECT_EQ(f.model.rowAt(18.0), 1);
    EXPECT_EQ(f.model.rowAt(4 * 18.0), -1);
    EXPECT_DOUBLE_EQ(f.model.rowCenterY(2), 2 * 18 + 9);
    const auto hit = f.model.keyAt(geometry, 503.0, f.model.rowCenterY(3) + 1.0, 6.0);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(*hit, (KeyTrackModel::Hit{3, 0, 0.5f}));
    EXPECT_FALSE(f.model.keyAt(geometry, 520.0, f.model.rowCenterY(3), 6.0).has_value());
    EXPECT_FALSE(f.model.keyAt(geometry, 500.0, 200.0, 6.0).has_value());
}

TEST(KeyTrackModel, SelectedFlagsMarkEveryRowShowingASelectedKey)
{
    Fixture f;
    f.show({2, 3});
    f.model.setSelection({{3, Kind::Rotation, 0.5f}, {2, Kind::Scale, 0.75f}, {7, Kind::Scale, 0.f}});
    EXPECT_EQ(f.model.row(0).selected, (std::vector<bool>{false, false, true, true, false}));
    EXPECT_EQ(f.model.row(1).selected, (std::vector<bool>{false, true, false}));
    EXPECT_EQ(f.model.row(2).selected, (std::vector<bool>{false, false})) << "translation at 0.5 is not selected";
    EXPECT_EQ(f.model.row(3).selected, (std::vector<bool>{true, false}));
    EXPECT_EQ(f.model.row(5).selected, (std::vector<bool>{false, true}));
    // All or part: at 0.5 the bone row has translation and rotation, only rotation is selected.
    EXPECT_EQ(f.model.row(1).allSelected, (std::vector<bool>{false, false, false}));
    EXPECT_EQ(f.model.row(3).allSelected, (std::vector<bool>{true, false}));
    EXPECT_EQ(f.model.row(4).allSelected, (std::vector<bool>{false, true})) << "b's jump at 0.75 is one key";
    EXPECT_EQ(f.model.row(1).keyCount, (std::vector<std::uint16_t>{1, 2, 1}));
    f.model.setSelection({});
    for (int r = 0; r < f.model.rowCount(); ++r)
        for (const bool on : f.model.row(r).selected)
            EXPECT_FALSE(on);
}

TEST(KeyTrackModel, NextAndPreviousKeyTimesOfTheShownBones)
{
    Fixture f;
    f.show({3});
    EXPECT_EQ(f.model.nextKeyTime(0.0), 0.5) << "b's key at 0.25 is not shown";
    EXPECT_EQ(f.model.nextKeyTime(0.5), 1.0);
    EXPECT_FALSE(f.model.nextKeyTime(1.0).has_value());
    EXPECT_EQ(f.model.previousKeyTime(1.0), 0.5);
    EXPECT_FALSE(f.model.previousKeyTime(0.0).has_value());
    f.show({});
    EXPECT_EQ(f.model.nextKeyTime(0.0), 0.25) << "no bones shown: the whole clip";
}

} // namespace
} // namespace marrow::ui
