// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"
#include "core/anim/clip_range.h"
#include "core/anim/morph_track.h"
#include "core/anim/rotation_mode.h"
#include "core/anim/skeleton.h"
#include "core/anim/sync_markers.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::anim {

// Which channels of a joint a clip animates.
enum ChannelBit : std::uint8_t { kTranslationBit = 1, kRotationBit = 2, kScaleBit = 4 };
using ChannelMask = std::uint8_t;

// The keys of one joint in one clip. An empty channel means "not animated":
// the joint keeps its rest value for it. The rotation lives in `rotation`
// (quaternion keys) when rotationMode is Quaternion, else in `euler` (three
// angle curves in radians, per axis, applied in the mode's order); the other
// one is empty. The mode is the bone's (model::Rig::rotationModes).
struct JointTrack {
    JointIndex joint = 0;
    Vec3Channel translation;
    QuatChannel rotation;
    Vec3Channel scale;
    RotationMode rotationMode = RotationMode::Quaternion;
    Vec3Channel euler;

    bool hasRotation() const { return !rotation.empty() || !euler.empty(); }

    ChannelMask mask() const;
    bool operator==(const JointTrack&) const = default;
};

// An editable animation clip: a name, a duration and at most one track per
// joint. Sampling reads it directly. Time runs from 0 to duration; channels
// clamp to their own key range. The duration follows the keys (the last key
// of any channel, morph weights included: updateDuration, and every key
// edit through cmd::AnimationEdit) unless the clip has a manual range, whose
// end it then is.
struct Clip {
    std::string name;
    float duration = 0.f;
    std::vector<JointTrack> tracks;
    // Morph-target weights, at most one track per mesh (Rig::validate checks
    // the meshes and their target counts).
    std::vector<MorphTrack> morphTracks{};  // {}: positional initialisations need not name it
    // Sync markers set by the user, sorted by time; nullopt: found from the
    // feet when asked (model::syncMarkersOf).
    std::optional<std::vector<SyncMarker>> syncMarkers{};
    // The manual frame range set by the user (Clip › Set Range…); nullopt:
    // the clip's length follows its keys. duration == range->end.
    std::optional<ClipRange> range{};

    // The track of a joint, or nullptr.
    const JointTrack* findTrack(JointIndex joint) const;
    const MorphTrack* findMorphTrack(std::uint32_t mesh) const;
    JointTrack* findTrack(JointIndex joint);
    // The latest key time over all channels, morph weights included (0 without keys).
    float lastKeyTime() const;
    // duration = the range's end, else the last key (0 without keys).
    void updateDuration();
    // Where playback starts and loops back to: the range's start, else 0.
    float start() const { return range ? range->start : 0.f; }
    // Channel validity, every track's joint < jointCount, at most once, and
    // a valid range the duration ends at.
    std::optional<std::string> validate(std::size_t jointCount) const;
    bool operator==(const Clip&) const = default;
};

} // namespace marrow::anim
