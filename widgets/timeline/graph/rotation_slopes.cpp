// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/rotation_slopes.h"

#include <glm/gtc/constants.hpp>

#include <array>
#include <cmath>

namespace marrow::ui::graph {

namespace {

using Vec4 = glm::dvec4;  // (x, y, z, w), as the quaternion components

// The rotation about one axis by `degrees` and its derivative per degree.
struct AxisRotation {
    glm::dquat q;
    glm::dquat dq;
};

AxisRotation axisRotation(double degrees, int axis)
{
    const double h = glm::radians(degrees) * 0.5;
    const double c = std::cos(h), s = std::sin(h);
    const double k = glm::pi<double>() / 360.0;  // d(h)/d(degree)
    glm::dvec3 v(0.0), dv(0.0);
    v[axis] = s;
    dv[axis] = c * k;
    return {glm::dquat(c, v.x, v.y, v.z), glm::dquat(-s * k, dv.x, dv.y, dv.z)};
}

Vec4 toVec(const glm::dquat& q) { return {q.x, q.y, q.z, q.w}; }

// The columns dq/dx, dq/dy, dq/dz of J at e for q = qz * qy * qx, signed to `key`'s hemisphere.
std::array<Vec4, 3> jacobian(const glm::quat& key, const glm::dvec3& e)
{
    const AxisRotation x = axisRotation(e.x, 0), y = axisRotation(e.y, 1), z = axisRotation(e.z, 2);
    const glm::dquat q = z.q * y.q * x.q;
    const double sign = glm::dot(toVec(q), Vec4(key.x, key.y, key.z, key.w)) < 0.0 ? -1.0 : 1.0;
    return {sign * toVec(z.q * y.q * x.dq), sign * toVec(z.q * y.dq * x.q), sign * toVec(z.dq * y.q * x.q)};
}

} // namespace

glm::dvec3 eulerSlopes(const glm::quat& q, const glm::dvec3& eulerDegrees, const glm::quat& m)
{
    const std::array<Vec4, 3> j = jacobian(q, eulerDegrees);
    Vec4 unit(q.x, q.y, q.z, q.w);
    const double len = glm::length(unit);
    if (!(len > 0.0))
        return glm::dvec3(0.0);
    unit /= len;
    Vec4 dm(m.x, m.y, m.z, m.w);
    dm = (dm - unit * glm::dot(unit, dm)) / len;  // d/dt of normalize(q + t m)
    // Least squares: (J^T J) s = J^T dm.
    glm::dmat3 jtj(0.0);
    glm::dvec3 jtm(0.0);
    for (int a = 0; a < 3; ++a) {
        jtm[a] = glm::dot(j[static_cast<std::size_t>(a)], dm);
        for (int b = 0; b < 3; ++b)
            jtj[b][a] = glm::dot(j[static_cast<std::size_t>(a)], j[static_cast<std::size_t>(b)]);
    }
    const double det = glm::determinant(jtj);
    if (!(std::abs(det) > 1e-18))
        return glm::dvec3(0.0);
    return glm::inverse(jtj) * jtm;
}

glm::quat quatTangent(const glm::quat& q, const glm::dvec3& eulerDegrees, const glm::dvec3& slopes)
{
    const std::array<Vec4, 3> j = jacobian(q, eulerDegrees);
    const Vec4 m = j[0] * slopes.x + j[1] * slopes.y + j[2] * slopes.z;
    return glm::quat(static_cast<float>(m.w), static_cast<float>(m.x), static_cast<float>(m.y), static_cast<float>(m.z));
}

} // namespace marrow::ui::graph
