// SPDX-License-Identifier: MIT
#include "core/anim/channel_sampling.h"
#include "core/anim/channel_sampling_inline.h"

namespace marrow::anim {

std::uint32_t findKeyInterval(const std::vector<float>& times, double t, std::uint32_t& cursor)
{
    return detail::findInterval(times, t, cursor);
}

glm::vec3 sampleChannel(const Vec3Channel& c, double t, std::uint32_t& cursor)
{
    return sampleVec3Inline(c, t, cursor);
}

glm::quat sampleChannel(const QuatChannel& c, double t, std::uint32_t& cursor)
{
    return sampleQuatInline(c, t, cursor);
}

} // namespace marrow::anim
