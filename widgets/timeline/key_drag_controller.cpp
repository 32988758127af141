// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_drag_controller.h"

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {

// Closer than this to the pivot, a scale anchor gives no usable factor.
constexpr double kMinScaleLever = 1e-6;
// Within this fraction of a frame, a moved time counts as on the frame.
constexpr double kOnFrame = 1e-4;

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
        // Snapped, the move goes by whole frames (keys keep their offsets
        // from the frames, as Blender's increment snapping).
        const double raw = time - m_anchor;
        m_delta = std::max(free ? raw : std::round(raw * m_fps) / m_fps, -m_earliest);
        m_moved = m_delta != 0.0;
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

double KeyDragController::onFrameIfClose(double t) const
{
    // Float key times sit a rounding error off their frame: a key on a frame
    // must land exactly on one (the float of n / fps), or it would miss the
    // key it should replace there by a hair.
    const double frame = std::round(t * m_fps);
    return std::abs(t * m_fps - frame) < kOnFrame ? frame / m_fps : t;
}

double KeyDragController::map(double t) const
{
    switch (m_mode) {
    case Mode::None: return t;
    case Mode::Move: return std::max(0.0, m_free ? t + m_delta : onFrameIfClose(t + m_delta));
    case Mode::Scale: return std::max(0.0, snap(m_pivot + (t - m_pivot) * m_factor));
    }
    return t;
}

} // namespace marrow::ui
