// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/math/transform.h"

#include <span>
#include <vector>

namespace marrow::anim {

// Flipping a pose across a symmetry plane (paste flipped): joint j's pose
// goes to its partner, mirrored. Works on each joint's change from rest,
// seen in its parent's rest frame, so it needs no convention for how the
// rig's left and right bones orient their local axes:
//   D  = P_j * L_j * inverse(Rest_j) * inverse(P_j)    (the change, P = parent's rest world)
//   D' = M * D * M                                     (M: the reflection, M * M = I)
//   L' = inverse(P_k) * D' * P_k * Rest_k              (on the partner k)
// Flipping twice gives the pose back; a pose symmetric about the plane
// flips onto itself with its L and R locals swapped.
struct PoseMirror {
    glm::mat4 reflection{1.f};             // the plane's reflection in the skeleton's rest world space
    std::vector<JointIndex> partners;      // one per joint (itself when on the plane)
    std::vector<glm::mat4> restWorlds;     // one per joint
};

// The reflection across the plane dot(normal, x) = offset (normal any non-zero length).
glm::mat4 reflectionAcross(const glm::vec3& normal, float offset);

// `partners` must hold one in-range joint per joint of the skeleton;
// otherwise the mirror maps every joint onto itself.
PoseMirror makePoseMirror(const Skeleton& skeleton, const glm::vec3& planeNormal, float planeOffset,
                          std::vector<JointIndex> partners);

// Joint `from`'s local transform, mirrored onto joint `to` (usually its partner).
math::Transform mirrorLocal(const Skeleton& skeleton, const PoseMirror& mirror, JointIndex from, JointIndex to,
                            const math::Transform& local);

// The whole pose flipped: out[partner(j)] = mirrorLocal(j -> partner(j), locals[j]).
std::vector<math::Transform> flipPose(const Skeleton& skeleton, const PoseMirror& mirror,
                                      std::span<const math::Transform> locals);

} // namespace marrow::anim
