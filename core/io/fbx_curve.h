// SPDX-License-Identifier: MIT
#pragma once
// One FBX AnimationCurve, evaluated as the FBX SDK does. Assimp 5.2 keeps
// only the key values and joins them with straight lines; between keys
// that puts a sparsely keyed run's foot up to 3 % of the character's
// height away from what the file says.
// - KeyTime in FBX ticks (46186158000 a second), KeyValueFloat, and the
//   per-key flags and four attribute floats, run-length coded by
//   KeyAttrRefCount.
// - A segment takes the interpolation of its first key: constant (the key's
//   value, or the next key's with "constant next"), linear, or cubic: a
//   Bézier in time and value with the keys' slopes, whose control points
//   lie at a weight (default 1/3) of the segment's length. Weighted
//   tangents make the time a cubic too: the curve parameter is solved for.
// - Slopes: user and broken tangents as stored (a key's right slope and
//   the next key's left slope); auto tangents from the neighbouring keys,
//   the stored slopes acting as bias, clamped where the flags say; TCB
//   (tension, continuity, bias) from the neighbouring slopes. Velocity is
//   not used (the SDK folds it into the weights).
// - Before the first key and after the last the curve holds the end value.
#include "core/io/fbx_tree.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::io::fbx {

inline constexpr double kTicksPerSecond = 46186158000.0;

struct CurveKey {
    double time = 0.0;  // seconds
    double value = 0.0;
    std::uint32_t flags = 0;
    double leftSlope = 0.0, rightSlope = 0.0;
    double leftWeight = 1.0 / 3.0, rightWeight = 1.0 / 3.0;
};

struct Curve {
    std::vector<CurveKey> keys;  // in time order
    double defaultValue = 0.0;

    // The curve read from an AnimationCurve node, or nullopt with `error`.
    static std::optional<Curve> fromNode(const Node& node, std::string& error);

    double at(double seconds) const;
    // The keys joined by straight lines, as Assimp reads the curve.
    double straightAt(double seconds) const;
    // True when a segment is cubic or steps: Assimp's straight lines are wrong there.
    bool curved() const;
    // True when the segment from this key is constant and then jumps to the
    // next key's value (at its end, or at its start for "constant next").
    bool steps(std::size_t segment) const;

private:
    // The keys around t, or none (a == nullptr) and the value held there: the
    // default without keys, the end key's before the first or after the last.
    struct Segment {
        const CurveKey *a, *b;
        double held;
    };
    Segment segmentAt(double t) const;
};

namespace key_flags {
inline constexpr std::uint32_t kConstant = 0x2, kLinear = 0x4, kCubic = 0x8;
inline constexpr std::uint32_t kAuto = 0x100, kConstantNext = 0x100, kTcb = 0x200, kUser = 0x400, kBroken = 0x800;
inline constexpr std::uint32_t kClamp = 0x1000, kTimeIndependent = 0x2000, kClampProgressive = 0x4000;
inline constexpr std::uint32_t kWeightedRight = 0x1000000, kWeightedNextLeft = 0x2000000;
} // namespace key_flags

} // namespace marrow::io::fbx
