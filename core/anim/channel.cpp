// SPDX-License-Identifier: MIT
#include "core/anim/channel.h"

#include <cmath>

namespace marrow::anim {

const char* interpolationName(Interpolation i)
{
    switch (i) {
    case Interpolation::Step: return "STEP";
    case Interpolation::Linear: return "LINEAR";
    case Interpolation::CubicSpline: return "CUBICSPLINE";
    }
    return "?";
}

namespace {
bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const glm::quat& q) { return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w); }
} // namespace

template <class T>
std::optional<std::string> Channel<T>::validate() const
{
    if (values.size() != times.size())
        return "has " + std::to_string(times.size()) + " key times but " + std::to_string(values.size()) + " values";
    if (interpolation == Interpolation::CubicSpline &&
        (inTangents.size() != times.size() || outTangents.size() != times.size()))
        return "is CUBICSPLINE but lacks a tangent per key";
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (!std::isfinite(times[i]))
            return "key " + std::to_string(i) + " has a non-finite time";
        if (i > 0 && times[i] < times[i - 1])
            return "key times decrease at key " + std::to_string(i) + " (" + std::to_string(times[i - 1]) + " then " +
                   std::to_string(times[i]) + ")";
        // Three equal times cannot be told apart by sampling; reject them.
        if (i > 1 && times[i] == times[i - 2])
            return "has three keys at time " + std::to_string(times[i]);
        if (!finite(values[i]))
            return "key " + std::to_string(i) + " has a non-finite value";
        if (interpolation == Interpolation::CubicSpline && (!finite(inTangents[i]) || !finite(outTangents[i])))
            return "key " + std::to_string(i) + " has a non-finite tangent";
    }
    return std::nullopt;
}

template struct Channel<glm::vec3>;
template struct Channel<glm::quat>;

} // namespace marrow::anim
