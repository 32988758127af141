// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/math/transform.h"
#include "core/model/ids.h"

#include <optional>
#include <vector>

namespace marrow::doc {

// One joint's whole track in one clip, as a key edit leaves it: nullopt
// means "no track" (a track a redo created and its undo removes). Document
// ::setTracks replaces a joint's track in place, appends a new one at the
// end, or erases it, so redo and undo restore the tracks' order exactly.
struct TrackEdit {
    model::JointIndex joint = 0;
    std::optional<anim::JointTrack> track;
    bool operator==(const TrackEdit&) const = default;
};

// One joint's pose override as an edit leaves it (nullopt: none).
struct PoseEdit {
    model::JointIndex joint = 0;
    std::optional<math::Transform> pose;
    bool operator==(const PoseEdit&) const = default;
};

// A state of part of the document's animation: some joints' tracks in one
// clip, that clip's duration, and some joints' pose overrides. An undoable
// animation edit is a pair of them (before, after) over the same joints.
struct AnimationState {
    model::ClipId clip = -1;
    std::vector<TrackEdit> tracks;
    float duration = 0.f;
    std::vector<PoseEdit> poses;
    bool operator==(const AnimationState&) const = default;
};

} // namespace marrow::doc
