// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/model/bone_map.h"

#include <optional>
#include <string>

namespace marrow::model {

// Carries a clip from one skeleton onto another through a bone map (issue
// 40). Every mapped target bone turns in model space as its source bone
// turns from its own rest, after its rest direction is brought onto the
// source's (so an A-pose source drives a T-pose target and both point their
// bones the same way); a bone with no child to aim keeps the source's whole
// model-space rotation. The hips (the joint the source's hips drive) move
// by the source's motion scaled by the ratio of leg lengths; other mapped
// joints keep the target's proportions (their translation and scale change
// as the source's change from rest, scaled alike). Unmapped joints keep
// their rest. Sampled at `fps` over the clip (keys every frame, linear),
// so onto the same skeleton the clip comes back at those frames.
struct RetargetInput {
    const anim::Skeleton* source = nullptr;
    const anim::Clip* clip = nullptr;  // on the source skeleton
    const anim::Skeleton* target = nullptr;
    BoneMap map;
    double fps = 30.0;
};

struct Retargeted {
    anim::Clip clip;           // on the target skeleton, the source clip's name
    float legRatio = 1.f;      // target leg length / source's: how the hips' motion was scaled
};

// nullopt with `error` naming the problem: no skeleton or clip, a map
// naming joints either skeleton lacks, a frame rate not above zero.
std::optional<Retargeted> retargetClip(const RetargetInput& input, std::string& error);

} // namespace marrow::model
