// SPDX-License-Identifier: MIT
#include "blend_check.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace marrow::bench {

namespace {

// blendAgainstReference on the job's output as it stands (not run again).
double outputAgainstRule(const anim::BlendPosesJob& job)
{
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

} // namespace

double blendAgainstReference(const anim::BlendPosesJob& job)
{
    return job.run() ? outputAgainstRule(job) : std::numeric_limits<double>::infinity();
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

bool blocksChecked(benchmark::State& state, const anim::BlendPosesJob& job, BlockBlend& blocks)
{
    if (!blendChecked(state, job))
        return false;
    const std::size_t n = job.output.size(), count = anim::blockCount(n);
    blocks.a.resize(count), blocks.b.resize(count), blocks.rest.resize(count), blocks.out.resize(count);
    anim::toBlocks(job.a, blocks.a), anim::toBlocks(job.b, blocks.b), anim::toBlocks(job.rest, blocks.rest);
    blocks.job = {blocks.a, blocks.b, blocks.rest, job.aAnimated, job.bAnimated, job.weight, blocks.out, n};
    std::vector<math::Transform> got(n);
    if (!blocks.job.run() || !anim::fromBlocks(blocks.out, got)) {
        state.SkipWithError("the blocks' blend did not run");
        return false;
    }
    const anim::BlendPosesJob same{job.a, job.b, job.rest, job.aAnimated, job.bAnimated, job.weight, got, {}};
    const double worst = outputAgainstRule(same);
    if (!(worst <= 1e-6)) {
        char why[96];
        std::snprintf(why, sizeof why, "the blocks' blend differs from the rule by %.3g", worst);
        state.SkipWithError(why);
        return false;
    }
    return true;
}

} // namespace marrow::bench
