// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <optional>

namespace marrow::ui::graph {

// Turns a walk of rotations (samples along a curve, in time order) into
// Euler XYZ degrees that never jump: the first sample takes the canonical
// angles, every later one the equivalent angles nearest the previous sample
// (math::quatToEulerXyzDegreesNear), so a spin through 180 degrees reads
// 170, 180, 190 rather than 170, 180, -170. Pure; no Qt.
class EulerUnwrapper {
public:
    glm::vec3 operator()(const glm::quat& q);
    void reset() { m_previous.reset(); }

private:
    std::optional<glm::vec3> m_previous;
};

} // namespace marrow::ui::graph
