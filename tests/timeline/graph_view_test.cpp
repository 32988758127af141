// SPDX-License-Identifier: MIT
// GraphView on public_rig's stride clip: curves for the selected bone, a
// click selects a key in the shared KeySelection, a dragged cubic handle
// makes the key Free with the slope under the mouse in one undo entry, a key
// drag moves keys two frames in one entry, Step shows at once, Home frames all.
#include "graph_test_support.h"

#include "core/anim/channel_sampling.h"

#include <QImage>

namespace marrow::test {
namespace {

using doc::ChannelKind;

TEST(GraphView, ShowsEveryComponentCurveOfTheSelectedBone)
{
    GraphFixture f;
    EXPECT_TRUE(f.view.curves().empty()) << "no clip, no bone: nothing to draw";
    const model::JointIndex j = f.strideWith("forearm_L");
    const auto& curves = f.view.curves();
    ASSERT_EQ(curves.size(), 10u) << "translation x y z, rotation w x y z, scale x y z";
    for (const auto& c : curves) {
        EXPECT_EQ(c.joint, j);
        EXPECT_EQ(c.keys.size(), 9u);
    }
    // Rotation keys are the quaternion keys' components.
    const int rx = f.curveIndex(j, ChannelKind::Rotation, 0);
    ASSERT_GE(rx, 0);
    const anim::JointTrack& track = f.track(j);
    for (std::size_t k = 0; k < 9; ++k) {
        const double drawn = curves[static_cast<std::size_t>(rx)].keys[k].value;
        EXPECT_NEAR(drawn, glm::normalize(track.rotation.values[k]).x, 1e-6) << "key " << k;
    }
    // The keys are inside the plot and painted there.
    const QImage image = f.view.grab().toImage();
    const QColor base = f.view.palette().color(QPalette::Base);
    for (std::size_t c = 0; c < curves.size(); ++c) {
        const QPoint p = f.keyPoint(static_cast<int>(c), 4);
        EXPECT_TRUE(f.view.plotRect().contains(p)) << "curve " << c;
        EXPECT_NE(image.pixelColor(p), base) << "a key is drawn at " << p.x() << "," << p.y();
    }
}

TEST(GraphView, ClickSelectsTheKeyInTheSharedSelection)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("forearm_L");
    f.showOnly(j, ChannelKind::Rotation);
    const auto [ry, rk] = f.isolatedKey(j, ChannelKind::Rotation);
    ASSERT_GE(ry, 0);
    const auto& key = f.view.curves()[static_cast<std::size_t>(ry)].keys[rk];
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, f.keyPoint(ry, rk));
    const doc::KeyId id{j, ChannelKind::Rotation, static_cast<float>(key.time)};
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{id}));

    // Shift+click adds another key, and takes it out again.
    f.showOnly(j, ChannelKind::Translation);
    const auto [tc, tk] = f.isolatedKey(j, ChannelKind::Translation);
    ASSERT_GE(tc, 0);
    QTest::mouseClick(&f.view, Qt::LeftButton, Qt::ShiftModifier, f.keyPoint(tc, tk));
    EXPECT_EQ(f.keys.size(), 2u);
    QTest::mouseClick(&f.view, Qt::LeftButton, Qt::ShiftModifier, f.keyPoint(tc, tk));
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{id}));

    // Ctrl+A selects every shown key (27 KeyIds: 3 channels x 9 times), Alt+A none.
    f.view.setChannelShown(j, ChannelKind::Rotation, true);
    f.view.setChannelShown(j, ChannelKind::Scale, true);
    f.view.setFocus();
    QTest::keyClick(&f.view, Qt::Key_A, Qt::ControlModifier);
    EXPECT_EQ(f.keys.size(), 27u);
    QTest::keyClick(&f.view, Qt::Key_A, Qt::AltModifier);
    EXPECT_TRUE(f.keys.isEmpty());

    // A box over the plot's right half selects the keys there; a click on nothing clears.
    const QRect plot = f.view.plotRect();
    const QPoint from(f.view.plotRect().center().x(), plot.top() + 2);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, from);
    dragTo(&f.view, plot.bottomRight() - QPoint(2, 2), Qt::LeftButton);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, plot.bottomRight() - QPoint(2, 2));
    EXPECT_FALSE(f.keys.isEmpty());
    for (const doc::KeyId& k : f.keys.keys())
        EXPECT_GE(f.view.timeAxis().timeToPixel(k.time) + ui::timeline_style::gutterWidth(), from.x() - 1);
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, QPoint(plot.right() - 3, plot.top() + 3));
    EXPECT_TRUE(f.keys.isEmpty());
}

TEST(GraphView, DraggingAnAutoHandleMakesTheKeyAlignedInOneUndoEntry)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.editTranslation(j, [](anim::Vec3Channel& c) {
        anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::CubicSpline);
        anim::setKeyTangentMode(c, allKeys(c.size()), anim::TangentMode::AutoClamped);
    });
    const anim::Vec3Channel before = f.track(j).translation;
    const auto [ty, k] = f.isolatedKey(j, ChannelKind::Translation);
    ASSERT_GE(ty, 0);
    const std::size_t curve = static_cast<std::size_t>(ty);
    const int comp = f.view.curves()[curve].component;
    const std::size_t index = f.view.curves()[curve].keys[k].index;
    ASSERT_EQ(before.tangentMode(index), anim::TangentMode::AutoClamped);
    EXPECT_FALSE(f.view.handlePosition(curve, k, ui::graph::HandleSide::Out)) << "handles only on selected keys";
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, f.keyPoint(ty, k));
    const auto handle = f.view.handlePosition(curve, k, ui::graph::HandleSide::Out);
    ASSERT_TRUE(handle.has_value());
    const int entries = f.document->undoStack()->count();

    const QPoint start = handle->toPoint();
    const QPoint end = start + QPoint(-6, -30);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, start);
    for (int i = 1; i <= 4; ++i)
        dragTo(&f.view, start + (end - start) * i / 4, Qt::LeftButton);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, end);

    const QPointF key = f.view.keyPosition(curve, k);
    const ui::graph::HandleScales scales{f.view.timeAxis().pixelsPerSecond(), f.view.valueAxis().pixelsPerUnit()};
    const float slope = static_cast<float>(
        ui::graph::slopeFromHandle({end.x() - key.x(), end.y() - key.y()}, ui::graph::HandleSide::Out, scales));
    const anim::Vec3Channel& after = f.track(j).translation;
    EXPECT_EQ(after.tangentMode(index), anim::TangentMode::Aligned) << "as Blender turns Auto handles";
    EXPECT_FLOAT_EQ(after.outTangents[index][comp], slope);
    EXPECT_FLOAT_EQ(after.inTangents[index][comp], slope) << "aligned: both sides";
    EXPECT_EQ(after.outTangents[index][(comp + 1) % 3], before.outTangents[index][(comp + 1) % 3])
        << "other components keep theirs";
    EXPECT_NE(after.outTangents[index][comp], before.outTangents[index][comp]);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1) << "the whole drag is one undo entry";
    f.document->undoStack()->undo();
    EXPECT_EQ(f.track(j).translation, before);
}

TEST(GraphView, DraggingKeysMovesThemTwoFramesInOneUndoEntry)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const auto [tx, k] = f.isolatedKey(j, ChannelKind::Translation);
    ASSERT_GE(tx, 0);
    const std::vector<float> times = f.track(j).translation.times;
    const QPoint press = f.keyPoint(tx, k);
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, press);
    ASSERT_EQ(f.keys.size(), 1u);
    ASSERT_EQ(f.keys.keys().begin()->kind, ChannelKind::Translation);
    const int entries = f.document->undoStack()->count();

    const double fps = f.playback.fps();
    const QPoint to = press + QPoint(static_cast<int>(std::lround(2.0 / fps * f.view.timeAxis().pixelsPerSecond())), 0);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, press);
    dragTo(&f.view, press + QPoint(5, 0), Qt::LeftButton);
    dragTo(&f.view, to, Qt::LeftButton);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, to);

    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
    const float moved = f.keys.keys().begin()->time;
    EXPECT_NEAR(moved, times[k] + 2.0 / fps, 1e-5) << "snapped to two frames later";
    const auto& after = f.track(j).translation.times;
    EXPECT_NE(std::find(after.begin(), after.end(), moved), after.end()) << "the selection follows the key";
    EXPECT_EQ(f.track(j).rotation.times, times) << "only the selected channel's key moves";
    f.document->undoStack()->undo();
    EXPECT_EQ(f.track(j).translation.times, times);
}

TEST(GraphView, StepInterpolationRedrawsAsHolds)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const std::size_t before = f.view.curves()[0].times.size();
    f.editTranslation(j, [](anim::Vec3Channel& c) {
        anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::Step);
    });
    const auto& c = f.view.curves()[static_cast<std::size_t>(f.curveIndex(j, ChannelKind::Translation, 0))];
    ASSERT_EQ(c.times.size(), 17u) << "9 keys, each of 8 segments a hold and a jump (was " << before << ")";
    EXPECT_EQ(c.times[1], c.times[2]);
    EXPECT_EQ(c.values[1], c.values[0]) << "held";
}

TEST(GraphView, HomeFramesAllAndFFramesTheSelection)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const QPoint mid = f.view.plotRect().center();
    for (int i = 0; i < 8; ++i) {
        wheel(&f.view, mid, QPoint(0, 120), Qt::ControlModifier);  // time
        wheel(&f.view, mid, QPoint(0, 120));                        // values
    }
    const auto inside = [&] {
        int n = 0;
        for (std::size_t c = 0; c < f.view.curves().size(); ++c)
            for (std::size_t k = 0; k < f.view.curves()[c].keys.size(); ++k)
                n += f.view.plotRect().contains(f.keyPoint(static_cast<int>(c), k)) ? 1 : 0;
        return n;
    };
    ASSERT_LT(inside(), 90) << "zoomed in, some keys are off screen";
    f.view.setFocus();
    QTest::keyClick(&f.view, Qt::Key_Home);
    EXPECT_EQ(inside(), 90) << "every key of the 10 curves in view";

    // F frames the selected key (its x, y and z points): its time lands mid-plot.
    const int tz = f.curveIndex(j, ChannelKind::Translation, 2);
    f.keys.setKeys({f.view.curves()[static_cast<std::size_t>(tz)].keyId(f.view.curves()[static_cast<std::size_t>(tz)].keys[2])});
    wheel(&f.view, mid, QPoint(0, 960), Qt::ControlModifier);
    QTest::keyClick(&f.view, Qt::Key_F);
    const QPoint p = f.keyPoint(tz, 2);
    EXPECT_LE(std::abs(p.x() - mid.x()), 2);
    EXPECT_TRUE(f.view.plotRect().contains(p));
    const auto& keys = f.view.curves()[static_cast<std::size_t>(tz)].keys;
    EXPECT_FALSE(f.view.plotRect().contains(f.keyPoint(tz, 0)) && f.view.plotRect().contains(f.keyPoint(tz, 8)))
        << "framed on one key time, not on all " << keys.size();
}

TEST(GraphView, RulerClickScrubsAndMiddleDragPans)
{
    GraphFixture f;
    f.strideWith("pelvis");
    const double t = 0.3;
    const int x = static_cast<int>(std::lround(ui::timeline_style::gutterWidth() + f.view.timeAxis().timeToPixel(t)));
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, QPoint(x + 1, ui::timeline_style::kRulerHeight / 2));
    EXPECT_NEAR(f.playback.time(), 9.0 / 30.0, 1e-9) << "snapped to frame 9";

    const double start = f.view.timeAxis().visibleStart();
    const double top = f.view.valueAxis().top();
    const QPoint from = f.view.plotRect().center();
    QTest::mousePress(&f.view, Qt::MiddleButton, {}, from);
    dragTo(&f.view, from + QPoint(-50, 20), Qt::MiddleButton);
    QTest::mouseRelease(&f.view, Qt::MiddleButton, {}, from + QPoint(-50, 20));
    EXPECT_NEAR(f.view.timeAxis().visibleStart() - start, 50.0 / f.view.timeAxis().pixelsPerSecond(), 1e-9);
    EXPECT_NEAR(f.view.valueAxis().top() - top, 20.0 / f.view.valueAxis().pixelsPerUnit(), 1e-9);
}

} // namespace
} // namespace marrow::test
