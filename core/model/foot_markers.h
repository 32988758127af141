// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/sync_markers.h"
#include "core/model/rig.h"

#include <optional>
#include <utility>
#include <vector>

namespace marrow::model {

// The left and right foot the markers follow: of the deforming feet
// (deformingFeet), the first named like a foot or ankle (not a toe) with a
// side, and its mirror twin. nullopt when there is no such pair.
std::optional<std::pair<anim::JointIndex, anim::JointIndex>> leftRightFeet(const Rig& rig);

// Sync markers found in a clip (Unreal's sync markers, found
// automatically): "L" and "R" where the left and right foot go down, "L up"
// and "R up" where they lift (anim::contactStarts and contactEnds over one
// cycle sampled at `fps`; contact within the
// skeleton's suggested contact height and under 10 of them a second of
// ground speed, measured against the clip's treadmill when it does not
// travel). Empty when the rig has no left/right feet.
std::vector<anim::SyncMarker> footMarkers(const Rig& rig, const anim::Clip& clip, double fps = 30.0);

// The markers a clip syncs by: the user's (Clip::syncMarkers, those inside
// [0, duration)) when set, otherwise footMarkers.
std::vector<anim::SyncMarker> syncMarkersOf(const Rig& rig, const anim::Clip& clip);

} // namespace marrow::model
