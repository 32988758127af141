// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_drag_controller.h"

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {

// Closer than this to the pivot, a scale anchor gives no usable factor.
constexpr double kMinScaleLever = 1e-6;

} // namespace

void KeyDragController::setFps(double fps)
{
    if (std::isfinite(fps) && fps > 0.0)
        m_fps = fps;
}

void KeyDragController::beginMove(double anchorTime, double earliest, bool duplicate)
{
    m_mode = Mode::Move;
    m_anchor = anchorTime;
    m_earliest = std::max(0.0, earliest);
    m_delta = 0.0;
    m_factor = 1.0;
    m_free = false;
    m_duplicate = duplicate;
    m_moved = false;
}

void KeyDragController::beginScale(double anchorTime, double pivot)
{
    m_mode = Mode::Scale;
    m_anchor = anchorTime;
    m_pivot = pivot;
    m_delta = 0.0;
    m_factor = 1.0;
    m_free = false;
    m_duplicate = false;
    m_moved = false;
}

void KeyDragController::update(double time, bool free)
{
    if (!std::isfinite(time))
        return;
    m_free = free;
    switch (m_mode) {
    case Mode::None: return;
    case Mode::Move: {
        m_delta = std::max(time - m_anchor, -m_earliest);
        // Snapped, a move counts once it reaches half a frame (where the ghosts jump).
        m_moved = free ? m_delta != 0.0 : std::lround(m_delta * m_fps) != 0;
        return;
    }
    case Mode::Scale: {
        const double lever = m_anchor - m_pivot;
        m_factor = std::abs(lever) < kMinScaleLever ? 1.0 : (time - m_pivot) / lever;
        m_moved = m_factor != 1.0;
        return;
    }
    }
}

void KeyDragController::end()
{
    m_mode = Mode::None;
    m_duplicate = false;
    m_moved = false;
}

double KeyDragController::snap(double t) const
{
    return m_free ? t : std::round(t * m_fps) / m_fps;
}

double KeyDragController::map(double t) const
{
    switch (m_mode) {
    case Mode::None: return t;
    case Mode::Move: return std::max(0.0, snap(t + m_delta));
    case Mode::Scale: return std::max(0.0, snap(m_pivot + (t - m_pivot) * m_factor));
    }
    return t;
}

} // namespace marrow::ui
