// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/math/transform.h"

#include <optional>
#include <span>
#include <vector>

namespace marrow::ui {

class OrbitCamera;

// The maths of posing bones with R / G / S and the gizmo handles, plain glm:
// which bones move, the axis constraint, and a joint's new local transform
// for a rotation, translation or scale given in world terms. The tool turns
// mouse motion or typed numbers into the amounts.
namespace pose_transform {

enum class Mode { Grab, Rotate, Scale };
enum class Space { View, World, Local };

// X/Y/Z pressed during a transform: View → World axis → Local axis → View;
// another axis goes straight to its World axis.
struct Constraint {
    Space space = Space::View;
    int axis = -1;  // 0, 1, 2; -1 with Space::View
    bool operator==(const Constraint&) const = default;
};
Constraint nextConstraint(Constraint current, int axis);

// One moving joint at the start of the transform.
struct JointStart {
    anim::JointIndex joint = -1;
    math::Transform local;
    glm::mat4 world{1.f};
    glm::mat4 parentWorld{1.f};  // identity for a root
};

// The selected joints that move: a joint under another selected joint moves
// with it and is left out (Blender does the same). Keeps the order given.
std::vector<anim::JointIndex> topMostJoints(const anim::Skeleton& skeleton, std::span<const anim::JointIndex> selected);
// Start records for `joints` from a pose's locals and worlds.
std::vector<JointStart> startOf(const anim::Skeleton& skeleton, std::span<const anim::JointIndex> joints,
                                std::span<const math::Transform> locals, std::span<const glm::mat4> worlds);

// The joint's unit axis `axis` in world space (its world matrix's column).
glm::vec3 localAxis(const JointStart& start, int axis);
// The unit world-space axis a constraint means for this joint; `view` for Space::View.
glm::vec3 constraintAxis(const JointStart& start, Constraint constraint, const glm::vec3& view);
// The joint's local axis (0-2) closest in direction to a world axis.
int nearestLocalAxis(const JointStart& start, const glm::vec3& worldAxis);

// The local transform after turning the joint by `radians` about the world
// axis through its head (right-handed). Translation and scale unchanged.
math::Transform rotated(const JointStart& start, const glm::vec3& worldAxis, float radians);
// After moving the joint's head by a world-space offset.
math::Transform translated(const JointStart& start, const glm::vec3& worldDelta);
// After multiplying its local scale by `factor` on one local axis (0-2) or all (-1).
math::Transform scaled(const JointStart& start, int localAxis, float factor);

// Screen maths; pixels with y down, as Qt's.
// The point's pixel position for a view; nullopt behind the eye.
std::optional<glm::vec2> project(const glm::mat4& viewProjection, glm::vec2 viewport, const glm::vec3& point);
// The signed angle from `from` to `to` around `pivot`, counter-clockwise on
// screen positive, in (-pi, pi].
float screenAngle(glm::vec2 pivot, glm::vec2 from, glm::vec2 to);
// A counter-clockwise screen turn of `screenRadians` as a rotation about
// `axis` (so the bone follows the mouse whichever way the axis points).
float angleAbout(const glm::vec3& axis, const glm::vec3& cameraForward, float screenRadians);
// The world offset that carries a point at `pivot`'s depth from under
// pixel `from` to under pixel `to` (a grab in the view plane).
glm::vec3 viewPlaneOffset(const OrbitCamera& camera, glm::vec2 viewport, const glm::vec3& pivot, glm::vec2 from,
                          glm::vec2 to);
// How far along the line through `pivot` with unit direction `axis` the
// mouse moved from `from` to `to`: the closest points of the pixel rays to
// the line. 0 when the line points along a ray.
float axisOffset(const OrbitCamera& camera, glm::vec2 viewport, const glm::vec3& pivot, const glm::vec3& axis,
                 glm::vec2 from, glm::vec2 to);
// Blender's scale: the distance from the pivot now over the distance at the start.
float scaleRatio(glm::vec2 pivot, glm::vec2 from, glm::vec2 to);

} // namespace pose_transform
} // namespace marrow::ui
