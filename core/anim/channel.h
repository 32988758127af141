// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace marrow::anim {

// How a channel moves from a key to the next (glTF's sampler
// interpolations, set per key as animators do).
enum class Interpolation : std::uint8_t { Step, Linear, CubicSpline };

// How a cubic key's tangents are made, as Blender's handle types:
// AutoClamped (recomputed from the neighbours, never overshooting), Flat
// (zero slopes), Free (as set by hand or imported: kept exactly, each side
// on its own), Aligned (kept; a hand edit of one side sets the other side's
// slope too, so the two stay collinear) or Vector (recomputed: each side
// points straight at its neighbouring key). Appended in this order, so the
// bytes of saved files keep their meaning.
enum class TangentMode : std::uint8_t { AutoClamped, Flat, Free, Aligned, Vector };
inline constexpr TangentMode kLastTangentMode = TangentMode::Vector;

const char* interpolationName(Interpolation i);
const char* tangentModeName(TangentMode m);

// One animated property of one joint: keys sorted by time, as parallel arrays
// so sampling touches only the memory it needs. Invariants (validate()):
// - times strictly increase, except that two equal times mark a jump (the
//   later key applies from that time on); values.size() == times.size();
// - interpolations is empty (every key Linear) or one per key: the segment
//   from key i to key i + 1 moves as interpolations[i] (the last key's mode
//   is kept for a key added after it);
// - when any segment is CubicSpline, inTangents and outTangents hold one
//   tangent per key (slopes per second, as glTF's: sampling scales them by
//   the segment's length); otherwise they are empty or one per key;
// - tangentModes is empty (every key Free) or one per key.
template <class T>
struct Channel {
    std::vector<float> times;
    std::vector<T> values;
    std::vector<Interpolation> interpolations;
    std::vector<T> inTangents;
    std::vector<T> outTangents;
    std::vector<TangentMode> tangentModes;

    bool empty() const { return times.empty(); }
    std::size_t size() const { return times.size(); }
    float firstTime() const { return times.empty() ? 0.f : times.front(); }
    float lastTime() const { return times.empty() ? 0.f : times.back(); }
    // How the segment from `key` to the next moves.
    Interpolation segment(std::size_t key) const
    {
        return key < interpolations.size() ? interpolations[key] : Interpolation::Linear;
    }
    // The mode every key shares, or nullopt for a channel that mixes modes.
    // An empty channel counts as Linear.
    std::optional<Interpolation> uniformInterpolation() const;
    bool anyCubic() const;
    // Every key takes `mode` (tangent arrays kept; zero-filled when cubic needs them).
    void setInterpolation(Interpolation mode);
    TangentMode tangentMode(std::size_t key) const
    {
        return key < tangentModes.size() ? tangentModes[key] : TangentMode::Free;
    }
    std::optional<std::string> validate() const;
    bool operator==(const Channel&) const = default;
};

// Zero of a channel's value type (a quaternion of four zeros, not the
// identity): what a flat tangent holds.
template <class T>
T zeroValue()
{
    if constexpr (std::is_same_v<T, glm::quat>)
        return glm::quat(0.f, 0.f, 0.f, 0.f);
    else
        return T(0.f);
}

using Vec3Channel = Channel<glm::vec3>;
using QuatChannel = Channel<glm::quat>;

extern template struct Channel<glm::vec3>;
extern template struct Channel<glm::quat>;

} // namespace marrow::anim
