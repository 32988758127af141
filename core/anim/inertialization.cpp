// SPDX-License-Identifier: MIT
#include "core/anim/inertialization.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

// The rotation vector (axis times angle, short arc) of q.
glm::vec3 rotationVector(const glm::quat& q)
{
    const glm::quat s = q.w < 0.f ? -q : q;
    const glm::vec3 v(s.x, s.y, s.z);
    const double sinHalf = glm::length(v);
    if (sinHalf < 1e-12)
        return 2.f * v;
    const double angle = 2.0 * std::atan2(sinHalf, static_cast<double>(s.w));
    return v * static_cast<float>(angle / sinHalf);
}

glm::quat fromRotationVector(const glm::vec3& r)
{
    const float angle = glm::length(r);
    return angle < 1e-12f ? glm::quat(1.f, 0.5f * r.x, 0.5f * r.y, 0.5f * r.z) : glm::angleAxis(angle, r / angle);
}

} // namespace

InertialDecay InertialDecay::make(double x0In, double v0In, double duration)
{
    InertialDecay d;
    d.sign = x0In < 0.0 || (x0In == 0.0 && v0In < 0.0) ? -1.0 : 1.0;
    d.x0 = x0In * d.sign;
    d.v0 = v0In * d.sign;
    if ((d.x0 <= 0.0 && d.v0 <= 0.0) || !(duration > 0.0) || !std::isfinite(d.x0) || !std::isfinite(d.v0)) {
        d.x0 = d.v0 = 0.0;
        return d;  // nothing to decay: value 0 throughout
    }
    d.t1 = d.v0 < 0.0 ? std::min(duration, -5.0 * d.x0 / d.v0) : duration;
    const double t1 = d.t1, t2 = t1 * t1;
    d.a0 = (-8.0 * d.v0 * t1 - 20.0 * d.x0) / t2;
    d.A = -(d.a0 * t2 + 6.0 * d.v0 * t1 + 12.0 * d.x0) / (2.0 * t2 * t2 * t1);
    d.B = (3.0 * d.a0 * t2 + 16.0 * d.v0 * t1 + 30.0 * d.x0) / (2.0 * t2 * t2);
    d.C = -(3.0 * d.a0 * t2 + 12.0 * d.v0 * t1 + 20.0 * d.x0) / (2.0 * t2 * t1);
    return d;
}

double InertialDecay::value(double t) const
{
    if (t1 <= 0.0 || t >= t1)
        return 0.0;
    t = std::max(t, 0.0);
    const double x = (((A * t + B) * t + C) * t + 0.5 * a0) * t * t + v0 * t + x0;
    return sign * x;
}

double InertialDecay::velocity(double t) const
{
    if (t1 <= 0.0 || t >= t1)
        return 0.0;
    t = std::max(t, 0.0);
    const double v = (((5.0 * A * t + 4.0 * B) * t + 3.0 * C) * t + a0) * t + v0;
    return sign * v;
}

InertialOffsets::InertialOffsets(std::span<const math::Transform> source, std::span<const math::Transform> sourceBefore,
                                 std::span<const math::Transform> target, double dt, double duration,
                                 std::span<const math::Transform> targetAfter)
{
    const std::size_t n = std::min({source.size(), sourceBefore.size(), target.size()});
    const bool moving = targetAfter.size() >= n;
    m_duration = duration;
    m_joints.resize(n);
    for (std::size_t j = 0; j < n; ++j) {
        const math::Transform& after = moving ? targetAfter[j] : target[j];
        const glm::vec3 t0 = source[j].translation - target[j].translation;
        const glm::vec3 tv = ((source[j].translation - sourceBefore[j].translation) -
                              (after.translation - target[j].translation)) / static_cast<float>(dt);
        const glm::vec3 s0 = source[j].scale - target[j].scale;
        const glm::vec3 sv =
            ((source[j].scale - sourceBefore[j].scale) - (after.scale - target[j].scale)) / static_cast<float>(dt);
        const glm::vec3 r0 = rotationVector(source[j].rotation * glm::inverse(target[j].rotation));
        const glm::vec3 rv = (rotationVector(source[j].rotation * glm::inverse(sourceBefore[j].rotation)) -
                              rotationVector(after.rotation * glm::inverse(target[j].rotation))) / static_cast<float>(dt);
        for (int k = 0; k < 3; ++k) {
            m_joints[j].translation[k] = InertialDecay::make(t0[k], tv[k], duration);
            m_joints[j].scale[k] = InertialDecay::make(s0[k], sv[k], duration);
            m_joints[j].rotation[k] = InertialDecay::make(r0[k], rv[k], duration);
        }
    }
}

void InertialOffsets::carryRootVelocity(std::size_t joint, const glm::vec3& up)
{
    if (joint >= m_joints.size())
        return;
    m_root = joint;
    m_up = glm::length(up) > 0.f ? glm::normalize(up) : glm::vec3(0.f, 1.f, 0.f);
    Joint& j = m_joints[joint];
    glm::vec3 x0(0.f), v0(0.f);
    for (int k = 0; k < 3; ++k) {
        x0[k] = static_cast<float>(j.translation[k].value(0.0));
        v0[k] = static_cast<float>(j.translation[k].velocity(0.0));
    }
    m_rootVelocity = v0 - m_up * glm::dot(v0, m_up);
    // Its height offset decays as before; along the ground, only the velocity.
    const glm::vec3 height = m_up * glm::dot(x0, m_up), heightVelocity = m_up * glm::dot(v0, m_up);
    const glm::vec3 ground = x0 - height;
    for (int k = 0; k < 3; ++k)
        j.translation[k] = InertialDecay::make(height[k] + ground[k], heightVelocity[k], m_duration);
}

void InertialOffsets::apply(double u, std::span<const math::Transform> target, std::span<math::Transform> out) const
{
    const std::size_t n = std::min({m_joints.size(), target.size(), out.size()});
    for (std::size_t j = 0; j < n; ++j) {
        const Joint& s = m_joints[j];
        math::Transform t = target[j];
        glm::vec3 r(0.f);
        for (int k = 0; k < 3; ++k) {
            t.translation[k] += static_cast<float>(s.translation[k].value(u));
            t.scale[k] += static_cast<float>(s.scale[k].value(u));
            r[k] = static_cast<float>(s.rotation[k].value(u));
        }
        t.rotation = glm::normalize(fromRotationVector(r) * t.rotation);
        if (j == m_root && m_duration > 0.0) {
            // The distance the velocity offset made: D x (s - s^3 + s^4 / 2), the integral of 1 - smoothstep.
            const double s1 = std::clamp(u / m_duration, 0.0, 1.0);
            t.translation += m_rootVelocity * static_cast<float>(m_duration * (s1 - s1 * s1 * s1 + 0.5 * s1 * s1 * s1 * s1));
        }
        out[j] = t;
    }
}

} // namespace marrow::anim
