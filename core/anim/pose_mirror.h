// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/math/transform.h"

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::anim {

// Flipping a pose across a symmetry plane (paste flipped): joint j's pose
// goes to its partner k as its mirror image in model space, re-expressed in
// k's parent space. Nothing assumes that k's local axes are the mirror
// image of j's: rigs made in Blender give left and right bones rolls that
// are not (bone roll), so the axes are matched through the rest pose.
//
// With M the plane's reflection and F the rest world rotation of a joint
// (the product of the rest rotations down its chain), the correction X_j
// takes k's local axes to j's, mirrored (an orthogonal matrix with
// determinant -1). It is built parents first: the parents' correction
// carried through the two joints' rest rotations,
//   X_j = inverse(Rest_j) * X_p * Rest_k     (X of model space is M)
// then turned, as little as it can be, so that k's bone axis (the direction
// to its children that mirror j's, else on along its own offset) lands on
// j's when they are more than a few degrees apart (fully from 8 degrees,
// not below 2: closer axes differ by the rest's own small asymmetry in
// where the children sit). On a symmetric rest that is
// inverse(F_j) * M * F_k, a reflection and the difference of the two bones'
// rolls; on a rest that is not symmetric (an arm resting lower than the
// other) it is still a reflection and a roll about the bone. For a whole pose, k's
// model-space pose is the mirror of j's turned by X:
//   world_k = M * world_j * X_j
// and in k's parent space, with the parent flipped the same way (p and q
// the parents of j and k):
//   rotation     R_k = inverse(X_p) * R_j * X_j
//   translation  t_k = inverse(X_p) * t_j              (M * t_j for a root: the plane's offset too)
//   scale        s_k = j's scale magnitudes, each carried to the axis of k that mirrors it
// So a flipped pose's joints sit exactly at the mirror images of the
// source's (whatever the rest), a rest that is symmetric flips onto itself
// whatever the rolls, a pasted rotation never moves a joint off its parent
// beyond the rest's own asymmetry, and flipping twice gives the pose back.
// Pasting part of a pose uses the same locals: the target's parent is taken
// as posed like the mirror of the source's, as it is in a symmetric pose.
// A joint without a partner on the plane (the spine, the head) flips onto
// itself the same way. One well off the plane (a prop bone in one hand or
// at the hip, a camera or a light; its own partner and more than 5 % of the
// skeleton's extent from the plane) has no mirror image to go to: its
// change from its rest is mirrored instead, so unposed it stays where it is.
struct PoseMirror {
    glm::mat4 reflection{1.f};             // the plane's reflection in the skeleton's rest world space
    std::vector<JointIndex> partners;      // one per joint (itself when on the plane or unpaired)
    std::vector<glm::mat4> restWorlds;     // one per joint
    std::vector<glm::quat> restFrames;     // one per joint: the rest world rotation (F above)
    std::vector<glm::mat3> corrections;    // one per joint: X, its partner's local axes to its own, mirrored
    std::vector<std::uint8_t> offPlane;    // one per joint: 1 for a joint that is its own partner, well off the plane
};

// The reflection across the plane dot(normal, x) = offset (normal any non-zero length).
glm::mat4 reflectionAcross(const glm::vec3& normal, float offset);

// `partners` must hold one in-range joint per joint of the skeleton, each
// the partner of its partner; otherwise the mirror maps every joint onto
// itself. `reflection` must be a reflection across a plane (reflectionAcross).
PoseMirror makePoseMirror(const Skeleton& skeleton, const glm::vec3& planeNormal, float planeOffset,
                          std::vector<JointIndex> partners);
// The same with the reflection given as a matrix (reflectionAcross's).
PoseMirror makePoseMirror(const Skeleton& skeleton, const glm::mat4& reflection, std::vector<JointIndex> partners);

// Joint `from`'s local transform, mirrored onto joint `to` (its partner, or
// itself; two joints that are not partners are matched by their rest frames
// alone, inverse(F_from) * M * F_to).
math::Transform mirrorLocal(const Skeleton& skeleton, const PoseMirror& mirror, JointIndex from, JointIndex to,
                            const math::Transform& local);

// The whole pose flipped: out[partner(j)] = mirrorLocal(j -> partner(j), locals[j]).
std::vector<math::Transform> flipPose(const Skeleton& skeleton, const PoseMirror& mirror,
                                      std::span<const math::Transform> locals);

} // namespace marrow::anim
