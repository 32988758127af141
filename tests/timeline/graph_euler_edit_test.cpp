// SPDX-License-Identifier: MIT
// GraphView on a bone in an Euler rotation mode: its rotation shows as the
// stored X, Y, Z angle curves in degrees, and key and handle drags edit the
// one angle curve grabbed, as translation curves are edited.
#include "graph_test_support.h"

#include <glm/gtc/constants.hpp>

namespace marrow::test {
namespace {

using doc::ChannelKind;
using ui::graph::HandleSide;

constexpr double kDegreesPerRadian = 180.0 / glm::pi<double>();

TEST(GraphEuler, RotationCurvesAreTheStoredAnglesInDegrees)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.setRotationMode(j, anim::RotationMode::EulerXYZ);
    const anim::Vec3Channel& euler = f.track(j).euler;
    ASSERT_FALSE(euler.empty());
    for (int comp = 0; comp < 3; ++comp) {
        const int c = f.curveIndex(j, ChannelKind::Rotation, comp);
        ASSERT_GE(c, 0);
        const auto& curve = f.view.curves()[static_cast<std::size_t>(c)];
        ASSERT_EQ(curve.keys.size(), euler.size());
        for (const auto& k : curve.keys)
            EXPECT_NEAR(k.value, euler.values[k.index][comp] * kDegreesPerRadian, 1e-4);
    }
    EXPECT_EQ(f.curveIndex(j, ChannelKind::Rotation, 3), -1) << "no W curve for Euler angles";
}

TEST(GraphEuler, DraggingAKeyUpChangesOnlyThatAngle)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.setRotationMode(j, anim::RotationMode::EulerZYX);
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Rotation);
    ASSERT_GE(curve, 0);
    const std::size_t cu = static_cast<std::size_t>(curve);
    const int comp = f.view.curves()[cu].component;
    const std::size_t index = f.view.curves()[cu].keys[k].index;
    const anim::JointTrack before = f.track(j);
    const int entries = f.document->undoStack()->count();

    const QPoint press = f.keyPoint(curve, k);
    const QPoint to = press + QPoint(0, -40);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, press);
    dragTo(&f.view, press + QPoint(0, -10), Qt::LeftButton);
    dragTo(&f.view, to, Qt::LeftButton);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, to);

    const anim::Vec3Channel& after = f.track(j).euler;
    ASSERT_EQ(after.times, before.euler.times) << "no time moved";
    const double degrees = 40.0 / f.view.valueAxis().pixelsPerUnit();
    EXPECT_GT(degrees, 0.01);
    EXPECT_NEAR((after.values[index][comp] - before.euler.values[index][comp]) * kDegreesPerRadian, degrees,
                1e-3 * degrees + 1e-4);
    for (std::size_t i = 0; i < after.size(); ++i)
        for (int c = 0; c < 3; ++c)
            if (i != index || c != comp) {
                EXPECT_EQ(after.values[i][c], before.euler.values[i][c]) << "key " << i << " axis " << c;
            }
    EXPECT_EQ(f.track(j).rotation, before.rotation);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
    f.document->undoStack()->undo();
    EXPECT_EQ(f.track(j), before);
}

TEST(GraphEuler, DraggingAHandleChangesOnlyThatAxisCurve)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.setRotationMode(j, anim::RotationMode::EulerXYZ);
    f.editEuler(j, [](anim::Vec3Channel& c) {
        anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::CubicSpline);
        anim::setKeyTangentMode(c, allKeys(c.size()), anim::TangentMode::AutoClamped);
    });
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Rotation);
    ASSERT_GE(curve, 0);
    const std::size_t cu = static_cast<std::size_t>(curve);
    const int comp = f.view.curves()[cu].component;
    const std::size_t index = f.view.curves()[cu].keys[k].index;
    f.keys.setKeys({f.view.curves()[cu].keyId(f.view.curves()[cu].keys[k])});
    const auto handle = f.view.handlePosition(cu, k, HandleSide::Out);
    ASSERT_TRUE(handle.has_value());
    const auto curvesBefore = f.view.curves();
    const anim::Vec3Channel before = f.track(j).euler;
    const int entries = f.document->undoStack()->count();

    const QPoint start = handle->toPoint();
    const QPoint end = start + QPoint(-10, -25);
    leftDrag(&f.view, start, end);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);

    const anim::Vec3Channel& after = f.track(j).euler;
    EXPECT_EQ(after.values, before.values);
    EXPECT_NE(after.outTangents[index][comp], before.outTangents[index][comp]);
    for (int c = 0; c < 3; ++c)
        if (c != comp) {
            EXPECT_EQ(after.outTangents[index][c], before.outTangents[index][c]);
            EXPECT_EQ(after.inTangents[index][c], before.inTangents[index][c]);
        }
    // The handle points where it was dropped, in degrees per second.
    const ui::graph::HandleScales scales{f.view.timeAxis().pixelsPerSecond(), f.view.valueAxis().pixelsPerUnit()};
    const QPointF key = f.view.keyPosition(cu, k);
    const double wanted = ui::graph::slopeFromHandle({end.x() - key.x(), end.y() - key.y()}, HandleSide::Out, scales);
    EXPECT_NEAR(after.outTangents[index][comp] * kDegreesPerRadian, wanted, 1e-3 * std::abs(wanted) + 1e-3);
    // The other axes' curves are drawn exactly as before.
    for (std::size_t c = 0; c < f.view.curves().size(); ++c) {
        const auto& now = f.view.curves()[c];
        if (now.kind == ChannelKind::Rotation && now.component != comp) {
            EXPECT_EQ(now.values, curvesBefore[c].values) << "axis " << now.component;
        }
    }
}

} // namespace
} // namespace marrow::test
