// SPDX-License-Identifier: MIT
#include "blend_check.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace marrow::bench {

double blendAgainstReference(const anim::BlendPosesJob& job)
{
    if (!job.run())
        return std::numeric_limits<double>::infinity();
    const double w = std::clamp(static_cast<double>(job.weight), 0.0, 1.0);
    double worst = 0.0;
    for (std::size_t i = 0; i < job.output.size(); ++i) {
        const math::Transform& out = job.output[i];
        const bool inA = job.aAnimated[i] != 0, inB = job.bAnimated[i] != 0;
        if (!(inA && inB)) {
            const math::Transform& only = inA ? job.a[i] : inB ? job.b[i] : job.rest[i];
            if (std::memcmp(&out, &only, sizeof out) != 0)
                return std::numeric_limits<double>::infinity();
            continue;
        }
        glm::dquat qa(job.a[i].rotation), qb(job.b[i].rotation);
        if (glm::dot(qa, qb) < 0.0)
            qb = -qb;
        const glm::dquat want = glm::normalize(glm::slerp(qa, qb, w));
        const double d = std::min(1.0, std::fabs(glm::dot(glm::normalize(glm::dquat(out.rotation)), want)));
        worst = std::max(worst, 2.0 * std::acos(d));
        const auto apart = [&](const glm::vec3& x, const glm::vec3& y, const glm::vec3& got) {
            const glm::dvec3 lerp = glm::dvec3(x) + (glm::dvec3(y) - glm::dvec3(x)) * w;
            return glm::length(glm::dvec3(got) - lerp) / std::max(1.0, glm::length(lerp));
        };
        worst = std::max(worst, apart(job.a[i].translation, job.b[i].translation, out.translation));
        worst = std::max(worst, apart(job.a[i].scale, job.b[i].scale, out.scale));
    }
    return worst;
}

bool blendChecked(benchmark::State& state, const anim::BlendPosesJob& job)
{
    const double worst = blendAgainstReference(job);
    if (worst > 1e-6) {
        char why[96];
        std::snprintf(why, sizeof why, "the blend differs from the rule by %.3g", worst);
        state.SkipWithError(why);
        return false;
    }
    return true;
}

} // namespace marrow::bench
