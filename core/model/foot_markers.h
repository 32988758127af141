// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/sync_markers.h"
#include "core/model/legs.h"
#include "core/model/rig.h"

#include <span>
#include <vector>

namespace marrow::model {

// The frame rate markers lie on: the one the rig's keys lie on
// (anim::detectFrameRate: the Khronos Fox's 24), else 30.
double markerFrameRate(const Rig& rig);

// Sync markers found in a clip from its legs' contacts (issue 37): per
// contact, the leg's label (L, R; FL, FR, HL, HR) where it starts and
// "<label> up" at its last planted frame (toe-off: the toe is the last to
// leave), over one cycle from the clip's start, on its frame grid at `fps`
// (0: markerFrameRate). In a clip that loops, a contact across the loop
// starts where it really starts, near the end, and lifts after the loop.
// Empty when the rig has no legs (findLegs).
std::vector<anim::SyncMarker> footMarkers(const Rig& rig, const anim::Clip& clip, double fps = 0.0);

// The markers a clip syncs by: the user's (Clip::syncMarkers, those inside
// [0, duration)) when set, otherwise footMarkers.
std::vector<anim::SyncMarker> syncMarkersOf(const Rig& rig, const anim::Clip& clip);

// The markers a synced blend pairs: footfalls keep the gait, lifts do not
// (a walk lifts one foot after the other lands, a run before: pairing lifts
// pairs a walk's stance with a run's flight). So: only L and R when there
// are any, else only HL and HR (the hind feet lead a quadruped's gait),
// else every marker not named "... up", else all.
std::vector<anim::SyncMarker> footfallMarkers(std::span<const anim::SyncMarker> markers);

} // namespace marrow::model
