// SPDX-License-Identifier: MIT
#include "core/anim/clip.h"

#include <algorithm>
#include <cmath>

namespace marrow::anim {

ChannelMask JointTrack::mask() const
{
    ChannelMask m = 0;
    if (!translation.empty())
        m |= kTranslationBit;
    if (hasRotation())
        m |= kRotationBit;
    if (!scale.empty())
        m |= kScaleBit;
    return m;
}

const JointTrack* Clip::findTrack(JointIndex joint) const
{
    for (const JointTrack& t : tracks)
        if (t.joint == joint)
            return &t;
    return nullptr;
}

const MorphTrack* Clip::findMorphTrack(std::uint32_t mesh) const
{
    for (const MorphTrack& t : morphTracks)
        if (t.mesh == mesh)
            return &t;
    return nullptr;
}

JointTrack* Clip::findTrack(JointIndex joint)
{
    for (JointTrack& t : tracks)
        if (t.joint == joint)
            return &t;
    return nullptr;
}

float Clip::lastKeyTime() const
{
    float d = 0.f;
    for (const JointTrack& t : tracks)
        d = std::max({d, t.translation.lastTime(), t.rotation.lastTime(), t.euler.lastTime(), t.scale.lastTime()});
    for (const MorphTrack& t : morphTracks)
        d = std::max(d, t.lastTime());
    return d;
}

void Clip::updateDuration()
{
    duration = range ? range->end : lastKeyTime();
}

std::optional<std::string> Clip::validate(std::size_t jointCount) const
{
    std::vector<bool> seen(jointCount, false);
    for (const JointTrack& t : tracks) {
        if (t.joint < 0 || static_cast<std::size_t>(t.joint) >= jointCount)
            return "clip '" + name + "' animates joint " + std::to_string(t.joint) + ", out of range (" +
                   std::to_string(jointCount) + " joints)";
        if (seen[static_cast<std::size_t>(t.joint)])
            return "clip '" + name + "' has two tracks for joint " + std::to_string(t.joint);
        seen[static_cast<std::size_t>(t.joint)] = true;
        if (t.rotationMode > kLastRotationMode)
            return "clip '" + name + "', joint " + std::to_string(t.joint) + ": unknown rotation mode";
        if (isEuler(t.rotationMode) ? !t.rotation.empty() : !t.euler.empty())
            return "clip '" + name + "', joint " + std::to_string(t.joint) + ": rotation keys that are not in its " +
                   rotationModeName(t.rotationMode) + " mode";
        const char* names[] = {"translation", "rotation", "scale", "Euler rotation"};
        const std::optional<std::string> errs[] = {t.translation.validate(), t.rotation.validate(), t.scale.validate(),
                                                   t.euler.validate()};
        for (int k = 0; k < 4; ++k)
            if (errs[k])
                return "clip '" + name + "', joint " + std::to_string(t.joint) + " " + names[k] + ": " + *errs[k];
    }
    if (range) {
        if (auto why = validateRange(*range))
            return "clip '" + name + "' has " + *why;
        if (duration != range->end)
            return "clip '" + name + "' is " + std::to_string(duration) + " s long, not its frame range's end (" +
                   std::to_string(range->end) + " s)";
    }
    if (syncMarkers)
        for (const SyncMarker& m : *syncMarkers)
            if (!std::isfinite(m.time))
                return "clip '" + name + "': sync marker '" + m.name + "' has a time that is not finite";
    return std::nullopt;
}

} // namespace marrow::anim
