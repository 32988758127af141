// SPDX-License-Identifier: MIT
// GraphView on a bone in Quaternion mode: its rotation shows as the stored
// quaternion's W, X, Y, Z component curves (W in grey), a key drag changes
// the grabbed component and renormalises the key, a handle drag edits that
// component's tangent.
#include "graph_test_support.h"

#include "widgets/timeline/graph/graph_colors.h"

namespace marrow::test {
namespace {

using doc::ChannelKind;
using ui::graph::HandleSide;
namespace style = ui::timeline_style;

constexpr int kW = 3;  // glm's storage order: x, y, z, w

TEST(GraphQuaternion, RotationShowsTheFourComponentCurves)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("forearm_L");
    ASSERT_EQ(f.view.curves().size(), 10u) << "translation xyz, rotation wxyz, scale xyz";
    const int w = f.curveIndex(j, ChannelKind::Rotation, kW);
    ASSERT_GE(w, 0);
    EXPECT_EQ(f.curveIndex(j, ChannelKind::Rotation, 0), w + 1) << "W first, then X, Y, Z, as Blender lists them";
    const anim::QuatChannel& rotation = f.track(j).rotation;
    for (int comp = 0; comp < 4; ++comp) {
        const auto& curve = f.view.curves()[static_cast<std::size_t>(f.curveIndex(j, ChannelKind::Rotation, comp))];
        ASSERT_EQ(curve.keys.size(), rotation.size());
        for (const auto& k : curve.keys)
            EXPECT_NEAR(k.value, glm::normalize(rotation.values[k.index])[comp], 1e-6);
    }
    // The legend's Rotation row has a fourth swatch, W's neutral grey.
    const QImage image = f.view.grab().toImage();
    const auto index = f.view.channelRowIndex({ui::graph::ChannelRow::Type::Channel, j, ChannelKind::Rotation, -1});
    ASSERT_TRUE(index.has_value());
    const QRect row = f.view.channelRowRect(*index);
    const QColor grey = ui::graph::componentColor(kW);
    bool found = false;
    for (int y = row.top(); y <= row.bottom() && !found; ++y)
        for (int x = row.left(); x <= row.right() && !found; ++x)
            found = image.pixelColor(x, y) == grey;
    EXPECT_TRUE(found) << "a W swatch in the rotation row";
    EXPECT_NE(grey, ui::graph::componentColor(0));
}

TEST(GraphQuaternion, DraggingAComponentKeyChangesItAndRenormalises)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("forearm_L");
    f.showOnly(j, ChannelKind::Rotation);
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Rotation);
    ASSERT_GE(curve, 0);
    const std::size_t cu = static_cast<std::size_t>(curve);
    const int comp = f.view.curves()[cu].component;
    const std::size_t index = f.view.curves()[cu].keys[k].index;
    const anim::QuatChannel before = f.track(j).rotation;
    const int entries = f.document->undoStack()->count();

    // Towards zero, so the component stays inside [-1, 1].
    const int down = before.values[index][comp] > 0.f ? 1 : -1;
    const QPoint press = f.keyPoint(curve, k);
    const QPoint to = press + QPoint(0, 30 * down);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, press);
    dragTo(&f.view, press + QPoint(0, 10 * down), Qt::LeftButton);
    dragTo(&f.view, to, Qt::LeftButton);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, to);

    const anim::QuatChannel& after = f.track(j).rotation;
    ASSERT_EQ(after.times, before.times) << "no time moved";
    const double dv = -down * 30.0 / f.view.valueAxis().pixelsPerUnit();
    EXPECT_NEAR(after.values[index][comp], before.values[index][comp] + dv, 1e-5);
    EXPECT_NEAR(glm::length(after.values[index]), 1.0, 1e-5) << "renormalised";
    for (std::size_t i = 0; i < after.size(); ++i) {
        if (i != index) {
            EXPECT_EQ(after.values[i], before.values[i]) << "key " << i;
        }
        if (i > 0) {
            EXPECT_GE(glm::dot(after.values[i - 1], after.values[i]), 0.f) << "one hemisphere at " << i;
        }
    }
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
}

TEST(GraphQuaternion, DraggingAHandleEditsThatComponentsTangent)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("forearm_L");
    f.editRotation(j, [](anim::QuatChannel& c) {
        anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::CubicSpline);
        anim::setKeyTangentMode(c, allKeys(c.size()), anim::TangentMode::AutoClamped);
    });
    f.showOnly(j, ChannelKind::Rotation);
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Rotation);
    ASSERT_GE(curve, 0);
    const std::size_t cu = static_cast<std::size_t>(curve);
    const int comp = f.view.curves()[cu].component;
    const std::size_t index = f.view.curves()[cu].keys[k].index;
    f.keys.setKeys({f.view.curves()[cu].keyId(f.view.curves()[cu].keys[k])});
    const auto handle = f.view.handlePosition(cu, k, HandleSide::Out);
    ASSERT_TRUE(handle.has_value());
    const anim::QuatChannel before = f.track(j).rotation;
    const int entries = f.document->undoStack()->count();

    const QPoint start = handle->toPoint();
    const QPoint end = start + QPoint(-10, -25);
    leftDrag(&f.view, start, end);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);

    const anim::QuatChannel& after = f.track(j).rotation;
    EXPECT_EQ(after.values, before.values);
    const ui::graph::HandleScales scales{f.view.timeAxis().pixelsPerSecond(), f.view.valueAxis().pixelsPerUnit()};
    const QPointF key = f.view.keyPosition(cu, k);
    const double wanted = ui::graph::slopeFromHandle({end.x() - key.x(), end.y() - key.y()}, HandleSide::Out, scales);
    EXPECT_NEAR(after.outTangents[index][comp], wanted, 1e-3 * std::abs(wanted) + 1e-5);
    for (int c = 0; c < 4; ++c)
        if (c != comp) {
            EXPECT_EQ(after.outTangents[index][c], before.outTangents[index][c]) << "component " << c;
        }
}

} // namespace
} // namespace marrow::test
