// SPDX-License-Identifier: MIT
#include "core/anim/ik_solve.h"

#include "core/anim/local_to_world_job.h"
#include "core/math/finite.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

constexpr float kEpsilon = 1e-8f;

std::vector<glm::mat4> worldsOf(const Skeleton& s, std::span<const math::Transform> locals, const glm::mat4& root)
{
    std::vector<glm::mat4> worlds(s.size());
    LocalToWorldJob{s.parents, locals, root, worlds}.run();
    return worlds;
}

glm::vec3 positionOf(const glm::mat4& m)
{
    return glm::vec3(m[3]);
}

// The rotation part of a world matrix (columns normalised; uniform scale assumed).
glm::quat rotationOf(const glm::mat4& m)
{
    glm::mat3 r(m);
    for (int c = 0; c < 3; ++c) {
        const float len = glm::length(r[c]);
        r[c] = len > kEpsilon ? r[c] / len : r[c];
    }
    if (glm::determinant(r) < 0.f)
        r[0] = -r[0];  // a mirrored frame: its rotation is the X-flipped one
    return glm::normalize(glm::quat_cast(r));
}

// The shortest-arc rotation taking direction a onto direction b.
glm::quat arcBetween(const glm::vec3& a, const glm::vec3& b)
{
    const glm::vec3 u = glm::normalize(a), v = glm::normalize(b);
    const float d = glm::dot(u, v);
    if (d > 1.f - 1e-7f)
        return glm::quat(1.f, 0.f, 0.f, 0.f);
    if (d < -1.f + 1e-7f) {  // opposite: any axis perpendicular to u
        glm::vec3 axis = glm::cross(glm::vec3(1.f, 0.f, 0.f), u);
        if (glm::dot(axis, axis) < 1e-6f)
            axis = glm::cross(glm::vec3(0.f, 1.f, 0.f), u);
        return glm::angleAxis(glm::pi<float>(), glm::normalize(axis));
    }
    return glm::normalize(glm::quat(1.f + d, glm::cross(u, v)));
}

// Frame (unit x along `along`, unit z along the plane normal) as a rotation.
glm::quat frameOf(const glm::vec3& along, const glm::vec3& normal)
{
    const glm::vec3 x = glm::normalize(along);
    const glm::vec3 z = glm::normalize(normal - glm::dot(normal, x) * x);
    return glm::quat_cast(glm::mat3(x, glm::cross(z, x), z));
}

// Sets each chain joint's local rotation so its world rotation becomes
// delta[i] * its world rotation before, top first (children see their
// parents' new rotations).
void applyWorldDeltas(const Skeleton& s, std::span<math::Transform> locals, const glm::mat4& root,
                      const std::vector<JointIndex>& joints, const std::vector<glm::quat>& deltas)
{
    const std::vector<glm::mat4> before = worldsOf(s, locals, root);
    for (std::size_t i = 0; i < joints.size(); ++i) {
        const auto j = static_cast<std::size_t>(joints[i]);
        const glm::quat wanted = glm::normalize(deltas[i] * rotationOf(before[j]));
        const std::vector<glm::mat4> now = worldsOf(s, locals, root);
        const JointIndex parent = s.parents[j];
        const glm::quat parentRotation = parent == kNoParent ? rotationOf(root) : rotationOf(now[static_cast<std::size_t>(parent)]);
        glm::quat local = glm::normalize(glm::inverse(parentRotation) * wanted);
        if (glm::dot(local, locals[j].rotation) < 0.f)
            local = -local;  // stay in the old key's hemisphere
        locals[j].rotation = local;
    }
}

// Two bones a -> b -> c (c the end), analytic, keeping the bend plane.
std::vector<glm::quat> twoBoneDeltas(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& target)
{
    const float l1 = glm::length(b - a), l2 = glm::length(c - b);
    const glm::vec3 toTarget = target - a;
    const float reach = glm::length(toTarget);
    if (l1 < kEpsilon || l2 < kEpsilon || reach < kEpsilon)
        return {glm::quat(1.f, 0.f, 0.f, 0.f), glm::quat(1.f, 0.f, 0.f, 0.f)};
    const float d = std::clamp(reach, std::abs(l1 - l2) + 1e-6f, l1 + l2 - 1e-6f);
    const glm::vec3 dT = toTarget / reach;
    // The bend plane's normal now; a straight chain takes any normal across the target line.
    glm::vec3 n = glm::cross(b - a, c - b);
    if (glm::dot(n, n) < 1e-12f * l1 * l1 * l2 * l2) {
        n = glm::cross(b - a, toTarget);
        if (glm::dot(n, n) < 1e-12f)
            n = glm::cross(dT, std::abs(dT.y) < .9f ? glm::vec3(0.f, 1.f, 0.f) : glm::vec3(1.f, 0.f, 0.f));
    }
    n = glm::normalize(n);
    // Which side of the a-c line b bends to, kept in the new plane.
    const glm::vec3 dC = glm::length(c - a) > kEpsilon ? glm::normalize(c - a) : dT;
    const float side = glm::dot(b - a, glm::cross(n, dC)) < 0.f ? -1.f : 1.f;
    glm::vec3 n2 = n - glm::dot(n, dT) * dT;
    n2 = glm::dot(n2, n2) > 1e-12f ? glm::normalize(n2) : n;
    const glm::vec3 w = side * glm::normalize(glm::cross(n2, dT));
    const float cosA = std::clamp((l1 * l1 + d * d - l2 * l2) / (2.f * l1 * d), -1.f, 1.f);
    const glm::vec3 b2 = a + l1 * (cosA * dT + std::sqrt(1.f - cosA * cosA) * w);
    const glm::vec3 c2 = a + d * dT;
    // Rotations taking each bone's old frame (direction, plane normal) to its new one.
    const glm::vec3 crossNew = glm::cross(b2 - a, c2 - b2);
    const glm::vec3 nNew = glm::dot(crossNew, crossNew) > 1e-12f * l1 * l1 * l2 * l2 ? glm::normalize(crossNew) : n2;
    const glm::quat da = frameOf(b2 - a, nNew) * glm::inverse(frameOf(b - a, n));
    const glm::quat db = frameOf(c2 - b2, nNew) * glm::inverse(frameOf(c - b, n));
    return {glm::normalize(da), glm::normalize(db)};
}

// Two bones a -> b -> c, analytic, b bending toward `pole`; each bone turns
// by the shortest arc (no plane normal to read off a straight chain).
std::vector<glm::quat> twoBoneTowardPole(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                                         const glm::vec3& target, const glm::vec3& pole)
{
    const float l1 = glm::length(b - a), l2 = glm::length(c - b);
    const glm::vec3 toTarget = target - a;
    const float reach = glm::length(toTarget);
    const glm::quat none(1.f, 0.f, 0.f, 0.f);
    if (l1 < kEpsilon || l2 < kEpsilon || reach < kEpsilon)
        return {none, none};
    const glm::vec3 dT = toTarget / reach;
    glm::vec3 w = pole - glm::dot(pole, dT) * dT;
    if (glm::dot(w, w) < 1e-12f)
        return twoBoneDeltas(a, b, c, target);
    w = glm::normalize(w);
    const float d = std::clamp(reach, std::abs(l1 - l2) + 1e-6f, l1 + l2 - 1e-6f);
    const float cosA = std::clamp((l1 * l1 + d * d - l2 * l2) / (2.f * l1 * d), -1.f, 1.f);
    const glm::vec3 b2 = a + l1 * (cosA * dT + std::sqrt(1.f - cosA * cosA) * w);
    const glm::vec3 c2 = a + d * dT;
    return {arcBetween(b - a, b2 - a), arcBetween(c - b, c2 - b2)};
}

// FABRIK on positions p (root fixed), then shortest arcs per bone.
std::vector<glm::quat> fabrikDeltas(std::vector<glm::vec3> p, const glm::vec3& target, int maxIterations, float tolerance)
{
    const std::size_t n = p.size();
    std::vector<float> len(n - 1);
    float total = 0.f;
    for (std::size_t i = 0; i + 1 < n; ++i)
        total += len[i] = glm::length(p[i + 1] - p[i]);
    const std::vector<glm::vec3> old = p;
    const glm::vec3 base = p[0];
    if (glm::length(target - base) >= total) {  // out of reach: straight towards the target
        const glm::vec3 dir = glm::normalize(target - base);
        for (std::size_t i = 0; i + 1 < n; ++i)
            p[i + 1] = p[i] + len[i] * dir;
    } else {
        for (int it = 0; it < maxIterations && glm::length(p[n - 1] - target) > tolerance; ++it) {
            p[n - 1] = target;
            for (std::size_t i = n - 1; i-- > 0;)
                p[i] = p[i + 1] + len[i] * glm::normalize(p[i] - p[i + 1]);
            p[0] = base;
            for (std::size_t i = 0; i + 1 < n; ++i)
                p[i + 1] = p[i] + len[i] * glm::normalize(p[i + 1] - p[i]);
        }
    }
    std::vector<glm::quat> deltas(n - 1);
    for (std::size_t i = 0; i + 1 < n; ++i)
        deltas[i] = len[i] > kEpsilon ? arcBetween(old[i + 1] - old[i], p[i + 1] - p[i]) : glm::quat(1.f, 0.f, 0.f, 0.f);
    return deltas;
}

} // namespace

std::vector<JointIndex> ikChain(const Skeleton& s, JointIndex end, int bones)
{
    if (end < 0 || static_cast<std::size_t>(end) >= s.size() || bones < 1)
        return {};
    std::vector<JointIndex> chain{end};
    for (int i = 0; i < bones; ++i) {
        const JointIndex parent = s.parents[static_cast<std::size_t>(chain.back())];
        if (parent == kNoParent)
            return {};
        chain.push_back(parent);
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

IkResult solveIk(const Skeleton& s, std::span<math::Transform> locals, const IkRequest& request)
{
    IkResult result;
    const std::vector<JointIndex> chain = ikChain(s, request.end, request.bones);
    if (chain.empty() || locals.size() != s.size() || !math::isFinite(request.target))
        return result;
    const std::vector<glm::mat4> worlds = worldsOf(s, locals, request.root);
    std::vector<glm::vec3> p;
    for (JointIndex j : chain)
        p.push_back(positionOf(worlds[static_cast<std::size_t>(j)]));
    const bool pole = request.pole && math::isFinite(*request.pole);
    const std::vector<glm::quat> deltas =
        chain.size() != 3 ? fabrikDeltas(p, request.target, request.maxIterations, request.tolerance)
        : pole            ? twoBoneTowardPole(p[0], p[1], p[2], request.target, *request.pole)
                          : twoBoneDeltas(p[0], p[1], p[2], request.target);
    result.moved.assign(chain.begin(), chain.end() - 1);
    applyWorldDeltas(s, locals, request.root, result.moved, deltas);
    float length = 0.f;
    for (std::size_t i = 0; i + 1 < p.size(); ++i)
        length += glm::length(p[i + 1] - p[i]);
    const glm::vec3 end = positionOf(worldsOf(s, locals, request.root)[static_cast<std::size_t>(request.end)]);
    result.solved = true;
    result.distance = glm::length(end - request.target);
    result.reached = result.distance <= 1e-4f * std::max(length, 1.f);
    return result;
}

} // namespace marrow::anim
