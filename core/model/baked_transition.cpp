// SPDX-License-Identifier: MIT
#include "core/model/baked_transition.h"

#include "core/anim/track_rotation_mode.h"
#include "core/model/morph_weights.h"

namespace marrow::model {

std::optional<anim::Clip> bakedTransitionClip(const Rig& rig, const Transition& transition, double fps,
                                              anim::BakeRange range, std::string name, std::string& error)
{
    if (auto why = transition.validate(rig.clips.size(), rig.skeleton.size())) {
        error = *why;
        return std::nullopt;
    }
    anim::TransitionPoser poser = transition.poser(rig);
    std::optional<anim::Clip> clip =
        anim::bakeTransition(poser, fps, range, std::move(name), &error, defaultMorphWeights(rig.meshes));
    if (!clip)
        return std::nullopt;
    for (anim::JointTrack& track : clip->tracks)  // bones in an Euler mode keep it
        anim::convertRotationMode(track, rig.rotationModeOf(track.joint));
    return clip;
}

} // namespace marrow::model
