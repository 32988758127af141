// SPDX-License-Identifier: MIT
#include "core/workspace/brush_state.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

#include <limits>

using namespace marrow;

TEST(BrushState, SettersClampIntoRangeAndEmitOnlyOnChange)
{
    ws::BrushState brush;
    QSignalSpy changed(&brush, &ws::BrushState::settingsChanged);

    brush.setWeight(1.7f);
    EXPECT_EQ(brush.settings().weight, 1.f);
    EXPECT_EQ(changed.count(), 0) << "1.7 clamps to the default 1: no change";
    brush.setWeight(0.25f);
    EXPECT_EQ(brush.settings().weight, 0.25f);
    EXPECT_EQ(changed.count(), 1);

    brush.setRadius(0.f);
    EXPECT_EQ(brush.settings().radius, ws::BrushState::kMinRadius);
    brush.setRadius(1e9f);
    EXPECT_EQ(brush.settings().radius, ws::BrushState::kMaxRadius);
    brush.setStrength(-3.f);
    EXPECT_EQ(brush.settings().strength, 0.f);

    const int before = changed.count();
    brush.setStrength(std::numeric_limits<float>::quiet_NaN());
    EXPECT_EQ(brush.settings().strength, 0.f) << "NaN keeps the old value";
    EXPECT_EQ(changed.count(), before);

    skin::BrushSettings bad = brush.settings();
    bad.mode = static_cast<skin::BrushMode>(42);
    brush.setSettings(bad);
    EXPECT_EQ(brush.settings().mode, skin::BrushMode::Mix) << "an unknown mode is refused";
    EXPECT_EQ(changed.count(), before);
    EXPECT_FALSE(brush.settings().validate());
}

TEST(BrushState, ReportsTheReadout)
{
    ws::BrushState brush;
    QSignalSpy readout(&brush, &ws::BrushState::readoutChanged);
    brush.setReadout("Vertex 4: hip 1.00");
    brush.setReadout("Vertex 4: hip 1.00");
    EXPECT_EQ(readout.count(), 1);
    EXPECT_EQ(readout.at(0).at(0).toString(), "Vertex 4: hip 1.00");
    EXPECT_FALSE(brush.showZeroWeights()) << "off by default, as Blender";
    EXPECT_EQ(brush.mirrorMode(), model::MirrorPlaneMode::FitJoints);
}
