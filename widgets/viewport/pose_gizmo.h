// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/overlay_vertex.h"

#include <optional>
#include <vector>

namespace marrow::ui::gizmo {

// The pose tool's handles on the current bone, as Maya and Blender draw
// them: translation arrows, rotation rings (X red, Y green, Z blue, plus a
// larger view ring) and scale handles (boxes on short axes). Plain glm: the
// geometry, screen-space picking and the line pairs the viewport draws.
enum class Kind { Move, Rotate, Scale };
enum class HandleType { Arrow, Ring, ViewRing, Box };

struct Handle {
    HandleType type = HandleType::Ring;
    int axis = -1;  // 0, 1, 2 for X, Y, Z; -1 for the view ring
    bool operator==(const Handle&) const = default;
};

// Where the gizmo sits: origin (the bone's head), unit axes as columns
// (the bone's, or the world's), its size in world units (arrow length and
// ring radius) and the camera's forward direction (for the view ring).
struct Frame {
    glm::vec3 origin{0.f};
    glm::mat3 axes{1.f};
    float size = 1.f;
    glm::vec3 viewForward{0.f, 0.f, -1.f};
};

// The handles a kind shows, in pick priority order.
std::vector<Handle> handlesOf(Kind kind);

// The handle's shape as world-space line pairs (what is drawn and picked).
void handleSegments(const Frame& frame, Handle handle, std::vector<glm::vec3>& pairs);

// The handle under pixel `mouse` (y down) for a view: the one whose drawn
// segments pass nearest, within `tolerancePx`. Segments behind the eye are skipped.
std::optional<Handle> pick(const Frame& frame, Kind kind, const glm::mat4& viewProjection, glm::vec2 viewport,
                           glm::vec2 mouse, float tolerancePx = 8.f);

// X red, Y green, Z blue, the view ring light grey.
glm::vec4 colourOf(Handle handle);
// The hovered or dragged handle's colour.
glm::vec4 highlightColour();

// Appends the kind's handles as line pairs, each about three pixels wide
// with a dark outline (readable over the mesh and the dark background);
// `highlight` is drawn in the highlight colour. `worldPerPixel` is the
// world size of a pixel at the origin.
void append(std::vector<gl::OverlayVertex>& lines, const Frame& frame, Kind kind, std::optional<Handle> highlight,
            float worldPerPixel);

} // namespace marrow::ui::gizmo
