// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/transition_pose.h"
#include "core/anim/transition_timing.h"
#include "core/model/ids.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::model {

struct Rig;

// A transition between two clips of the rig, as the document saves it
// (.marrow "TRAN" section): which clips, when and how fast (exit time in A,
// offset into B, duration, curve, sync, cycling, crossfade or
// inertialization, root matching) and a blend profile (per-joint blend-time
// scale). The numbers become an anim::TransitionTiming once the clips'
// lengths are known.
struct Transition {
    std::string name;
    ClipId clipA = 0;
    ClipId clipB = 0;       // may be clipA
    double exit = 0.0;      // seconds into A
    double offset = 0.0;    // seconds into B
    double duration = 0.5;  // > 0
    anim::BlendCurve curve;
    bool sync = false;
    bool cycleA = false;
    bool cycleB = false;
    anim::BlendMode mode = anim::BlendMode::Crossfade;
    bool matchRoot = false;  // B moved along the ground to start where A's root is (anim::RootMatch)
    std::vector<float> profile;  // empty (1 for every joint) or one scale > 0 per joint
    // The preview's length set by hand (a longer tail of B after the blend);
    // 0: automatic, max(blend end + 0.5 s, e + lenB - o) (anim::TransitionTiming::length).
    // Never shorter than the blend's end.
    double previewLength = 0.0;

    // The timing with the clips' lengths; the rig must hold both clips.
    anim::TransitionTiming timing(const Rig& rig) const;
    // The poser of this transition (preview, bake and CLI alike); the rig
    // must hold both clips and outlive it.
    anim::TransitionPoser poser(const Rig& rig) const;
    // nullopt when the clips exist, the numbers are in range and the
    // profile fits the skeleton.
    std::optional<std::string> validate(std::size_t clipCount, std::size_t jointCount) const;
    bool operator==(const Transition&) const = default;
};

} // namespace marrow::model
