// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/key_id.h"
#include "widgets/timeline/graph/curve_sampling.h"

namespace marrow::ui::graph {

// Drawn units per stored unit of a track's channel: an Euler bone's angles
// are stored in radians and drawn in degrees (as Blender shows them); every
// other channel is drawn as stored. Edits divide by it on the way back.
double displayScale(const anim::JointTrack& track, doc::ChannelKind kind);

// The channel `kind` of `track` (doc::visitChannel's choice) sampled as
// sampleCurve samples it, in drawn units.
SampledCurve sampleChannelCurve(const anim::JointTrack& track, doc::ChannelKind kind, double maxStepSeconds,
                                SampleWindow window = {});

} // namespace marrow::ui::graph
