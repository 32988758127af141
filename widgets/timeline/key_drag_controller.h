// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/number_entry.h"

#include <optional>

namespace marrow::ui {

// The maths of a key move or scale in progress (a mouse drag from a key, or
// Blender's modal G / S / Shift+D): where the selected keys would ask to
// land for the time now under the mouse or the number typed. It never
// touches the document; the view lands keys by the landing rules
// (cmd::previewLanding for the ghosts, cmd::landSelectedKeys on confirm)
// with map() as the wanted time, so the command puts keys where the ghosts were.
//
// Snapped (the default), a move goes by whole frames at fps() (keys keep
// their offsets from the frames) and a scale scales, then rounds to whole
// frames; free (Ctrl held) keeps the raw mouse time. No key goes below time
// 0: the offset or factor stops at the bound (anim::clampKeyOffset,
// clampKeyFactor). A typed number (NumberEntry, as the viewport's modal)
// replaces the mouse: frames for a move, the factor for a scale. Plain C++, no Qt.
class KeyDragController {
public:
    enum class Mode { None, Move, Scale };

    explicit KeyDragController(double fps = 30.0) { setFps(fps); }
    void setFps(double fps);
    double fps() const { return m_fps; }

    // A move from the time under the mouse now; earliest is the earliest selected key's time.
    void beginMove(double anchorTime, double earliest, bool duplicate = false);
    // A scale about `pivot` (the playhead); the key under anchorTime follows
    // the mouse. [earliest, latest]: the selected keys' times, which bound the factor.
    void beginScale(double anchorTime, double pivot, double earliest, double latest);
    // The time now under the mouse; free: no snapping.
    void update(double time, bool free);
    // Typed input: '0'-'9', '.', '-' (toggles the sign); false when refused.
    bool type(char c);
    // Takes back the last typed character; false when nothing was typed.
    bool backspace();
    // Back to Mode::None (a confirm reads map() first).
    void end();

    Mode mode() const { return m_mode; }
    bool isActive() const { return m_mode != Mode::None; }
    bool isDuplicate() const { return m_duplicate; }
    bool isFree() const { return m_free; }
    const NumberEntry& typed() const { return m_number; }
    // Move: the time offset (snapped unless free, clamped); Scale: the factor (clamped).
    double delta() const { return m_delta; }
    double factor() const { return m_factor; }
    // True when the bound at time 0 stopped the offset or factor asked for.
    bool isClamped() const { return m_clamped; }
    // Where a selected key at time t asks to land (t itself when inactive).
    double map(double t) const;
    // True once an update changed where some key would land.
    bool hasMoved() const { return m_moved; }

private:
    void recompute();
    double onFrameIfClose(double t) const;

    Mode m_mode = Mode::None;
    double m_fps = 30.0;
    double m_anchor = 0.0;
    double m_mouse = 0.0;  // the last time update() saw
    double m_earliest = 0.0;
    double m_latest = 0.0;
    double m_pivot = 0.0;
    double m_delta = 0.0;
    double m_factor = 1.0;
    bool m_free = false;
    bool m_duplicate = false;
    bool m_moved = false;
    bool m_clamped = false;
    NumberEntry m_number;
};

} // namespace marrow::ui
