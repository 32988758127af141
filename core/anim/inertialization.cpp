// SPDX-License-Identifier: MIT
#include "core/anim/inertialization.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

// Rotation offset q = a * inverse(b) on the short arc, as axis and angle.
void axisAngle(const glm::quat& q, glm::vec3& axis, double& angle)
{
    glm::quat s = q.w < 0.f ? -q : q;
    const double sinHalf = glm::length(glm::vec3(s.x, s.y, s.z));
    angle = 2.0 * std::atan2(sinHalf, static_cast<double>(s.w));
    axis = sinHalf > 1e-12 ? glm::vec3(s.x, s.y, s.z) / static_cast<float>(sinHalf) : glm::vec3(0.f, 0.f, 1.f);
}

// A vector offset's length, direction and speed along that direction.
InertialDecay vectorDecay(const glm::vec3& offset, const glm::vec3& offsetBefore, double dt, double duration,
                          glm::vec3& dir)
{
    const double length = glm::length(offset);
    dir = length > 1e-12 ? offset / static_cast<float>(length) : glm::vec3(0.f);
    const double speed = static_cast<double>(glm::dot(offset - offsetBefore, dir)) / dt;
    return InertialDecay::make(length, speed, duration);
}

} // namespace

InertialDecay InertialDecay::make(double x0In, double v0In, double duration)
{
    InertialDecay d;
    d.sign = x0In < 0.0 ? -1.0 : 1.0;
    d.x0 = x0In * d.sign;
    d.v0 = std::min(v0In * d.sign, 0.0);  // moving away from zero: no overshoot later
    if (d.x0 <= 0.0 || !(duration > 0.0))
        return d;  // nothing to decay: value 0 throughout
    d.t1 = d.v0 < 0.0 ? std::min(duration, -5.0 * d.x0 / d.v0) : duration;
    const double t1 = d.t1, t2 = t1 * t1;
    d.a0 = std::max(0.0, (-8.0 * d.v0 * t1 - 20.0 * d.x0) / t2);
    d.A = -(d.a0 * t2 + 6.0 * d.v0 * t1 + 12.0 * d.x0) / (2.0 * t2 * t2 * t1);
    d.B = (3.0 * d.a0 * t2 + 16.0 * d.v0 * t1 + 30.0 * d.x0) / (2.0 * t2 * t2);
    d.C = -(3.0 * d.a0 * t2 + 12.0 * d.v0 * t1 + 20.0 * d.x0) / (2.0 * t2 * t1);
    return d;
}

double InertialDecay::value(double t) const
{
    if (x0 <= 0.0 || t >= t1)
        return 0.0;
    t = std::max(t, 0.0);
    const double x = (((A * t + B) * t + C) * t + 0.5 * a0) * t * t + v0 * t + x0;
    return sign * x;
}

double InertialDecay::velocity(double t) const
{
    if (x0 <= 0.0 || t >= t1)
        return 0.0;
    t = std::max(t, 0.0);
    const double v = (((5.0 * A * t + 4.0 * B) * t + 3.0 * C) * t + a0) * t + v0;
    return sign * v;
}

InertialOffsets::InertialOffsets(std::span<const math::Transform> source, std::span<const math::Transform> sourceBefore,
                                 std::span<const math::Transform> target, double dt, double duration)
{
    const std::size_t n = std::min({source.size(), sourceBefore.size(), target.size()});
    m_joints.resize(n);
    for (std::size_t j = 0; j < n; ++j) {
        Joint& s = m_joints[j];
        s.translation = vectorDecay(source[j].translation - target[j].translation,
                                    sourceBefore[j].translation - target[j].translation, dt, duration,
                                    s.translationDir);
        s.scale = vectorDecay(source[j].scale - target[j].scale, sourceBefore[j].scale - target[j].scale, dt,
                              duration, s.scaleDir);
        double angle = 0.0, angleBefore = 0.0;
        glm::vec3 axisBefore;
        axisAngle(source[j].rotation * glm::inverse(target[j].rotation), s.axis, angle);
        axisAngle(sourceBefore[j].rotation * glm::inverse(target[j].rotation), axisBefore, angleBefore);
        // The earlier offset's angle about this axis (its component along it).
        const double along = angleBefore * static_cast<double>(glm::dot(axisBefore, s.axis));
        s.rotation = InertialDecay::make(angle, (angle - along) / dt, duration);
    }
}

void InertialOffsets::apply(double u, std::span<const math::Transform> target, std::span<math::Transform> out) const
{
    const std::size_t n = std::min({m_joints.size(), target.size(), out.size()});
    for (std::size_t j = 0; j < n; ++j) {
        const Joint& s = m_joints[j];
        math::Transform t = target[j];
        t.translation += s.translationDir * static_cast<float>(s.translation.value(u));
        t.scale += s.scaleDir * static_cast<float>(s.scale.value(u));
        t.rotation = glm::angleAxis(static_cast<float>(s.rotation.value(u)), s.axis) * t.rotation;
        out[j] = t;
    }
}

} // namespace marrow::anim
