// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "core/model/mirror_map.h"
#include "core/skin/brush_settings.h"

#include <QObject>
#include <QString>

namespace marrow::ws {

// What a left drag does in Weight Paint mode (Blender's weight-paint tools):
// paint with the brush, drag a weight gradient, or select vertices (click,
// Shift+click, drag a box).
enum class PaintTool : std::uint8_t { Brush, LinearGradient, RadialGradient, Select };

// The weight brush as the editor shares it: the settings the Weight Paint
// panel edits and the brush tool reads per dab (F, Shift+F, [ and ] edit them
// from the viewport), plus what the tool reports back for the panel: the
// nearest vertex's readout. View state: never saved, never on the undo
// stack. Setters clamp into range and emit only on change.
class BrushState : public QObject {
    Q_OBJECT
public:
    explicit BrushState(QObject* parent = nullptr);

    const skin::BrushSettings& settings() const { return m_settings; }
    // Replaces every setting (values clamped into range: weight and strength
    // to [0, 1], radius to [1, 2000] pixels, spacing to [0.01, 1]).
    void setSettings(const skin::BrushSettings& settings);
    void setMode(skin::BrushMode mode);
    void setWeight(float weight);
    void setRadius(float pixels);
    void setStrength(float strength);
    void setFalloff(skin::FalloffPreset preset);

    // Where X-mirror's symmetry plane comes from (see model::MirrorSettings).
    model::MirrorPlaneMode mirrorMode() const { return m_mirrorMode; }
    void setMirrorMode(model::MirrorPlaneMode mode);

    // Blender's "Show Zero Weights: Active": vertices without any weight of
    // the active bone get a distinct colour instead of the ramp's blue. Off
    // by default, as in Blender: the body then reads as blue, its shape lit.
    bool showZeroWeights() const { return m_showZeroWeights; }
    void setShowZeroWeights(bool on);

    // The Weight Paint tool a left drag uses; the brush settings above
    // (weight, strength, falloff, X-mirror) also shape the gradient.
    PaintTool tool() const { return m_tool; }
    void setTool(PaintTool tool);

    // Reported by the brush tool: a one-line readout of the vertex nearest
    // the cursor ("Vertex 812: upperarm_L 0.62, spine2 0.38"; empty when off
    // the active mesh). The mesh painted is ws::Selection's active mesh.
    const QString& readout() const { return m_readout; }
    void setReadout(const QString& text);

    static constexpr float kMinRadius = 1.f, kMaxRadius = 2000.f;

signals:
    void settingsChanged();
    void mirrorModeChanged();
    void showZeroWeightsChanged(bool on);
    void toolChanged(marrow::ws::PaintTool tool);
    void readoutChanged(const QString& text);

private:
    // One field changed through setSettings (clamping, signal on change).
    template <class Change>
    void edit(Change&& change)
    {
        skin::BrushSettings s = m_settings;
        change(s);
        setSettings(s);
    }

    skin::BrushSettings m_settings;
    model::MirrorPlaneMode m_mirrorMode = model::MirrorPlaneMode::FitJoints;
    bool m_showZeroWeights = false;
    PaintTool m_tool = PaintTool::Brush;
    QString m_readout;
};

} // namespace marrow::ws
