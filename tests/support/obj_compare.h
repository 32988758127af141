// SPDX-License-Identifier: MIT
#pragma once
// The comparison ../shared/tools/objdiff.py makes: symmetric Hausdorff distance
// between two OBJ vertex sets (order and duplicates ignored), divided by the
// diagonal of the expected set's bounding box.
#include "core/math/glm_config.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace marrow::test {

inline std::vector<glm::dvec3> readObjVertices(const std::string& path)
{
    std::vector<glm::dvec3> pts;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() < 2 || line[0] != 'v' || (line[1] != ' ' && line[1] != '\t'))
            continue;
        std::istringstream s(line.substr(2));
        glm::dvec3 p;
        s >> p.x >> p.y >> p.z;
        pts.push_back(p);
    }
    return pts;
}

inline std::vector<glm::dvec3> toDouble(const std::vector<glm::vec3>& v)
{
    return std::vector<glm::dvec3>(v.begin(), v.end());
}

// Largest distance from a point of `a` to its nearest point of `b`.
inline double directedHausdorff(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b)
{
    double worst = 0.0;
    for (const glm::dvec3& p : a) {
        double best = std::numeric_limits<double>::infinity();
        for (const glm::dvec3& q : b) {
            const glm::dvec3 d = p - q;
            best = std::min(best, d.x * d.x + d.y * d.y + d.z * d.z);
            if (best == 0.0)
                break;
        }
        worst = std::max(worst, best);
    }
    return std::sqrt(worst);
}

// Hausdorff distance / bounding-box diagonal of `expected`; infinity when
// either set is empty or holds a non-finite number.
inline double hausdorffRatio(const std::vector<glm::dvec3>& expected, const std::vector<glm::dvec3>& actual)
{
    if (expected.empty() || actual.empty())
        return expected.empty() && actual.empty() ? 0.0 : std::numeric_limits<double>::infinity();
    for (const auto* set : {&expected, &actual})
        for (const glm::dvec3& p : *set)
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
                return std::numeric_limits<double>::infinity();
    glm::dvec3 lo(std::numeric_limits<double>::infinity()), hi(-std::numeric_limits<double>::infinity());
    for (const glm::dvec3& p : expected) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    double diag = glm::length(hi - lo);
    if (diag == 0.0)
        diag = 1.0;
    return std::max(directedHausdorff(expected, actual), directedHausdorff(actual, expected)) / diag;
}

} // namespace marrow::test
