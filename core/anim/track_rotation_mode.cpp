// SPDX-License-Identifier: MIT
#include "core/anim/track_rotation_mode.h"

#include "core/anim/auto_tangents.h"

#include <glm/gtc/quaternion.hpp>

namespace marrow::anim {

namespace {

// The keys' shape (times, interpolations, tangent modes) of `from` on `to`,
// with the values given and tangents recomputed from the modes.
template <class From, class To>
void rebuild(const Channel<From>& from, Channel<To>& to, std::vector<To> values)
{
    to = Channel<To>{};
    to.times = from.times;
    to.values = std::move(values);
    to.interpolations = from.interpolations;
    to.tangentModes = from.tangentModes;
    if (!from.anyCubic())
        return;
    to.inTangents.assign(to.times.size(), To{});
    to.outTangents.assign(to.times.size(), To{});
    if (to.tangentModes.size() != to.times.size())
        to.tangentModes.assign(to.times.size(), TangentMode::AutoClamped);
    for (TangentMode& m : to.tangentModes)
        if (m == TangentMode::Free || m == TangentMode::Aligned)
            m = TangentMode::AutoClamped;
    updateAutoTangents(to);
}

} // namespace

void convertRotationMode(JointTrack& track, RotationMode mode)
{
    if (mode == track.rotationMode || mode > kLastRotationMode)
        return;
    const RotationMode from = track.rotationMode;
    std::vector<glm::quat> rotations;
    if (isEuler(from))
        for (const glm::vec3& e : track.euler.values)
            rotations.push_back(eulerToQuat(e, from));
    else
        rotations = track.rotation.values;

    if (isEuler(mode)) {
        std::vector<glm::vec3> angles;
        for (std::size_t i = 0; i < rotations.size(); ++i)
            angles.push_back(i == 0 ? quatToEuler(rotations[i], mode)
                                    : quatToEulerNear(rotations[i], mode, angles.back()));
        if (isEuler(from)) {
            const Vec3Channel source = track.euler;  // rebuild() starts its target afresh
            rebuild(source, track.euler, std::move(angles));
        } else {
            rebuild(track.rotation, track.euler, std::move(angles));
        }
        track.rotation = QuatChannel{};
    } else {
        for (std::size_t i = 1; i < rotations.size(); ++i)
            if (glm::dot(rotations[i - 1], rotations[i]) < 0.f)
                rotations[i] = -rotations[i];  // the short way from the key before
        rebuild(track.euler, track.rotation, std::move(rotations));
        track.euler = Vec3Channel{};
    }
    track.rotationMode = mode;
}

} // namespace marrow::anim
