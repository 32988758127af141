// SPDX-License-Identifier: MIT
#pragma once
// Feet that stay put when motion changes skeletons (issue 40). Carried by
// direction alone, a target whose legs are built unlike the source's (a
// longer shin, wider hips) puts its planted foot a little elsewhere each
// frame, above or below the ground, and skates. Around each source contact
// (the transitions' foot model: anim::clipGait) the target's visible foot
// (a control riding on the leg, or the foot) is stood by two-bone IK at the
// source's height above its ground, stepping only as the source's foot
// steps (scaled), easing in and out; the knee bends the way it bends over
// the clip, and the body comes down where a leg cannot reach. A contact the
// source's own foot skates through is left as carried.
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/model/bone_map.h"
#include "core/model/bone_role.h"

namespace marrow::model {

struct PlantedFeetInput {
    const anim::Skeleton* source = nullptr;
    const anim::Clip* clip = nullptr;    // on the source
    const anim::Skeleton* target = nullptr;
    anim::Clip* baked = nullptr;         // the carried clip on the target, keyed at every frame k / fps
    double fps = 30.0;
    float legRatio = 1.f;                // target legs / source's (Retargeted::legRatio)
    std::vector<BodySide> sides;         // the legs to hold (Left, Right)
};

// Rekeys the target legs' rotations (thigh down to the foot, the foot
// keeping its model-space rotation) at the frames where a foot is moved,
// and the body's translation where it comes down. Returns how many (leg,
// frame) pairs IK held inside a contact; a leg either skeleton lacks
// (model::bodyJoint) is left as carried.
int holdPlantedFeet(const PlantedFeetInput& input);

} // namespace marrow::model
