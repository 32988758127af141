// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/math/transform.h"

#include <optional>
#include <span>
#include <string>

namespace marrow::anim {

// Blends two sampled poses joint by joint (the transition rule). A joint
// animated in both poses lerps translation and scale and slerps rotation on the
// shortest arc between its full local TRS in a and in b; a joint animated in
// only one takes that pose's value; a joint animated in neither keeps rest.
// Owns nothing; allocates nothing.
struct BlendPosesJob {
    std::span<const math::Transform> a, b, rest;   // one per joint; a and b are full local TRS
    std::span<const ChannelMask> aAnimated, bAnimated;  // one per joint: non-zero if that clip animates it
    float weight = 0.f;                            // 0 gives a, 1 gives b; clamped to [0, 1]; NaN counts as 0
    std::span<math::Transform> output;             // one per joint; may alias a or b
    std::span<const float> jointWeights;           // empty (weight for all), or one per joint (a blend profile), clamped alike

    std::optional<std::string> validate() const;
    bool run() const;
};

} // namespace marrow::anim
