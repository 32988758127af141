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

} // namespace

BrushState::BrushState(QObject* parent)
    : QObject(parent)
{
}

void BrushState::setSettings(const skin::BrushSettings& settings)
{
    const skin::BrushSettings next = clamped(settings, m_settings);
    if (next == m_settings)
        return;
    m_settings = next;
    emit settingsChanged();
}

void BrushState::setMode(skin::BrushMode mode)
{
    edit([&](skin::BrushSettings& s) { s.mode = mode; });
}

void BrushState::setWeight(float weight)
{
    edit([&](skin::BrushSettings& s) { s.weight = weight; });
}

void BrushState::setRadius(float pixels)
{
    edit([&](skin::BrushSettings& s) { s.radius = pixels; });
}

void BrushState::setStrength(float strength)
{
    edit([&](skin::BrushSettings& s) { s.strength = strength; });
}

void BrushState::setFalloff(skin::FalloffPreset preset)
{
    edit([&](skin::BrushSettings& s) { s.falloff = preset; });
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

void BrushState::setTool(PaintTool tool)
{
    if (tool == m_tool)
        return;
    m_tool = tool;
    emit toolChanged(tool);
}

void BrushState::setReadout(const QString& text)
{
    if (text == m_readout)
        return;
    m_readout = text;
    emit readoutChanged(text);
}

} // namespace marrow::ws
