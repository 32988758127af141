// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <optional>

namespace marrow::ui {

// A ray in world space (direction normalised).
struct Ray {
    glm::vec3 origin{0.f};
    glm::vec3 direction{0.f, 0.f, -1.f};
};

// Blender's axis views in Marrow's frame (Y up, a glTF character faces +Z):
// Front looks from +Z, Right from +X, Top from +Y down; the others are their
// opposites (Ctrl+numpad in Blender).
enum class AxisView { Front, Back, Right, Left, Top, Bottom };

// The viewport's turntable camera, Y up: it looks at `target()` from
// `distance()` away, turned by yaw about world Y and tilted by pitch. Plain
// glm, no Qt, so the navigation maths is tested without a display.
//
// Perspective or orthographic. The orthographic view shows a height of
// 2 * distance * tan(fov / 2), what perspective shows at the target's depth,
// so toggling keeps the size of what stands at the target; zoom, pan and
// frame work through the distance in both.
//
// Invariants: distance > 0; |pitch| <= 90 degrees (Top and Bottom are exact,
// the screen's up then comes from the yaw), so the view never flips over the
// pole; every operation ignores non-finite input.
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
    void setAngles(float yaw, float pitch);   // pitch clamped to +-90 degrees

    bool orthographic() const { return m_orthographic; }
    // An explicit choice (numpad 5): orbiting away from an axis view keeps it.
    void setOrthographic(bool on);
    // Half the height the view shows at the target's depth (world units).
    float viewHalfHeight() const;
    // World units per pixel at `point`'s depth (the same everywhere in
    // orthographic); 0 behind a perspective eye or for a non-positive height.
    float worldPerPixel(const glm::vec3& point, float viewportHeightPixels) const;

    // Turns to an axis view. With `autoPerspective` (Blender's default) a
    // perspective view becomes orthographic, and goes back to perspective
    // when an orbit leaves the axis views.
    void viewFrom(AxisView view, bool autoPerspective = true);
    // The axis view the angles are exactly at, if any.
    std::optional<AxisView> axisView() const;

    // Turns by pixel deltas (0.5 degrees per pixel): dragging right turns the
    // scene right, dragging down tilts it towards the viewer, as in Blender.
    // Leaving an axis view ends an automatic orthographic (see viewFrom).
    void orbit(float dxPixels, float dyPixels);
    // Slides the target in the view plane so that the point under the cursor
    // at the target's depth follows the cursor exactly.
    void pan(float dxPixels, float dyPixels, float viewportHeightPixels);
    // Multiplies the distance by 0.85^steps (steps > 0 moves closer).
    void zoomSteps(float steps);
    // Drag zoom (Maya's Alt+RMB, Blender's Ctrl+MMB): right or up is closer.
    void zoomDrag(float dxPixels, float dyPixels);

    // Centres [lo, hi] and moves back until its bounding sphere fits the
    // narrower of the two fields of view (or, orthographic, the narrower
    // side of the view), with a small margin. Ignored for an empty box
    // (lo > hi) or non-finite corners.
    void frame(const glm::vec3& lo, const glm::vec3& hi, float aspect);

    glm::mat4 view() const;
    // Near and far planes follow the distance, so small and huge models both
    // keep depth precision. Orthographic clips symmetrically about the eye,
    // deep enough that a framed model never loses its back when zoomed in.
    glm::mat4 projection(float aspect) const;
    glm::mat4 viewProjection(float aspect) const { return projection(aspect) * view(); }

    // The ray through pixel (x, y); y grows downwards as in Qt. Perspective:
    // from the eye. Orthographic: parallel to forward(), from the near plane
    // through the pixel, so whatever the view shows there lies ahead of it.
    Ray rayThrough(float x, float y, float width, float height) const;

private:
    // Half the depth an orthographic view keeps either side of the eye.
    float orthographicDepth() const;

    glm::vec3 m_target{0.f};
    float m_distance = 5.f;
    float m_yaw = 0.6f;
    float m_pitch = 0.35f;
    float m_fovY = glm::radians(40.f);
    bool m_orthographic = false;
    bool m_autoOrthographic = false;  // viewFrom() turned orthographic on
    float m_framedRadius = 0.f;       // the last frame()'s bounding sphere
};

} // namespace marrow::ui
