// SPDX-License-Identifier: MIT
#include "core/anim/pose_mirror.h"

#include "core/anim/local_to_world_job.h"

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>

namespace marrow::anim {

glm::mat4 reflectionAcross(const glm::vec3& normal, float offset)
{
    const float length = glm::length(normal);
    if (!(length > 0.f))
        return glm::mat4(1.f);
    const glm::vec3 n = normal / length;
    const float d = offset / length;
    // x' = x - 2 (n.x - d) n
    glm::mat4 m(1.f);
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            m[c][r] -= 2.f * n[r] * n[c];
    m[3] = glm::vec4(2.f * d * n, 1.f);
    return m;
}

PoseMirror makePoseMirror(const Skeleton& skeleton, const glm::vec3& planeNormal, float planeOffset,
                          std::vector<JointIndex> partners)
{
    PoseMirror mirror;
    mirror.reflection = reflectionAcross(planeNormal, planeOffset);
    const auto count = static_cast<JointIndex>(skeleton.size());
    bool valid = partners.size() == skeleton.size();
    for (JointIndex p : partners)
        valid = valid && p >= 0 && p < count;
    if (!valid) {
        partners.resize(skeleton.size());
        for (JointIndex j = 0; j < count; ++j)
            partners[static_cast<std::size_t>(j)] = j;
    }
    mirror.partners = std::move(partners);
    mirror.restWorlds.resize(skeleton.size());
    LocalToWorldJob job;
    job.parents = skeleton.parents;
    job.locals = skeleton.rest;
    job.output = mirror.restWorlds;
    job.run();
    return mirror;
}

namespace {

glm::mat4 parentRest(const Skeleton& skeleton, const PoseMirror& mirror, JointIndex joint)
{
    const JointIndex parent = skeleton.parents[static_cast<std::size_t>(joint)];
    return parent >= 0 ? mirror.restWorlds[static_cast<std::size_t>(parent)] : glm::mat4(1.f);
}

} // namespace

math::Transform mirrorLocal(const Skeleton& skeleton, const PoseMirror& mirror, JointIndex from, JointIndex to,
                            const math::Transform& local)
{
    const auto count = static_cast<JointIndex>(skeleton.size());
    if (from < 0 || from >= count || to < 0 || to >= count || mirror.restWorlds.size() != skeleton.size())
        return local;
    const glm::mat4 pFrom = parentRest(skeleton, mirror, from), pTo = parentRest(skeleton, mirror, to);
    const glm::mat4 restFrom = math::toMatrix(skeleton.rest[static_cast<std::size_t>(from)]);
    const glm::mat4 restTo = math::toMatrix(skeleton.rest[static_cast<std::size_t>(to)]);
    const glm::mat4 change = pFrom * math::toMatrix(local) * glm::inverse(restFrom) * glm::inverse(pFrom);
    const glm::mat4 mirrored = mirror.reflection * change * mirror.reflection;
    math::Transform out;
    if (!math::fromMatrix(glm::inverse(pTo) * mirrored * pTo * restTo, out))
        return local;
    out.rotation = glm::normalize(out.rotation);
    return out;
}

std::vector<math::Transform> flipPose(const Skeleton& skeleton, const PoseMirror& mirror,
                                      std::span<const math::Transform> locals)
{
    std::vector<math::Transform> out(locals.begin(), locals.end());
    if (locals.size() != skeleton.size() || mirror.partners.size() != skeleton.size())
        return out;
    for (std::size_t j = 0; j < locals.size(); ++j) {
        const JointIndex to = mirror.partners[j];
        out[static_cast<std::size_t>(to)] = mirrorLocal(skeleton, mirror, static_cast<JointIndex>(j), to, locals[j]);
    }
    return out;
}

} // namespace marrow::anim
