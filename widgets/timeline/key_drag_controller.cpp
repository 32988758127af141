// SPDX-License-Identifier: MIT
#include "widgets/timeline/key_drag_controller.h"

#include "core/anim/key_landing.h"

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
    m_anchor = m_mouse = anchorTime;
    m_earliest = std::max(0.0, earliest);
    m_latest = m_earliest;
    m_delta = 0.0;
    m_factor = 1.0;
    m_free = false;
    m_duplicate = duplicate;
    m_moved = false;
    m_clamped = false;
    m_number.clear();
}

void KeyDragController::beginScale(double anchorTime, double pivot, double earliest, double latest)
{
    m_mode = Mode::Scale;
    m_anchor = m_mouse = anchorTime;
    m_pivot = pivot;
    m_earliest = std::min(earliest, latest);
    m_latest = std::max(earliest, latest);
    m_delta = 0.0;
    m_factor = 1.0;
    m_free = false;
    m_duplicate = false;
    m_moved = false;
    m_clamped = false;
    m_number.clear();
}

void KeyDragController::update(double time, bool free)
{
    if (!std::isfinite(time) || m_mode == Mode::None)
        return;
    m_mouse = time;
    m_free = free;
    recompute();
}

bool KeyDragController::type(char c)
{
    if (m_mode == Mode::None || !m_number.type(c))
        return false;
    recompute();
    return true;
}

bool KeyDragController::backspace()
{
    if (m_mode == Mode::None || !m_number.backspace())
        return false;
    recompute();
    return true;
}

void KeyDragController::recompute()
{
    const std::optional<float> typed = m_number.value();
    switch (m_mode) {
    case Mode::None: return;
    case Mode::Move: {
        // Snapped, the move goes by whole frames (keys keep their offsets
        // from the frames, as Blender's increment snapping); typed: frames.
        const double raw = typed ? *typed / m_fps : m_mouse - m_anchor;
        const double wanted = m_free || typed ? raw : std::round(raw * m_fps) / m_fps;
        m_delta = anim::clampKeyOffset(wanted, m_earliest);
        m_clamped = m_delta != wanted;
        m_moved = m_delta != 0.0;
        return;
    }
    case Mode::Scale: {
        const double lever = m_anchor - m_pivot;
        const double wanted = typed                            ? *typed
                              : std::abs(lever) < kMinScaleLever ? 1.0
                                                                 : (m_mouse - m_pivot) / lever;
        m_factor = anim::clampKeyFactor(wanted, m_pivot, m_earliest, m_latest);
        m_clamped = m_factor != wanted;
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
    m_clamped = false;
    m_number.clear();
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
    // The max(0) only absorbs float error: the clamped offset and factor keep keys at 0 or later.
    switch (m_mode) {
    case Mode::None: return t;
    case Mode::Move: return std::max(0.0, m_free ? t + m_delta : onFrameIfClose(t + m_delta));
    case Mode::Scale:
        return m_free ? std::max(0.0, m_pivot + (t - m_pivot) * m_factor)
                      : anim::snappedScaleTime(t, m_pivot, m_factor, m_fps);
    }
    return t;
}

} // namespace marrow::ui
