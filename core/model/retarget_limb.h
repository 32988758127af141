// SPDX-License-Identifier: MIT
#pragma once
// What holding a retargeted foot or hand by IK shares (issue 40): a limb's
// chain, the part of it a viewer sees (a control riding on its end), the
// way its middle joint bends, and one frame's reach. Used by
// retarget_feet.cpp and retarget_hands.cpp.
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/model/bone_role.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include <optional>
#include <span>
#include <vector>

namespace marrow::model::limb {

// IK aims no farther than this share of a limb's reach: a straight limb's
// middle joint has no bend to keep and turns about freely between frames.
inline constexpr float kMostReach = 0.98f;

std::vector<glm::mat4> restWorld(const anim::Skeleton& s);
glm::quat rotationOf(const glm::mat4& m);  // a world matrix's rotation, scale taken off
anim::JointTrack* trackOf(anim::Clip& clip, anim::JointIndex joint);

// A limb of the target: its end (foot or hand, bodyJoint), its top (thigh
// or upper arm), how many joints above the end IK turns (two for a thigh
// and shin; more with twist joints), what a viewer sees in the end's frame
// (a control riding on it: RobotExpressive's FootL or HandL, else identity)
// and its reach (the IK bones' rest lengths).
struct Chain {
    anim::JointIndex end = anim::kNoParent, top = anim::kNoParent;
    int bones = 0;
    glm::mat4 visible{1.f};
    float reach = 0.f;
};
// nullopt when the skeleton lacks the part or the top is not above the end (within four joints).
std::optional<Chain> chainOf(const anim::Skeleton& s, std::span<const glm::mat4> rest, BodyPart end, BodyPart top,
                             BodySide side);

// A track for `joint` and the `bones` joints above it (a twist joint the
// map left out keeps its rest), keyed at every frame so IK's keys change
// those frames only.
void keyChainJoints(anim::Clip& clip, const anim::Skeleton& s, anim::JointIndex joint, int bones, std::size_t frames,
                    double fps);

// Each chain's visible point at frames k / fps of `clip` (world), empty when a pose fails.
std::vector<std::vector<glm::vec3>> visiblePoints(const anim::Skeleton& s, const anim::Clip& clip,
                                                  std::span<const Chain> chains, std::size_t frames, double fps);

// Where a chain's middle joint stands off its top-to-end line (0 when straight).
glm::vec3 bendOf(const anim::Skeleton& s, std::span<const glm::mat4> worlds, const Chain& chain);

// One frame: turns the chain so its end reaches `goal` (short of
// kMostReach of its reach), bending toward `pole` when given, the end
// keeping its world rotation `keep`; `worlds` must be `locals`' and are
// updated. Rekeys the turned joints' rotations at `time` in `clip` (their
// tracks must exist). False when IK refused.
bool reach(const anim::Skeleton& s, std::span<math::Transform> locals, std::vector<glm::mat4>& worlds,
           anim::Clip& clip, float time, const Chain& chain, glm::vec3 goal, std::optional<glm::vec3> pole,
           const glm::quat& keep);

// Each chain's middle joint's usual bend over `frames` of `clip`, in the
// frame of its `frameJoints` entry (summed: a clear bend counts more than a
// nearly straight one), from one pass over the frames.
std::vector<glm::vec3> usualBends(const anim::Skeleton& s, const anim::Clip& clip, std::span<const Chain> chains,
                                  std::span<const anim::JointIndex> frameJoints, std::size_t frames, double fps);

// How many frames k / fps a clip baked at `fps` keys, from 0 to its end.
std::size_t bakedFrames(const anim::Clip& clip, double fps);

// The pole for one frame: the bend as carried where it is clear and on the
// usual side, else the usual bend (`usual` in `frameJoint`'s frame).
std::optional<glm::vec3> poleAt(const anim::Skeleton& s, std::span<const glm::mat4> worlds, const Chain& chain,
                                const glm::vec3& usual, anim::JointIndex frameJoint);

} // namespace marrow::model::limb
