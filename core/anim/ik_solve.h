// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/math/transform.h"

#include <optional>
#include <span>
#include <vector>

namespace marrow::anim {

// Inverse kinematics for posing: grabbing a joint moves the chain of its
// parents so that the joint reaches a target, written back as local
// rotations only (translations and scales untouched, so bone lengths never
// change). Two bones solve analytically (law of cosines) and keep the
// chain's current bend plane, turned about the root-to-target line as
// little as possible; longer chains use FABRIK (Aristidou and Lasenby,
// 2011) then turn each joint by the shortest arc onto its new bone
// direction. An unreachable target stretches the chain straight towards
// it. Joints under a non-uniformly scaled parent rotate approximately.
struct IkRequest {
    JointIndex end = -1;           // the grabbed joint; it moves, its own rotation does not change
    int bones = 2;                 // how many parents rotate (the chain length), >= 1
    glm::vec3 target{0.f};         // where `end` should be, in world space
    glm::mat4 root{1.f};           // placed above every root joint (as LocalToWorldJob)
    int maxIterations = 32;        // FABRIK only
    float tolerance = 1e-6f;       // FABRIK stops when the end is this close (world units)
    // Two bones only: the side the middle joint bends toward (world), in
    // place of the side it bends to now, which a nearly straight chain
    // cannot tell from frame to frame (a knee would flip). Each bone then
    // turns by the shortest arc onto its new direction.
    std::optional<glm::vec3> pole{};
};

struct IkResult {
    bool solved = false;           // false: bad request (joint out of range, chain too short, not finite)
    bool reached = false;          // the end is within 1e-4 (relative to the chain's length) of the target
    float distance = 0.f;          // from the end to the target after solving
    std::vector<JointIndex> moved; // the joints whose local rotation changed, top of the chain first
};

IkResult solveIk(const Skeleton& skeleton, std::span<math::Transform> locals, const IkRequest& request);

// The joints from `end` up `bones` parents, top first and `end` last;
// empty when the joint is out of range or has fewer ancestors.
std::vector<JointIndex> ikChain(const Skeleton& skeleton, JointIndex end, int bones);

} // namespace marrow::anim
