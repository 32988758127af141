// SPDX-License-Identifier: MIT
#include "core/math/rotation.h"
#include "core/math/rotation_inline.h"

namespace marrow::math {

glm::quat slerpShortest(const glm::quat& a, const glm::quat& b, float t)
{
    return slerpShortestInline(a, b, t);
}

glm::quat safeNormalize(const glm::quat& q)
{
    return safeNormalizeInline(q);
}

glm::quat canonical(const glm::quat& q)
{
    return q.w < 0.f ? -q : q;
}

} // namespace marrow::math
