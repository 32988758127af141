// SPDX-License-Identifier: MIT
#pragma once
#include <QColor>
#include <QFont>
#include <QFontMetrics>
#include <QRect>
#include <QSize>
#include <QString>

#include <vector>

class QPainter;

namespace marrow::ui {

// What the heat map's colours mean, drawn in the viewport's corner: the
// map's name, the colour ramp (or the few colours a map uses) and labels at
// the points of the ramp that matter.
struct HeatLegend {
    struct Mark {
        float at = 0.f;  // where on the ramp, 0..1 (the shader's heat)
        QString label;
    };
    QString title;              // "Weight: Spine", "Influence Count", "Symmetry Error"
    bool ramp = true;           // a continuous ramp; false: one swatch per mark
    std::vector<Mark> marks;    // low to high
    QString note;               // a line under it ("dark: no twin"), may be empty
};

// The shader's heat ramp (skinned_mesh.frag's heatRamp: blue, cyan, green,
// yellow, red at 0, .25, .5, .75, 1).
QColor heatRampColour(float heat);
// The colour of vertices a map marks as having nothing (kZeroColour).
QColor heatNoneColour();

// The legends of View › Weights, as skinned_mesh.vert maps each to the ramp.
HeatLegend weightLegend(const QString& bone);
HeatLegend influenceCountLegend(int limit);
HeatLegend normalisationLegend();
// A figure per vertex drawn red at `max` (Symmetry Error, As Exported,
// Changed on Import): the labels at 0 and at the top say what they mean.
HeatLegend scalarLegend(const QString& title, const QString& low, const QString& high, const QString& note = {});

// Draws the legend in the bottom-left corner of a view of `viewSize`, in
// heatLegendFont(the painter's font), within heatLegendRect.
void paintHeatLegend(QPainter& painter, const QSize& viewSize, const HeatLegend& legend);
QFont heatLegendFont(const QFont& base);
QRect heatLegendRect(const QSize& viewSize, const HeatLegend& legend, const QFontMetrics& metrics);

} // namespace marrow::ui
