// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::ui {

// A ray in world space (direction normalised).
struct Ray {
    glm::vec3 origin{0.f};
    glm::vec3 direction{0.f, 0.f, -1.f};
};

// The viewport's turntable camera, Y up: it looks at `target()` from
// `distance()` away, turned by yaw about world Y and tilted by pitch. Plain
// glm, no Qt, so the navigation maths is tested without a display.
//
// Invariants: distance > 0; |pitch| < 90 degrees, so the view never flips
// over the pole; every operation ignores non-finite input.
class OrbitCamera {
public:
    glm::vec3 target() const { return m_target; }
    float distance() const { return m_distance; }
    float yaw() const { return m_yaw; }      // radians
    float pitch() const { return m_pitch; }  // radians, positive looks down
    float fieldOfViewY() const { return m_fovY; }
    glm::vec3 eye() const;
    glm::vec3 forward() const;  // unit, from the eye to the target
    glm::vec3 right() const;    // unit, screen right
    glm::vec3 up() const;       // unit, screen up

    void setTarget(const glm::vec3& target);
    void setDistance(float distance);         // clamped to [1e-4, 1e7]
    void setAngles(float yaw, float pitch);   // pitch clamped to +-89.5 degrees

    // Turns by pixel deltas (0.5 degrees per pixel): dragging right turns the
    // scene right, dragging down tilts it towards the viewer, as in Blender.
    void orbit(float dxPixels, float dyPixels);
    // Slides the target in the view plane so that the point under the cursor
    // at the target's depth follows the cursor exactly.
    void pan(float dxPixels, float dyPixels, float viewportHeightPixels);
    // Multiplies the distance by 0.85^steps (steps > 0 moves closer).
    void zoomSteps(float steps);
    // Drag zoom (Maya's Alt+RMB, Blender's Ctrl+MMB): right or up is closer.
    void zoomDrag(float dxPixels, float dyPixels);

    // Centres [lo, hi] and moves back until its bounding sphere fits the
    // narrower of the two fields of view, with a small margin. Ignored for
    // an empty box (lo > hi) or non-finite corners.
    void frame(const glm::vec3& lo, const glm::vec3& hi, float aspect);

    glm::mat4 view() const;
    // Near and far planes follow the distance, so small and huge models both
    // keep depth precision.
    glm::mat4 projection(float aspect) const;
    glm::mat4 viewProjection(float aspect) const { return projection(aspect) * view(); }

    // The ray through pixel (x, y), origin at the eye; y grows downwards as in Qt.
    Ray rayThrough(float x, float y, float width, float height) const;

private:
    glm::vec3 m_target{0.f};
    float m_distance = 5.f;
    float m_yaw = 0.6f;
    float m_pitch = 0.35f;
    float m_fovY = glm::radians(40.f);
};

} // namespace marrow::ui
