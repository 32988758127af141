// SPDX-License-Identifier: MIT
#include "core/anim/rotation_mode.h"
#include "core/math/finite.h"

#include <array>
#include <cmath>
#include <numbers>

namespace marrow::anim {

namespace {

constexpr double kPi = std::numbers::pi;
// cos(middle angle) below this is gimbal lock (about 1e-5 degrees from 90).
constexpr double kGimbalCos = 2e-7;

// The axes in the order they are applied: first, middle, last.
std::array<int, 3> axesOf(RotationMode order)
{
    switch (order) {
    case RotationMode::Quaternion:
    case RotationMode::EulerXYZ: return {0, 1, 2};
    case RotationMode::EulerXZY: return {0, 2, 1};
    case RotationMode::EulerYXZ: return {1, 0, 2};
    case RotationMode::EulerYZX: return {1, 2, 0};
    case RotationMode::EulerZXY: return {2, 0, 1};
    case RotationMode::EulerZYX: return {2, 1, 0};
    }
    return {0, 1, 2};
}

glm::dquat axisTurn(int axis, double angle)
{
    glm::dvec3 a(0.0);
    a[axis] = std::sin(0.5 * angle);
    return glm::dquat(std::cos(0.5 * angle), a.x, a.y, a.z);
}

double wrapNear(double v, double ref)
{
    return v + 2.0 * kPi * std::round((ref - v) / (2.0 * kPi));
}

// At gimbal lock only first +- last is defined: keep the reference's last
// angle and give the first the rest, so a view showing (50, 90, 20) does not
// jump to (30, 90, 0). The sign of the coupling depends on the order and the
// middle angle's sign; the one that gives q back is taken.
glm::vec3 gimbalLockNear(const glm::quat& q, RotationMode order, glm::vec3 base, const glm::vec3& reference)
{
    const std::array<int, 3> axes = axesOf(order);
    const int i = axes[0];
    const int k = axes[2];
    const float shift = reference[k] - base[k];
    glm::vec3 best = base;
    float bestDot = -1.f;
    for (float sign : {1.f, -1.f}) {
        glm::vec3 c = base;
        c[k] = reference[k];
        c[i] = base[i] + sign * shift;
        const float dot = std::fabs(glm::dot(eulerToQuat(c, order), glm::normalize(q)));
        if (dot > bestDot) {
            best = c;
            bestDot = dot;
        }
    }
    return best;
}

} // namespace

const char* rotationModeName(RotationMode mode)
{
    switch (mode) {
    case RotationMode::Quaternion: return "Quaternion (WXYZ)";
    case RotationMode::EulerXYZ: return "XYZ Euler";
    case RotationMode::EulerXZY: return "XZY Euler";
    case RotationMode::EulerYXZ: return "YXZ Euler";
    case RotationMode::EulerYZX: return "YZX Euler";
    case RotationMode::EulerZXY: return "ZXY Euler";
    case RotationMode::EulerZYX: return "ZYX Euler";
    }
    return "";
}

glm::quat eulerToQuat(const glm::vec3& angles, RotationMode order)
{
    if (!math::isFinite(angles))
        return glm::quat(1.f, 0.f, 0.f, 0.f);
    const auto [i, j, k] = axesOf(order);
    // Column vectors: the rightmost factor acts first.
    const glm::dquat q = glm::normalize(axisTurn(k, angles[k]) * axisTurn(j, angles[j]) * axisTurn(i, angles[i]));
    return glm::quat(static_cast<float>(q.w), static_cast<float>(q.x), static_cast<float>(q.y), static_cast<float>(q.z));
}

glm::vec3 quatToEuler(const glm::quat& qf, RotationMode order)
{
    glm::dquat q(qf.w, qf.x, qf.y, qf.z);
    const double n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    if (!std::isfinite(n) || n < 1e-30)
        return glm::vec3(0.f);
    q = q * (1.0 / n);
    const glm::dmat3 m = glm::mat3_cast(q);  // m[column][row]
    auto at = [&](int row, int column) { return m[column][row]; };
    const auto [i, j, k] = axesOf(order);
    // (i, j, k) a cyclic permutation of (x, y, z) or not: the sign of the
    // middle angle's sine and of the others' atan2 arguments flips with it.
    const double s = ((j - i + 3) % 3 == 1) ? 1.0 : -1.0;
    const double cosMiddle = std::hypot(at(i, i), at(j, i));
    glm::dvec3 out(0.0);
    out[j] = std::atan2(-s * at(k, i), cosMiddle);
    if (cosMiddle > kGimbalCos) {
        out[k] = std::atan2(s * at(j, i), at(i, i));
        out[i] = std::atan2(s * at(k, j), at(k, k));
    } else {
        out[k] = 0.0;  // only first +- last is defined: the first axis takes it
        out[i] = std::atan2(-s * at(j, k), at(j, j));
    }
    return glm::vec3(out);
}

glm::vec3 quatToEulerNear(const glm::quat& q, RotationMode order, const glm::vec3& reference)
{
    glm::vec3 base = quatToEuler(q, order);
    if (!math::isFinite(reference))
        return base;
    const auto [i, j, k] = axesOf(order);
    if (std::fabs(std::cos(static_cast<double>(base[j]))) <= 2.0 * kGimbalCos)
        base = gimbalLockNear(q, order, base, reference);
    // The other triple for the same rotation: first + pi, pi - middle, last + pi.
    glm::dvec3 flipped(base);
    flipped[i] += kPi;
    flipped[j] = kPi - flipped[j];
    flipped[k] += kPi;
    glm::dvec3 best(0.0);
    double bestDistance = 0.0;
    bool first = true;
    for (glm::dvec3 c : {glm::dvec3(base), flipped}) {
        for (int a = 0; a < 3; ++a)
            c[a] = wrapNear(c[a], reference[a]);
        const glm::dvec3 d = c - glm::dvec3(reference);
        const double distance = glm::dot(d, d);
        if (first || distance < bestDistance) {
            best = c;
            bestDistance = distance;
            first = false;
        }
    }
    return glm::vec3(best);
}

} // namespace marrow::anim
