// SPDX-License-Identifier: MIT
#include "core/anim/channel.h"
#include "core/math/finite.h"

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

const char* tangentModeName(TangentMode m)
{
    switch (m) {
    case TangentMode::AutoClamped: return "auto-clamped";
    case TangentMode::Flat: return "flat";
    case TangentMode::Free: return "free";
    case TangentMode::Aligned: return "aligned";
    case TangentMode::Vector: return "vector";
    }
    return "?";
}

template <class T>
std::optional<Interpolation> Channel<T>::uniformInterpolation() const
{
    if (interpolations.empty())
        return Interpolation::Linear;
    for (Interpolation i : interpolations)
        if (i != interpolations.front())
            return std::nullopt;
    return interpolations.front();
}

template <class T>
bool Channel<T>::anyCubic() const
{
    for (Interpolation i : interpolations)
        if (i == Interpolation::CubicSpline)
            return true;
    return false;
}

template <class T>
void Channel<T>::setInterpolation(Interpolation mode)
{
    interpolations.assign(times.size(), mode);
    if (mode == Interpolation::CubicSpline && inTangents.size() != times.size()) {
        inTangents.assign(times.size(), T{});
        outTangents.assign(times.size(), T{});
    }
}

template <class T>
std::optional<std::string> Channel<T>::validate() const
{
    if (values.size() != times.size())
        return "has " + std::to_string(times.size()) + " key times but " + std::to_string(values.size()) + " values";
    if (!interpolations.empty() && interpolations.size() != times.size())
        return "has " + std::to_string(interpolations.size()) + " interpolations for " + std::to_string(times.size()) + " keys";
    for (Interpolation i : interpolations)
        if (static_cast<unsigned>(i) > static_cast<unsigned>(Interpolation::CubicSpline))
            return "has an unknown interpolation";
    if (!tangentModes.empty() && tangentModes.size() != times.size())
        return "has " + std::to_string(tangentModes.size()) + " tangent modes for " + std::to_string(times.size()) + " keys";
    for (TangentMode m : tangentModes)
        if (static_cast<unsigned>(m) > static_cast<unsigned>(kLastTangentMode))
            return "has an unknown tangent mode";
    const bool tangents = !inTangents.empty() || !outTangents.empty() || anyCubic();
    if (tangents && (inTangents.size() != times.size() || outTangents.size() != times.size()))
        return anyCubic() ? "is CUBICSPLINE but lacks a tangent per key" : "has tangent arrays that do not match its keys";
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (!std::isfinite(times[i]))
            return "key " + std::to_string(i) + " has a non-finite time";
        if (i > 0 && times[i] < times[i - 1])
            return "key times decrease at key " + std::to_string(i) + " (" + std::to_string(times[i - 1]) + " then " +
                   std::to_string(times[i]) + ")";
        // Three equal times cannot be told apart by sampling; reject them.
        if (i > 1 && times[i] == times[i - 2])
            return "has three keys at time " + std::to_string(times[i]);
        if (!math::isFinite(values[i]))
            return "key " + std::to_string(i) + " has a non-finite value";
        if (tangents && (!math::isFinite(inTangents[i]) || !math::isFinite(outTangents[i])))
            return "key " + std::to_string(i) + " has a non-finite tangent";
    }
    return std::nullopt;
}

template struct Channel<glm::vec3>;
template struct Channel<glm::quat>;

} // namespace marrow::anim
