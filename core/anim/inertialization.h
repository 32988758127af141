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
// One scalar decay. The offset is made positive (the sign is kept aside);
// its velocity is kept whatever its direction (issue 37: clamping a
// velocity that moves away from zero, as Bollo does, stops the motion dead
// at the switch, a pop a viewer sees), and a fast approach shortens the
// decay (t1 = min(D, -5 x0 / v0)) rather than overshooting; from t1 on it
// is exactly zero.
struct InertialDecay {
    double x0 = 0.0, v0 = 0.0, a0 = 0.0, t1 = 0.0;
    double A = 0.0, B = 0.0, C = 0.0;
    double sign = 1.0;

    static InertialDecay make(double x0, double v0, double duration);
    double value(double t) const;
    double velocity(double t) const;
};

// Per-joint offsets of a source pose from a target pose, with their
// velocities (the source's and the target's, so the pose at the switch
// moves as the source did), each component decayed on its own:
// translation, scale, and rotation as a rotation vector (its offset's axis
// times angle), so an offset that is zero but moving carries its motion.
class InertialOffsets {
public:
    // source: the pose the blend leaves (A at e); sourceBefore: the same
    // `dt` seconds earlier; target: the pose it goes to (B at o);
    // targetAfter: B `dt` seconds later (empty: B stands still). All one
    // transform per joint; dt > 0; duration > 0.
    InertialOffsets(std::span<const math::Transform> source, std::span<const math::Transform> sourceBefore,
                    std::span<const math::Transform> target, double dt, double duration,
                    std::span<const math::Transform> targetAfter = {});

    // The root that travels (root motion, the ground plane normal to `up`):
    // along the ground its velocity offset decays (1 - smoothstep) and the
    // distance it made stays, so the root neither snaps back to B's path
    // (a lunge to catch up) nor jumps to B's speed (a pop).
    void carryRootVelocity(std::size_t joint, const glm::vec3& up);

    // `target` (the target clip's pose at u) plus the offsets decayed to u
    // (>= 0), into `out` (may alias target). Beyond the duration: target.
    void apply(double u, std::span<const math::Transform> target, std::span<math::Transform> out) const;

private:
    struct Joint {
        InertialDecay translation[3], rotation[3], scale[3];
    };
    std::vector<Joint> m_joints;
    std::size_t m_root = static_cast<std::size_t>(-1);
    glm::vec3 m_up{0.f, 1.f, 0.f};
    glm::vec3 m_rootVelocity{0.f};  // the root's velocity offset along the ground at the switch
    double m_duration = 0.0;
};

} // namespace marrow::anim
