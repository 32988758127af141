// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/transform.h"

#include <span>
#include <vector>

namespace marrow::anim {

// Inertialization (Bollo, GDC 2018; Unreal's Inertialization node): at the
// switch the pose jumps to the target clip, and the offset of the source's
// pose from it decays to zero over the blend time with a quintic that
// starts at the offset's value, velocity and (clamped) acceleration and
// ends at zero with zero velocity and acceleration.
//
// One scalar decay. The offset is made positive (the sign is kept aside),
// a velocity moving away from zero is clamped to zero and a fast approach
// shortens the decay (t1 = min(D, -5 x0 / v0)), so the curve never
// overshoots zero; from t1 on it is exactly zero.
struct InertialDecay {
    double x0 = 0.0, v0 = 0.0, a0 = 0.0, t1 = 0.0;
    double A = 0.0, B = 0.0, C = 0.0;
    double sign = 1.0;

    static InertialDecay make(double x0, double v0, double duration);
    double value(double t) const;
    double velocity(double t) const;
};

// Per-joint offsets of a source pose from a target pose, with their
// velocities (from the source's pose one sample earlier), decayed together:
// translation and scale along their offset's direction, rotation about its
// offset's axis.
class InertialOffsets {
public:
    // source: the pose the blend leaves (A at e); sourceBefore: the same
    // `dt` seconds earlier; target: the pose it goes to (B at o). All one
    // transform per joint; dt > 0; duration > 0.
    InertialOffsets(std::span<const math::Transform> source, std::span<const math::Transform> sourceBefore,
                    std::span<const math::Transform> target, double dt, double duration);

    // `target` (the target clip's pose at u) plus the offsets decayed to u
    // (>= 0), into `out` (may alias target). Beyond the duration: target.
    void apply(double u, std::span<const math::Transform> target, std::span<math::Transform> out) const;

private:
    struct Joint {
        glm::vec3 translationDir{0.f}, scaleDir{0.f}, axis{0.f, 0.f, 1.f};
        InertialDecay translation, rotation, scale;
    };
    std::vector<Joint> m_joints;
};

} // namespace marrow::anim
