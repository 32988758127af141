// SPDX-License-Identifier: MIT
#pragma once

namespace marrow::ui {

// The maths of a key move or scale in progress (a mouse drag from a key, or
// Blender's modal G / S / Shift+D): where the selected keys would land for
// the time now under the mouse. It never touches the document; the view
// draws ghosts at map(t) and, on confirm, hands map() to the key edit
// helper so the command lands the keys exactly where the ghosts were.
//
// Snapped (the default), a move goes by whole frames at fps() (keys keep
// their offsets from the frames) and a scale lands keys on whole frames;
// free (Ctrl held) keeps the raw mouse time. Moves never take a key below
// time 0 (the delta is clamped by the earliest selected key); scaled times
// are clamped at 0. Plain C++, no Qt.
class KeyDragController {
public:
    enum class Mode { None, Move, Scale };

    explicit KeyDragController(double fps = 30.0) { setFps(fps); }
    void setFps(double fps);
    double fps() const { return m_fps; }

    // A move from the time under the mouse now; earliest is the earliest selected key's time.
    void beginMove(double anchorTime, double earliest, bool duplicate = false);
    // A scale about `pivot` (the playhead); the key under anchorTime follows the mouse.
    void beginScale(double anchorTime, double pivot);
    // The time now under the mouse; free: no snapping.
    void update(double time, bool free);
    // Back to Mode::None (a confirm reads map() first).
    void end();

    Mode mode() const { return m_mode; }
    bool isActive() const { return m_mode != Mode::None; }
    bool isDuplicate() const { return m_duplicate; }
    bool isFree() const { return m_free; }
    // Move: the time offset (snapped unless free, clamped); Scale: the factor.
    double delta() const { return m_delta; }
    double factor() const { return m_factor; }
    // Where a selected key at time t lands (t itself when inactive).
    double map(double t) const;
    // True once an update changed where some key would land.
    bool hasMoved() const { return m_moved; }

private:
    double snap(double t) const;
    double onFrameIfClose(double t) const;

    Mode m_mode = Mode::None;
    double m_fps = 30.0;
    double m_anchor = 0.0;
    double m_earliest = 0.0;
    double m_pivot = 0.0;
    double m_delta = 0.0;
    double m_factor = 1.0;
    bool m_free = false;
    bool m_duplicate = false;
    bool m_moved = false;
};

} // namespace marrow::ui
