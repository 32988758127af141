// SPDX-License-Identifier: MIT
#include "core/math/euler.h"

#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace marrow::math {

namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;
constexpr double kRadPerDeg = std::numbers::pi / 180.0;
// cos(y) below this is gimbal lock: |y| within about 1e-5 degrees of 90.
// Away from it x and z come from atan2 of terms scaled by cos(y), which the
// double arithmetic keeps accurate for any float input down to this size.
constexpr double kGimbalCos = 2e-7;

// The rotation-matrix entries the decomposition needs, from a normalised q
// in double (R = Rz * Ry * Rx, row r and column c as rRC).
struct Entries {
    double r00 = 1, r10 = 0, r20 = 0, r21 = 0, r22 = 1, r11 = 1, r12 = 0;
};

Entries entriesOf(const glm::quat& q)
{
    double w = q.w, x = q.x, y = q.y, z = q.z;
    const double n = std::sqrt(w * w + x * x + y * y + z * z);
    if (!std::isfinite(n) || n < 1e-30)
        return {};  // no usable rotation: read as the identity
    w /= n, x /= n, y /= n, z /= n;
    Entries e;
    e.r00 = 1 - 2 * (y * y + z * z);
    e.r10 = 2 * (x * y + w * z);
    e.r20 = 2 * (x * z - w * y);
    e.r21 = 2 * (y * z + w * x);
    e.r22 = 1 - 2 * (x * x + y * y);
    e.r11 = 1 - 2 * (x * x + z * z);
    e.r12 = 2 * (y * z - w * x);
    return e;
}

bool isGimbalLocked(const Entries& e)
{
    return std::hypot(e.r00, e.r10) < kGimbalCos;
}

// The angle at gimbal lock that the matrix does define, in degrees:
// x - z when y = +90, x + z when y = -90 (from r11 = cos(.), r12 = -sin(.)).
double gimbalTwistDegrees(const Entries& e)
{
    return std::atan2(-e.r12, e.r11) * kDegPerRad;
}

// v plus the whole turns that bring it within 180 degrees of ref.
double wrapNear(double v, double ref)
{
    return v + 360.0 * std::round((ref - v) / 360.0);
}

bool isFinite(const glm::vec3& v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

} // namespace

glm::quat eulerXyzDegreesToQuat(const glm::vec3& degrees)
{
    if (!isFinite(degrees))
        return glm::quat(1.f, 0.f, 0.f, 0.f);
    const double hx = 0.5 * kRadPerDeg * degrees.x;
    const double hy = 0.5 * kRadPerDeg * degrees.y;
    const double hz = 0.5 * kRadPerDeg * degrees.z;
    const glm::dquat qx(std::cos(hx), std::sin(hx), 0.0, 0.0);
    const glm::dquat qy(std::cos(hy), 0.0, std::sin(hy), 0.0);
    const glm::dquat qz(std::cos(hz), 0.0, 0.0, std::sin(hz));
    // Column vectors: the rightmost factor acts first, so X, then Y, then Z.
    const glm::dquat q = glm::normalize(qz * qy * qx);
    return glm::quat(static_cast<float>(q.w), static_cast<float>(q.x), static_cast<float>(q.y),
                     static_cast<float>(q.z));
}

glm::vec3 quatToEulerXyzDegrees(const glm::quat& q)
{
    const Entries e = entriesOf(q);
    // r20 = -sin(y); atan2 against |cos(y)| keeps y accurate near ±90, where asin is not.
    const double cy = std::hypot(e.r00, e.r10);
    const double y = std::atan2(-e.r20, cy) * kDegPerRad;
    if (isGimbalLocked(e)) {
        // Only x - z (or x + z) is defined: z = 0, x carries the twist.
        return glm::vec3(static_cast<float>(gimbalTwistDegrees(e)), static_cast<float>(y), 0.f);
    }
    const double x = std::atan2(e.r21, e.r22) * kDegPerRad;  // r21 = sx*cy, r22 = cx*cy
    const double z = std::atan2(e.r10, e.r00) * kDegPerRad;  // r10 = cy*sz, r00 = cy*cz
    return glm::vec3(static_cast<float>(x), static_cast<float>(y), static_cast<float>(z));
}

glm::vec3 quatToEulerXyzDegreesNear(const glm::quat& q, const glm::vec3& referenceDegrees)
{
    const glm::vec3 canonicalAngles = quatToEulerXyzDegrees(q);
    if (!isFinite(referenceDegrees))
        return canonicalAngles;
    const double rx = referenceDegrees.x, ry = referenceDegrees.y, rz = referenceDegrees.z;

    const Entries e = entriesOf(q);
    if (isGimbalLocked(e)) {
        // Keep the reference's z and give x the rest of the defined twist,
        // so dragging through ±90 in Y leaves X and Z where they were.
        const double y = canonicalAngles.y;
        const double twist = gimbalTwistDegrees(e);
        const double z = rz;
        const double x = y > 0 ? twist + z : twist - z;
        return glm::vec3(static_cast<float>(wrapNear(x, rx)), static_cast<float>(wrapNear(y, ry)),
                         static_cast<float>(z));
    }

    // The two triples that give the same rotation away from gimbal lock.
    const std::array<std::array<double, 3>, 2> candidates{{
        {double(canonicalAngles.x), double(canonicalAngles.y), double(canonicalAngles.z)},
        {canonicalAngles.x + 180.0, 180.0 - canonicalAngles.y, canonicalAngles.z + 180.0},
    }};
    std::array<double, 3> best{};
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const auto& c : candidates) {
        const std::array<double, 3> wrapped{wrapNear(c[0], rx), wrapNear(c[1], ry), wrapNear(c[2], rz)};
        const double distance = std::fabs(wrapped[0] - rx) + std::fabs(wrapped[1] - ry) + std::fabs(wrapped[2] - rz);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = wrapped;
        }
    }
    return glm::vec3(static_cast<float>(best[0]), static_cast<float>(best[1]), static_cast<float>(best[2]));
}

} // namespace marrow::math
