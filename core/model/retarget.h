// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/model/bone_map.h"

#include <array>
#include <optional>
#include <string>

namespace marrow::model {

// Carries a clip from one skeleton onto another through a bone map (issue
// 40). Every mapped target bone turns in model space as its source bone
// turns from its own rest, after its rest direction is brought onto the
// source's (so an A-pose source drives a T-pose target and both point their
// bones the same way); a bone with no child to aim, and a joint of no body
// part (a scene root), turns from its own rest as its source turns, and a
// scene root above the legs that is not the source's own keeps its rest.
// The joint the legs hang from travels the source's path, up and down
// scaled by the ratio of leg lengths and along the ground by the stride
// (retarget_stride.h); the source's own bones (same name and rest offset)
// bring their stretch. Unmapped joints keep their rest. Sampled at `fps`
// over the clip (keys every frame, linear), so onto the same skeleton the
// clip comes back at those frames. Leg chains with `ik` are then held at
// the source's contacts (retarget_feet.h), and foot and hand controls ride
// on their limbs (retarget_controls.h).

// The chains a retarget can treat apart (by the target joint's role, else
// its source's, else its parent's chain; roots are the spine's).
enum class RetargetChain { Spine, Head, LeftArm, RightArm, LeftLeg, RightLeg };
inline constexpr std::size_t kRetargetChains = 6;
const char* retargetChainName(RetargetChain chain);  // "spine", "head", "left arm", ...

struct ChainOptions {
    // World: each bone points where its source bone points in model space
    // (a shorter parent chain does not bend the limb). Local: each bone
    // turns from its rest as its source turns from its own, relative to
    // its parent, as an animator keyed it.
    enum class Follow { World, Local } follow = Follow::World;
    // Legs: two-bone IK stands the target's foot where the source's is
    // planted (the foot model's contacts; retarget_feet.h), stepping only as
    // the source's foot steps (scaled). On for legs by default
    // (RetargetOptions); a source foot that skates through a contact is
    // left as carried. Arms: where the source's hand rests (on a prop), IK
    // pins the target's there (retarget_hands.h); off by default.
    bool ik = false;
    bool operator==(const ChainOptions&) const = default;
};

// Every chain by world direction; the legs' feet held by IK.
inline std::array<ChainOptions, kRetargetChains> defaultRetargetChains()
{
    std::array<ChainOptions, kRetargetChains> chains{};
    chains[static_cast<std::size_t>(RetargetChain::LeftLeg)].ik = true;
    chains[static_cast<std::size_t>(RetargetChain::RightLeg)].ik = true;
    return chains;
}

struct RetargetOptions {
    std::array<ChainOptions, kRetargetChains> chains = defaultRetargetChains();
    // Keys at the source's key times (their union over its channels, within
    // the clip) instead of every frame at the input's rate: a sparse clip
    // stays sparse. Legs held by IK and riding controls still key each frame.
    bool atSourceKeys = false;
    ChainOptions& operator[](RetargetChain c) { return chains[static_cast<std::size_t>(c)]; }
    const ChainOptions& operator[](RetargetChain c) const { return chains[static_cast<std::size_t>(c)]; }
    bool operator==(const RetargetOptions&) const = default;
};

// Each target joint's chain.
std::vector<RetargetChain> retargetChains(const anim::Skeleton& source, const anim::Skeleton& target, const BoneMap& map);

struct RetargetInput {
    const anim::Skeleton* source = nullptr;
    const anim::Clip* clip = nullptr;  // on the source skeleton
    const anim::Skeleton* target = nullptr;
    BoneMap map;
    double fps = 30.0;
    RetargetOptions options;
};

struct Retargeted {
    anim::Clip clip;           // on the target skeleton, the source clip's name
    float legRatio = 1.f;      // target leg length / source's: how the hips' motion was scaled
    float strideRatio = 1.f;   // how the hips' path along the ground was scaled (retarget_stride.h)
    int plantedFrames = 0;     // frames where IK held a foot (over both legs)
    int pinnedFrames = 0;      // frames where IK held a resting hand (over both arms)
};

// nullopt with `error` naming the problem: no skeleton or clip, a map
// naming joints either skeleton lacks, a frame rate not above zero.
std::optional<Retargeted> retargetClip(const RetargetInput& input, std::string& error);

} // namespace marrow::model
