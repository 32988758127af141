// SPDX-License-Identifier: MIT
#pragma once
// Hands pinned where they rest (issue 40): where the source's hand stays
// put a while (on a prop, a table, a wall), the target's hand is held by
// two-bone IK where its carried hand was when the rest began, moving only
// as the source's hand moves (scaled by the arms), then eases back onto
// the carried motion. Off by default (ChainOptions::ik on an arm chain).
#include "core/anim/clip.h"
#include "core/anim/foot_contacts.h"
#include "core/anim/skeleton.h"
#include "core/model/bone_role.h"

#include <glm/vec3.hpp>

#include <span>
#include <vector>

namespace marrow::model {

// A hand rests while it moves slower than this many arm lengths a second...
inline constexpr float kHandRestSpeed = 0.15f;
// ... for at least this many frames.
inline constexpr int kHandRestFrames = 4;

// The rests of a hand's world track at `fps` (frames of the track).
std::vector<anim::Contact> handRests(std::span<const glm::vec3> track, float armLength, double fps);

// Per frame, how far the target's hand moves off its carried path `target`:
// through each rest it stays where it was at the rest's first frame,
// moving only as `source` moves (times `ratio`), and eases back over
// kFootRelease frames after. `held` gets the frames inside rests.
std::vector<glm::vec3> handOffsets(std::span<const anim::Contact> rests, std::span<const glm::vec3> source,
                                   std::span<const glm::vec3> target, float ratio, std::vector<bool>& held);

struct PinnedHandsInput {
    const anim::Skeleton* source = nullptr;
    const anim::Clip* clip = nullptr;  // on the source
    const anim::Skeleton* target = nullptr;
    anim::Clip* baked = nullptr;       // the carried clip on the target, keyed at every frame k / fps
    double fps = 30.0;
    std::vector<BodySide> sides;       // the arms to pin (Left, Right)
};

// Rekeys the target arms' rotations (upper arm down to the hand, the hand
// keeping its world rotation) where a hand is pinned. Returns how many
// (arm, frame) pairs were held inside a rest; an arm either skeleton lacks
// is left as carried.
int pinHands(const PinnedHandsInput& input);

} // namespace marrow::model
