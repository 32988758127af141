// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace marrow::ui::graph {

// A key as a point of its channel's curve.
struct CurveKey {
    std::size_t index = 0;  // into the channel's keys
    double time = 0.0;      // exactly the key's time
    glm::dvec4 value{0.0};  // x, y, z (and w for a quaternion), as glm stores them
};

// A channel's curve as a polyline of (time, components) samples in time order, from
// its first key to its last (the painter extends both ends flat, as
// sampling clamps). Two samples at one time draw a vertical jump: a Step
// segment is a hold to the next key's time, then a jump to its value; two
// keys at one time jump the same way. Interior samples come from
// anim::sampleChannel, so the curve is what playback poses; a segment's end
// is its left limit (the next key's value, or the held value for Step).
struct SampledCurve {
    int components = 3;  // 3: x, y, z; 4: a quaternion's x, y, z, w
    std::vector<double> times;
    std::vector<glm::dvec4> values;
    std::vector<CurveKey> keys;  // one per channel key, in key order
    std::uint64_t serial = 0;    // a CurveCache's number for this sampling (0: not cached)
};

// At most this many samples per segment, however far the view zooms in.
inline constexpr int kMaxSamplesPerSegment = 512;

// Which times need a smooth curve: segments outside [from, to] are off
// screen and take one straight step, so a long clip zoomed in costs what the
// view shows.
struct SampleWindow {
    double from = -std::numeric_limits<double>::infinity();
    double to = std::numeric_limits<double>::infinity();
};

// `maxStepSeconds` (> 0) bounds the time between two samples inside a curved
// segment within the window (the view passes a few pixels' worth). Linear
// vec3 segments are straight and take no interior samples.
SampledCurve sampleCurve(const anim::Vec3Channel& channel, double maxStepSeconds, SampleWindow window = {});
// Quaternions as their four components (Blender's W, X, Y, Z curves): keys
// as stored, normalised as playback normalises them; samples between keys
// are playback's, each in the hemisphere of the point before it, so a
// segment's curves run from key to key without a sign flip.
SampledCurve sampleCurve(const anim::QuatChannel& channel, double maxStepSeconds, SampleWindow window = {});

} // namespace marrow::ui::graph
