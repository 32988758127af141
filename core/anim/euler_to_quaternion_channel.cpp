// SPDX-License-Identifier: MIT
#include "core/anim/euler_to_quaternion_channel.h"

#include "core/anim/channel_sampling.h"

#include <glm/gtc/quaternion.hpp>

#include <cmath>

namespace marrow::anim {

namespace {

// Halving stops here whatever the error: 2^-16 of a segment is far below a frame.
constexpr int kMaxDepth = 16;

// The rotation angle between two unit quaternions, in double.
double angleBetween(const glm::quat& a, const glm::quat& b)
{
    const double sign = glm::dot(a, b) < 0.f ? -1.0 : 1.0;
    const glm::dvec4 d(a.w - sign * b.w, a.x - sign * b.x, a.y - sign * b.y, a.z - sign * b.z);
    return 4.0 * std::asin(std::min(1.0, glm::length(d) / 2.0));
}

struct Builder {
    const Vec3Channel& euler;
    RotationMode order;
    double tolerance;
    QuatChannel out;
    std::uint32_t cursor = 0;

    glm::quat at(double t) { return eulerToQuat(sampleChannel(euler, t, cursor), order); }

    void push(float time, glm::quat q, Interpolation mode)
    {
        if (!out.values.empty() && glm::dot(out.values.back(), q) < 0.f)
            q = -q;
        out.times.push_back(time);
        out.values.push_back(q);
        out.interpolations.push_back(mode);
    }

    // Keys strictly inside (t0, t1) so that slerp from q0 to q1 follows the curve.
    void refine(double t0, const glm::quat& q0, double t1, const glm::quat& q1, int depth)
    {
        if (depth >= kMaxDepth)
            return;
        double worst = 0.0;
        for (const double u : {.25, .5, .75})
            worst = std::max(worst, angleBetween(glm::slerp(q0, q1, static_cast<float>(u)), at(t0 + u * (t1 - t0))));
        if (worst <= tolerance)
            return;
        const double tm = 0.5 * (t0 + t1);
        const auto mid = static_cast<float>(tm);
        if (!(mid > static_cast<float>(t0) && mid < static_cast<float>(t1)))
            return;  // no float time left between them
        const glm::quat qm = at(mid);
        refine(t0, q0, mid, qm, depth + 1);
        push(mid, qm, Interpolation::Linear);
        refine(mid, qm, t1, q1, depth + 1);
    }
};

} // namespace

QuatChannel quaternionChannelOf(const Vec3Channel& euler, RotationMode order, double toleranceRadians)
{
    Builder b{euler, order, toleranceRadians, {}};
    for (std::size_t i = 0; i < euler.size(); ++i) {
        const glm::quat qi = eulerToQuat(euler.values[i], order);
        const Interpolation mode = euler.segment(i) == Interpolation::Step ? Interpolation::Step : Interpolation::Linear;
        b.push(euler.times[i], qi, mode);
        if (i + 1 == euler.size() || mode == Interpolation::Step || euler.times[i + 1] <= euler.times[i])
            continue;
        const glm::quat next = eulerToQuat(euler.values[i + 1], order);
        // Slerp from the key as stored (its hemisphere may have flipped in push).
        b.refine(euler.times[i], b.out.values.back(), euler.times[i + 1],
                 glm::dot(b.out.values.back(), next) < 0.f ? -next : next, 0);
    }
    return b.out;
}

} // namespace marrow::anim
