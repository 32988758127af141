// SPDX-License-Identifier: MIT
// The graph's channel list: bones in bone-tree order (as the dope sheet),
// the wheel scrolls the list and leaves the plot's zoom alone, one axis
// curve can be hidden (neither drawn, hit nor framed), and a long bone name
// is elided in the middle with the whole name as a tooltip.
#include "graph_test_support.h"

#include "core/commands/rename_joint_command.h"
#include "widgets/timeline/graph/graph_colors.h"

#include <QHelpEvent>
#include <QScrollBar>
#include <QToolTip>

namespace marrow::test {
namespace {

using doc::ChannelKind;
using Row = ui::graph::ChannelRow;

// root(0) with children a(1) and b(2); a has a child c(3): tree order 0, 1,
// 3, 2, so c is listed before b although its index is higher.
model::Rig treeRig()
{
    model::Rig rig;
    rig.skeleton.names = {"root", "a", "b", "c"};
    rig.skeleton.parents = {anim::kNoParent, 0, 0, 1};
    rig.skeleton.rest.resize(4);
    anim::Clip clip;
    clip.name = "move";
    clip.duration = 1.f;
    for (const model::JointIndex j : {2, 3}) {
        anim::JointTrack t;
        t.joint = j;
        t.translation.times = {0.f, 1.f};
        t.translation.values = {glm::vec3(0.f), glm::vec3(static_cast<float>(j))};
        clip.tracks.push_back(t);
    }
    rig.clips.push_back(clip);
    return rig;
}

// Whether a pixel within 2 of `at` is about `colour` (curves are antialiased).
// The curve's colour beside a key: a few pixels either side of the key's
// stamp (which covers the curve under it), within a band tall enough for the
// curve's slope there.
bool colourNear(const QImage& image, QPoint at, QColor colour)
{
    for (int dy = -20; dy <= 20; ++dy)
        for (int dx = -14; dx <= 14; ++dx) {
            if (std::abs(dx) < 6)
                continue;
            const QPoint p = at + QPoint(dx, dy);
            if (!image.rect().contains(p))
                continue;
            const QColor c = image.pixelColor(p);
            if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) +
                    std::abs(c.blue() - colour.blue()) < 60)
                return true;
        }
    return false;
}

std::vector<model::JointIndex> listedJoints(const ui::GraphView& view)
{
    std::vector<model::JointIndex> joints;
    for (const Row& row : view.channelRows())
        if (row.type == Row::Type::Joint)
            joints.push_back(row.joint);
    return joints;
}

TEST(GraphChannelList, BonesFollowTheBoneTreeOrder)
{
    auto document = std::make_unique<doc::Document>();
    ASSERT_FALSE(document->replaceRig(treeRig()).has_value());
    ws::Selection selection(document.get());
    ws::Playback playback;
    ws::KeySelection keys(document.get(), &selection);
    ui::GraphView view(document.get(), &selection, &playback, &keys);
    view.resize(700, 400);
    selection.setActiveClip(0);
    selection.setJoints({2, 3});  // index order, and the order they were picked in
    EXPECT_EQ(listedJoints(view), (std::vector<model::JointIndex>{3, 2})) << "c (under a) before b";
    ASSERT_EQ(view.curves().size(), 6u);
    EXPECT_EQ(view.curves().front().joint, 3) << "the curves are listed alike";
    // A joint row, its channel, then the channel's x, y, z rows.
    const std::vector<Row> rows = view.channelRows();
    ASSERT_EQ(rows.size(), 10u);
    EXPECT_EQ(rows[1], (Row{Row::Type::Channel, 3, ChannelKind::Translation, -1}));
    EXPECT_EQ(rows[2], (Row{Row::Type::Axis, 3, ChannelKind::Translation, 0}));
    EXPECT_EQ(rows[4], (Row{Row::Type::Axis, 3, ChannelKind::Translation, 2}));
}

TEST(GraphChannelList, TheWheelOverTheListScrollsItAndLeavesThePlotZoom)
{
    GraphFixture f;
    f.strideWith("pelvis");
    f.selection.setJoints({f.joint("pelvis"), f.joint("spine1"), f.joint("thigh_L")});
    QApplication::processEvents();
    f.view.repaint();
    QScrollBar* bar = f.view.channelScrollBar();
    ASSERT_TRUE(bar->isVisible()) << "42 rows do not fit";
    ASSERT_EQ(bar->value(), 0);
    const double bottom = f.view.valueAxis().bottom(), top = f.view.valueAxis().top();
    const double pixelsPerSecond = f.view.timeAxis().pixelsPerSecond();

    wheel(&f.view, QPoint(40, 200), QPoint(0, -120));
    EXPECT_GT(bar->value(), 0) << "scrolled down";
    EXPECT_EQ(f.view.valueAxis().bottom(), bottom) << "the plot did not zoom";
    EXPECT_EQ(f.view.valueAxis().top(), top);
    EXPECT_EQ(f.view.timeAxis().pixelsPerSecond(), pixelsPerSecond);
    // The rows moved with it: the first is above the list now.
    EXPECT_LT(f.view.channelRowRect(0).top(), f.view.plotRect().top());

    wheel(&f.view, f.view.plotRect().center(), QPoint(0, -120));
    EXPECT_NE(f.view.valueAxis().top() - f.view.valueAxis().bottom(), top - bottom) << "the plot's wheel still zooms";
}

TEST(GraphChannelList, AHiddenAxisIsNeitherDrawnNorHitNorFramed)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.showOnly(j, ChannelKind::Translation);
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Translation);
    ASSERT_GE(curve, 0);
    const int component = f.view.curves()[static_cast<std::size_t>(curve)].component;
    const QPoint at = f.keyPoint(curve, k);
    const double spanAll = f.view.valueAxis().top() - f.view.valueAxis().bottom();
    const QColor colour = ui::graph::componentColor(component);
    ASSERT_TRUE(colourNear(f.view.grab().toImage(), at, colour)) << "drawn before";

    // Clicking the axis row hides that one curve.
    const auto row = f.view.channelRowIndex({Row::Type::Axis, j, ChannelKind::Translation, component});
    ASSERT_TRUE(row.has_value());
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, f.view.channelRowRect(*row).center());
    EXPECT_FALSE(f.view.isAxisShown(j, ChannelKind::Translation, component));
    ASSERT_EQ(f.view.curves().size(), 2u);
    for (const auto& c : f.view.curves())
        EXPECT_NE(c.component, component) << "not drawn";
    EXPECT_FALSE(colourNear(f.view.grab().toImage(), at, colour)) << "not drawn";

    // A click where its key was selects nothing.
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, at);
    EXPECT_TRUE(f.keys.keys().empty()) << "not hit";

    // Home frames the two curves left (pelvis height sits apart from x and z).
    const int other = (component + 1) % 3;
    f.view.setAxisShown(j, ChannelKind::Translation, other, false);
    f.view.frameAll();
    EXPECT_NE(f.view.valueAxis().top() - f.view.valueAxis().bottom(), spanAll) << "framed on what is shown";
    const auto& shown = f.view.curves();
    ASSERT_EQ(shown.size(), 1u);
    for (const double v : shown[0].values) {
        EXPECT_GE(v, f.view.valueAxis().bottom());
        EXPECT_LE(v, f.view.valueAxis().top());
    }

    // Clicking the row again brings it back.
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, f.view.channelRowRect(*row).center());
    EXPECT_EQ(f.view.curves().size(), 2u);
}

TEST(GraphChannelList, ALongBoneNameIsElidedInTheMiddleWithTheWholeNameAsTooltip)
{
    GraphFixture f;
    const QString longName = QStringLiteral("mixamorig:RightHandThumb4");
    const model::JointIndex j = f.joint("pelvis");
    f.document->undoStack()->push(new cmd::RenameJointCommand(f.document.get(), j, longName.toStdString()));
    f.strideWith(longName.toStdString().c_str());
    const auto row = f.view.channelRowIndex({Row::Type::Joint, j, ChannelKind::Translation, -1});
    ASSERT_TRUE(row.has_value());
    const QString shown = f.view.channelRowText(*row);
    EXPECT_NE(shown, longName) << "the name fits: nothing to test";
    EXPECT_TRUE(shown.endsWith(QStringLiteral("Thumb4"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QChar(0x2026))) << shown.toStdString();

    const QPoint inRow = f.view.channelRowRect(*row).center();
    QHelpEvent help(QEvent::ToolTip, inRow, f.view.mapToGlobal(inRow));
    QApplication::sendEvent(&f.view, &help);
    EXPECT_EQ(QToolTip::text(), longName);
    QToolTip::hideText();
}

} // namespace
} // namespace marrow::test
