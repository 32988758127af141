// SPDX-License-Identifier: MIT
#include "core/model/transition.h"

#include "core/model/foot_markers.h"
#include "core/model/rig.h"

#include <algorithm>
#include <cmath>

namespace marrow::model {

anim::TransitionTiming Transition::timing(const Rig& rig) const
{
    anim::TransitionTiming t;
    t.lengthA = rig.clips[static_cast<std::size_t>(clipA)].duration;
    t.lengthB = rig.clips[static_cast<std::size_t>(clipB)].duration;
    t.exit = exit;
    t.offset = offset;
    t.duration = duration;
    t.curve = curve;
    t.sync = sync;
    t.cycleA = cycleA;
    t.cycleB = cycleB;
    t.mode = mode;
    if (!profile.empty())
        t.slowestScale = *std::max_element(profile.begin(), profile.end());
    t.previewLength = previewLength;
    return t;
}

anim::TransitionPoser Transition::poser(const Rig& rig) const
{
    const anim::Clip& a = rig.clips[static_cast<std::size_t>(clipA)];
    const anim::Clip& b = rig.clips[static_cast<std::size_t>(clipB)];
    anim::TransitionTiming t = timing(rig);
    if (t.syncs()) {  // sync by the clips' footfalls (the user's markers, or found from the feet)
        t.markersA = footfallMarkers(syncMarkersOf(rig, a));
        t.markersB = footfallMarkers(syncMarkersOf(rig, b));
    }
    return anim::TransitionPoser(rig.skeleton, a, b, t, profile, matchRoot);
}

std::optional<std::string> Transition::validate(std::size_t clipCount, std::size_t jointCount) const
{
    const auto inRange = [clipCount](ClipId c) { return c >= 0 && static_cast<std::size_t>(c) < clipCount; };
    if (!inRange(clipA) || !inRange(clipB))
        return "transition '" + name + "' names a clip the rig does not have";
    anim::TransitionTiming numbers;
    numbers.exit = exit;
    numbers.offset = offset;
    numbers.duration = duration;
    numbers.curve = curve;
    if (auto bad = numbers.validate())
        return "transition '" + name + "': " + *bad;
    if (static_cast<unsigned>(mode) > static_cast<unsigned>(anim::BlendMode::Inertialization))
        return "transition '" + name + "' has an unknown blend mode";
    if (!std::isfinite(previewLength) || previewLength < 0.0)
        return "transition '" + name + "' has a preview length that is not 0 or more";
    if (!profile.empty() && profile.size() != jointCount)
        return "transition '" + name + "' has a blend profile of " + std::to_string(profile.size()) + " joints for " +
               std::to_string(jointCount);
    for (float s : profile)
        if (!std::isfinite(s) || !(s > 0.f))
            return "transition '" + name + "' has a blend-time scale that is not above 0";
    return std::nullopt;
}

} // namespace marrow::model
