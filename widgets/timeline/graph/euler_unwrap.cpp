// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/euler_unwrap.h"

#include "core/math/euler.h"

namespace marrow::ui::graph {

glm::vec3 EulerUnwrapper::operator()(const glm::quat& q)
{
    const glm::vec3 angles =
        m_previous ? math::quatToEulerXyzDegreesNear(q, *m_previous) : math::quatToEulerXyzDegrees(q);
    m_previous = angles;
    return angles;
}

} // namespace marrow::ui::graph
