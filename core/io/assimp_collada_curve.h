// SPDX-License-Identifier: MIT
#pragma once
// One COLLADA 1.4.1 animation sampler, evaluated as the specification says
// (section "Curve interpolation"): each key's INTERPOLATION moves the
// segment to the next key; BEZIER control points are 2D, in time and value
// (the OUT_TANGENT of a key and the IN_TANGENT of the next), so the curve
// parameter is solved for the time first; HERMITE tangents become the
// equivalent Bézier (a third of each tangent); STEP holds; LINEAR lerps.
// Before the first key and after the last the value holds.
#include <optional>
#include <string>
#include <vector>

namespace marrow::io::assimp {

struct ColladaCurve {
    enum class Kind { Step, Linear, Bezier, Hermite };
    int dimension = 1;                // values per key
    std::vector<float> times;         // INPUT, increasing
    std::vector<float> values;        // OUTPUT, times.size() x dimension
    std::vector<Kind> kinds;          // per key (empty: LINEAR)
    // Per key, per component: (time, value) pairs; or value only (1D
    // tangents), whose times are then a third into the segment.
    std::vector<float> inTangents, outTangents;
    int tangentStride = 0;            // 2 x dimension, or dimension; 0: none

    bool curved() const;              // any Bézier or Hermite segment
    // The curve's components at `t` into `out` (dimension values).
    void evaluate(double t, float* out) const;
    // Why the sampler cannot be evaluated (counts, an unknown kind), or nullopt.
    std::optional<std::string> validate() const;
};

// "BEZIER", ... ; nullopt for one Marrow does not evaluate (CARDINAL, BSPLINE).
std::optional<ColladaCurve::Kind> colladaCurveKind(const std::string& name);

} // namespace marrow::io::assimp
