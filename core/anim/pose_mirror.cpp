// SPDX-License-Identifier: MIT
#include "core/anim/pose_mirror.h"

#include "core/anim/local_to_world_job.h"

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>

#include <cmath>
#include <limits>

namespace marrow::anim {

namespace {

constexpr float kOffPlane = 5e-2f;  // of the skeleton's extent: an unpaired joint farther from the plane is off it

// The nearest rotation to a matrix that is one up to rounding.
glm::quat toRotation(const glm::mat3& m)
{
    // Gram-Schmidt on the columns, so quat_cast sees an orthonormal basis.
    const glm::vec3 x = glm::normalize(m[0]);
    const glm::vec3 y = glm::normalize(m[1] - glm::dot(m[1], x) * x);
    return glm::normalize(glm::quat_cast(glm::mat3(x, y, glm::cross(x, y))));
}

// Bone axes this close (degrees) are taken as matching: the difference is
// the rest's own small asymmetry in where the children sit. Axes this far
// apart are matched in full (a limb resting unlike its partner); in between,
// in proportion.
constexpr float kAxesMatch = 2.f, kAxesTurn = 8.f;

// The smallest rotation taking the unit vector u towards the unit vector v,
// by the share of the angle between them that kAxesMatch and kAxesTurn give.
glm::mat3 turnOnto(const glm::vec3& u, const glm::vec3& v)
{
    const float c = glm::clamp(glm::dot(u, v), -1.f, 1.f);
    glm::vec3 axis = glm::cross(u, v);
    const float s = glm::length(axis);
    const float angle = std::atan2(s, c);
    const float share = glm::clamp((glm::degrees(angle) - kAxesMatch) / (kAxesTurn - kAxesMatch), 0.f, 1.f);
    if (!(share > 0.f))
        return glm::mat3(1.f);
    if (!(s > 1e-7f)) {
        // Opposite: half a turn about any axis across u.
        axis = glm::cross(u, std::abs(u.x) < .9f ? glm::vec3(1.f, 0.f, 0.f) : glm::vec3(0.f, 1.f, 0.f));
        return glm::mat3_cast(glm::angleAxis(glm::pi<float>(), glm::normalize(axis)));
    }
    return glm::mat3_cast(glm::angleAxis(share * angle, axis / s));
}

// Joint `from`'s rest frame against joint `to`'s, mirrored: inverse(F_from) * M * F_to (model space for -1).
glm::mat3 restCorrection(const PoseMirror& mirror, JointIndex from, JointIndex to)
{
    const glm::mat3 m(mirror.reflection);
    const glm::mat3 f = from >= 0 ? glm::mat3_cast(mirror.restFrames[static_cast<std::size_t>(from)]) : glm::mat3(1.f);
    const glm::mat3 t = to >= 0 ? glm::mat3_cast(mirror.restFrames[static_cast<std::size_t>(to)]) : glm::mat3(1.f);
    return glm::transpose(f) * m * t;
}

// X between the frames of `from` and `to` (see PoseMirror): the stored
// correction for partners, the rest correction for any other two, the
// reflection itself for model space.
glm::mat3 correction(const PoseMirror& mirror, JointIndex from, JointIndex to)
{
    if (from < 0 && to < 0)
        return glm::mat3(mirror.reflection);
    if (from >= 0 && mirror.partners[static_cast<std::size_t>(from)] == to)
        return mirror.corrections[static_cast<std::size_t>(from)];
    return restCorrection(mirror, from, to);
}

} // namespace

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
    return makePoseMirror(skeleton, reflectionAcross(planeNormal, planeOffset), std::move(partners));
}

PoseMirror makePoseMirror(const Skeleton& skeleton, const glm::mat4& reflection, std::vector<JointIndex> partners)
{
    PoseMirror mirror;
    mirror.reflection = reflection;
    const std::size_t n = skeleton.size();
    const auto count = static_cast<JointIndex>(n);
    bool valid = partners.size() == n && !skeleton.validate();
    for (JointIndex p : partners)
        valid = valid && p >= 0 && p < count;
    for (std::size_t j = 0; valid && j < n; ++j)
        valid = partners[static_cast<std::size_t>(partners[j])] == static_cast<JointIndex>(j);
    if (!valid) {
        partners.resize(n);
        for (JointIndex j = 0; j < count; ++j)
            partners[static_cast<std::size_t>(j)] = j;
    }
    mirror.partners = std::move(partners);
    mirror.restWorlds.resize(n);
    LocalToWorldJob job;
    job.parents = skeleton.parents;
    job.locals = skeleton.rest;
    job.output = mirror.restWorlds;
    job.run();
    mirror.restFrames.resize(n);
    for (std::size_t j = 0; j < n; ++j) {
        const JointIndex parent = skeleton.parents[j];
        const glm::quat above = parent >= 0 && static_cast<std::size_t>(parent) < j
                                    ? mirror.restFrames[static_cast<std::size_t>(parent)]
                                    : glm::quat(1.f, 0.f, 0.f, 0.f);
        mirror.restFrames[j] = glm::normalize(above * glm::normalize(skeleton.rest[j].rotation));
    }
    // Each bone's axis in its own rest frame: towards its children whose
    // partners are its partner's children (a prop in one hand does not turn
    // it), else on along its own offset from its parent.
    std::vector<glm::vec3> axes(n, glm::vec3(0.f));
    for (std::size_t c = 0; c < n; ++c) {
        const JointIndex j = skeleton.parents[c];
        if (j < 0)
            continue;
        if (skeleton.parents[static_cast<std::size_t>(mirror.partners[c])] == mirror.partners[static_cast<std::size_t>(j)])
            axes[static_cast<std::size_t>(j)] += skeleton.rest[c].translation;
    }
    for (std::size_t j = 0; j < n; ++j)
        if (!(glm::length(axes[j]) > 0.f))
            axes[j] = glm::inverse(glm::normalize(skeleton.rest[j].rotation)) * skeleton.rest[j].translation;

    // The corrections, parents first: the parent's carried through the two
    // joints' rest rotations (so a parent resting unlike its partner does
    // not turn its children), then turned so the bone axes match.
    const glm::mat3 m(mirror.reflection);
    mirror.corrections.assign(n, glm::mat3(1.f));
    for (std::size_t j = 0; j < n; ++j) {
        const auto k = static_cast<std::size_t>(mirror.partners[j]);
        const JointIndex p = skeleton.parents[j], q = skeleton.parents[k];
        glm::mat3 x;
        if (p < 0 && q < 0)
            x = m;
        else if (p >= 0 && q >= 0 && mirror.partners[static_cast<std::size_t>(p)] == q)
            x = mirror.corrections[static_cast<std::size_t>(p)];
        else
            x = restCorrection(mirror, p, q);
        x = glm::transpose(glm::mat3_cast(glm::normalize(skeleton.rest[j].rotation))) * x *
            glm::mat3_cast(glm::normalize(skeleton.rest[k].rotation));
        if (glm::length(axes[j]) > 0.f && glm::length(axes[k]) > 0.f)
            x = turnOnto(glm::normalize(x * axes[k]), glm::normalize(axes[j])) * x;
        mirror.corrections[j] = x;
    }

    // Joints that are their own partners but have no mirror image near them.
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const glm::mat4& w : mirror.restWorlds) {
        lo = glm::min(lo, glm::vec3(w[3]));
        hi = glm::max(hi, glm::vec3(w[3]));
    }
    const float far = n > 0 ? kOffPlane * glm::distance(lo, hi) : 0.f;
    mirror.offPlane.assign(n, 0);
    for (std::size_t j = 0; j < n; ++j) {
        const glm::vec3 at(mirror.restWorlds[j][3]);
        const glm::vec3 image(mirror.reflection * glm::vec4(at, 1.f));
        mirror.offPlane[j] = mirror.partners[j] == static_cast<JointIndex>(j) && glm::distance(at, image) > 2.f * far ? 1 : 0;
    }
    return mirror;
}

math::Transform mirrorLocal(const Skeleton& skeleton, const PoseMirror& mirror, JointIndex from, JointIndex to,
                            const math::Transform& local)
{
    const auto count = static_cast<JointIndex>(skeleton.size());
    if (from < 0 || from >= count || to < 0 || to >= count || mirror.restFrames.size() != skeleton.size() ||
        mirror.corrections.size() != skeleton.size() || mirror.partners.size() != skeleton.size() ||
        mirror.offPlane.size() != skeleton.size())
        return local;
    const JointIndex p = skeleton.parents[static_cast<std::size_t>(from)];
    const JointIndex q = skeleton.parents[static_cast<std::size_t>(to)];
    const glm::mat3 xp = correction(mirror, p, q), xj = correction(mirror, from, to);
    const glm::mat3 back = glm::transpose(xp);  // orthogonal
    math::Transform out;
    if (from == to && mirror.offPlane[static_cast<std::size_t>(from)]) {
        // No mirror image to go to: the change from the rest, mirrored in the parent's frame.
        const math::Transform& rest = skeleton.rest[static_cast<std::size_t>(from)];
        const glm::quat restRotation = glm::normalize(rest.rotation);
        const glm::mat3 change = glm::mat3_cast(glm::normalize(local.rotation) * glm::inverse(restRotation));
        out.rotation = glm::normalize(toRotation(back * change * xp) * restRotation);
        out.translation = rest.translation + back * (local.translation - rest.translation);
    } else {
        out.rotation = toRotation(back * glm::mat3_cast(glm::normalize(local.rotation)) * xj);
        out.translation = back * local.translation;
        if (p < 0 && q < 0)
            out.translation += glm::vec3(mirror.reflection[3]);  // a root: the plane's offset
    }
    // Each axis of `to` takes the scale along the axis of `from` that mirrors
    // it (the weights, a column of X squared, sum to 1), with the sign its rest has.
    const glm::vec3& restScale = skeleton.rest[static_cast<std::size_t>(to)].scale;
    for (int a = 0; a < 3; ++a) {
        float along = 0.f;
        for (int b = 0; b < 3; ++b)
            along += xj[a][b] * xj[a][b] * std::abs(local.scale[b]);
        out.scale[a] = restScale[a] < 0.f ? -along : along;
    }
    if (!math::isFinite(out))
        return local;
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
