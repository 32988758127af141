// SPDX-License-Identifier: MIT
#include "core/workspace/brush_state.h"

#include <algorithm>
#include <cmath>

namespace marrow::ws {
namespace {

float clampOr(float value, float lo, float hi, float fallback)
{
    return std::isfinite(value) ? std::clamp(value, lo, hi) : fallback;
}

skin::BrushSettings clamped(skin::BrushSettings s, const skin::BrushSettings& old)
{
    s.weight = clampOr(s.weight, 0.f, 1.f, old.weight);
    s.strength = clampOr(s.strength, 0.f, 1.f, old.strength);
    s.radius = clampOr(s.radius, BrushState::kMinRadius, BrushState::kMaxRadius, old.radius);
    s.spacing = clampOr(s.spacing, 0.01f, 1.f, old.spacing);
    if (s.validate())  // an unknown enum value: keep the old settings
        return old;
    return s;
}

bool sameSettings(const skin::BrushSettings& a, const skin::BrushSettings& b)
{
    return a.mode == b.mode && a.weight == b.weight && a.radius == b.radius && a.strength == b.strength
        && a.falloff == b.falloff && a.falloffShape == b.falloffShape && a.frontFacesOnly == b.frontFacesOnly
        && a.spacing == b.spacing && a.accumulate == b.accumulate && a.autoNormalize == b.autoNormalize
        && a.xMirror == b.xMirror;
}

} // namespace

BrushState::BrushState(QObject* parent)
    : QObject(parent)
{
}

void BrushState::setSettings(const skin::BrushSettings& settings)
{
    const skin::BrushSettings next = clamped(settings, m_settings);
    if (sameSettings(next, m_settings))
        return;
    m_settings = next;
    emit settingsChanged();
}

void BrushState::setMode(skin::BrushMode mode)
{
    skin::BrushSettings s = m_settings;
    s.mode = mode;
    setSettings(s);
}

void BrushState::setWeight(float weight)
{
    skin::BrushSettings s = m_settings;
    s.weight = weight;
    setSettings(s);
}

void BrushState::setRadius(float pixels)
{
    skin::BrushSettings s = m_settings;
    s.radius = pixels;
    setSettings(s);
}

void BrushState::setStrength(float strength)
{
    skin::BrushSettings s = m_settings;
    s.strength = strength;
    setSettings(s);
}

void BrushState::setFalloff(skin::FalloffPreset preset)
{
    skin::BrushSettings s = m_settings;
    s.falloff = preset;
    setSettings(s);
}

void BrushState::setMirrorMode(model::MirrorPlaneMode mode)
{
    if (mode == m_mirrorMode || static_cast<unsigned>(mode) > static_cast<unsigned>(model::MirrorPlaneMode::Auto))
        return;
    m_mirrorMode = mode;
    emit mirrorModeChanged();
}

void BrushState::setShowZeroWeights(bool on)
{
    if (on == m_showZeroWeights)
        return;
    m_showZeroWeights = on;
    emit showZeroWeightsChanged(on);
}

void BrushState::setPaintMesh(model::MeshId mesh)
{
    if (mesh == m_paintMesh)
        return;
    m_paintMesh = mesh;
    emit paintMeshChanged(mesh);
}

void BrushState::setReadout(const QString& text)
{
    if (text == m_readout)
        return;
    m_readout = text;
    emit readoutChanged(text);
}

} // namespace marrow::ws
