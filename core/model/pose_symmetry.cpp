// SPDX-License-Identifier: MIT
#include "core/model/pose_symmetry.h"

#include "core/anim/local_to_world_job.h"
#include "core/model/joint_name_mirror.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

namespace marrow::model {

namespace {

constexpr float kOnPlane = 1e-3f;   // of the skeleton's size: a joint this near the plane is its own partner
constexpr float kPairFar = 5e-2f;   // of the skeleton's size: the farthest a partner by position may lie from the mirror image

struct Joints {
    const anim::Skeleton& skeleton;
    std::vector<glm::vec3> positions;  // rest world
    std::vector<glm::quat> frames;     // rest world rotations
    std::vector<std::uint8_t> kind;    // 1 for a bone (any joint when the rig has no skin), 0 for a plain node
    float size = 0.f;                  // the bones' bounding-box diagonal
};

Joints restJoints(const Rig& rig)
{
    const anim::Skeleton& s = rig.skeleton;
    Joints out{s, {}, {}, {}, 0.f};
    std::vector<glm::mat4> worlds(s.size());
    anim::LocalToWorldJob job{s.parents, s.rest, glm::mat4(1.f), worlds};
    job.run();
    out.positions.resize(s.size());
    out.frames.resize(s.size());
    for (std::size_t j = 0; j < s.size(); ++j) {
        out.positions[j] = glm::vec3(worlds[j][3]);
        const anim::JointIndex parent = s.parents[j];
        const glm::quat above = parent >= 0 ? out.frames[static_cast<std::size_t>(parent)] : glm::quat(1.f, 0.f, 0.f, 0.f);
        out.frames[j] = glm::normalize(above * glm::normalize(s.rest[j].rotation));
    }
    out.kind = rig.skins.empty() ? std::vector<std::uint8_t>(s.size(), 1) : rig.boneMask();
    if (std::find(out.kind.begin(), out.kind.end(), 1) == out.kind.end())
        out.kind.assign(s.size(), 1);
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (std::size_t j = 0; j < s.size(); ++j)
        if (out.kind[j]) {
            lo = glm::min(lo, out.positions[j]);
            hi = glm::max(hi, out.positions[j]);
        }
    out.size = s.size() > 0 && lo.x <= hi.x ? glm::distance(lo, hi) : 0.f;
    if (!std::isfinite(out.size))
        out.size = 0.f;
    return out;
}

// Pairs by name: each joint whose mirrored name (strict, else glued) is
// another joint of its kind that names it back.
std::vector<anim::JointIndex> namedPartners(const Joints& joints)
{
    const anim::Skeleton& s = joints.skeleton;
    std::vector<anim::JointIndex> twin(s.size(), -1);
    for (std::size_t j = 0; j < s.size(); ++j) {
        for (const auto& name : {mirroredJointName(s.names[j]), mirroredJointNameGlued(s.names[j])}) {
            if (!name)
                continue;
            const auto k = s.find(*name);
            if (k && static_cast<std::size_t>(*k) != j && joints.kind[static_cast<std::size_t>(*k)] == joints.kind[j]) {
                twin[j] = *k;
                break;
            }
        }
    }
    std::vector<anim::JointIndex> out(s.size(), -1);
    for (std::size_t j = 0; j < s.size(); ++j)
        if (twin[j] >= 0 && twin[static_cast<std::size_t>(twin[j])] == static_cast<anim::JointIndex>(j))
            out[j] = twin[j];
    return out;
}

using Pairs = std::vector<std::pair<glm::vec3, glm::vec3>>;

// How far a plane is from mirroring the pairs and holding the centre
// joints: each one's gap, counted up to `far`.
float gapCost(const Pairs& pairs, const std::vector<glm::vec3>& centres, const mesh::MirrorPlane& plane, float far)
{
    float cost = 0.f;
    for (const auto& [l, r] : pairs)
        cost += std::min(glm::distance(plane.reflect(l), r), far);
    for (const glm::vec3& c : centres)
        cost += std::min(2.f * std::abs(plane.signedDistance(c)), far);
    return cost;
}

// The plane through mirrored pairs (and through the centre joints, the
// ones whose names carry no side), robust to pairs that do not mirror (an
// arm resting lower than the other, a leg a step ahead, an IK target or a
// prop placed by hand): of the least-squares fit and each pair's own
// bisecting plane, the one the most pairs and centre joints agree with
// (each gap counted up to 5 % of the size), fitted again through those
// within that.
std::optional<mesh::MirrorPlane> robustFit(const Pairs& pairs, const std::vector<glm::vec3>& centres, float size)
{
    auto best = mesh::MirrorPlane::fit(pairs);
    if (!best || pairs.size() + centres.size() < 3)
        return best;
    const float far = 5e-2f * size;
    float bestCost = gapCost(pairs, centres, *best, far);
    for (const auto& [l, r] : pairs) {
        const glm::vec3 d = l - r;
        if (!(glm::length(d) > 0.f))
            continue;
        mesh::MirrorPlane bisector{glm::normalize(d), 0.f};
        bisector.offset = glm::dot(bisector.normal, (l + r) * .5f);
        const float cost = gapCost(pairs, centres, bisector, far);
        if (cost < bestCost) {
            bestCost = cost;
            best = bisector;
        }
    }
    for (int pass = 0; pass < 2; ++pass) {
        Pairs agreeing;
        for (const auto& [l, r] : pairs)
            if (glm::distance(best->reflect(l), r) < far)
                agreeing.emplace_back(l, r);
        const bool sided = !agreeing.empty();
        for (const glm::vec3& c : centres)
            if (2.f * std::abs(best->signedDistance(c)) < far)
                agreeing.emplace_back(c, c);
        auto refit = sided ? mesh::MirrorPlane::fit(agreeing) : std::nullopt;
        if (!refit)
            break;
        // A centre joint adds no direction, only the offset: keep the normal's sense.
        if (glm::dot(refit->normal, best->normal) < 0.f) {
            refit->normal = -refit->normal;
            refit->offset = -refit->offset;
        }
        const float cost = gapCost(pairs, centres, *refit, far);
        if (!(cost < bestCost))
            break;
        bestCost = cost;
        best = refit;
    }
    return best;
}

// Every joint's partner across the plane: its named twin, else the joint
// nearest its mirror image (see PoseSymmetry), else itself.
std::vector<anim::JointIndex> partnersAcross(const Joints& joints, const mesh::MirrorPlane& plane,
                                             const std::vector<anim::JointIndex>& named)
{
    const anim::Skeleton& s = joints.skeleton;
    const std::size_t n = s.size();
    const float onPlane = kOnPlane * joints.size, far = kPairFar * joints.size;
    std::vector<anim::JointIndex> partner = named;
    const auto structured = [&](std::size_t j, std::size_t k) {
        const anim::JointIndex pj = s.parents[j], pk = s.parents[k];
        if (pj < 0 || pk < 0)
            return pj < 0 && pk < 0;
        return partner[static_cast<std::size_t>(pj)] == pk;
    };
    for (std::size_t j = 0; j < n; ++j) {
        if (partner[j] >= 0)
            continue;
        const float self = 2.f * std::abs(plane.signedDistance(joints.positions[j]));
        partner[j] = static_cast<anim::JointIndex>(j);
        if (self <= 2.f * onPlane)
            continue;
        const glm::vec3 image = plane.reflect(joints.positions[j]);
        std::size_t best = j;
        float bestDistance = std::numeric_limits<float>::max();
        bool bestStructured = false;
        for (std::size_t k = j + 1; k < n; ++k) {
            if (partner[k] >= 0 || joints.kind[k] != joints.kind[j])
                continue;
            const float d = glm::distance(image, joints.positions[k]);
            if (!(d <= far) || d >= self)
                continue;
            const bool fits = structured(j, k);
            if ((fits && !bestStructured) || (fits == bestStructured && d < bestDistance)) {
                best = k;
                bestDistance = d;
                bestStructured = fits;
            }
        }
        if (best == j)
            continue;
        if (!bestStructured) {
            // Unrelated places: only when each is the other's nearest.
            const glm::vec3 back = plane.reflect(joints.positions[best]);
            const float mine = glm::distance(back, joints.positions[j]);
            bool nearest = true;
            for (std::size_t k = j + 1; k < n && nearest; ++k)
                if (k != best && partner[k] < 0 && joints.kind[k] == joints.kind[j] &&
                    glm::distance(back, joints.positions[k]) < mine)
                    nearest = false;
            if (!nearest)
                continue;
        }
        partner[j] = static_cast<anim::JointIndex>(best);
        partner[best] = static_cast<anim::JointIndex>(j);
    }
    return partner;
}

Pairs pairsOf(const Joints& joints, const std::vector<anim::JointIndex>& partner, bool bonesOnly)
{
    Pairs out;
    for (std::size_t j = 0; j < partner.size(); ++j) {
        const anim::JointIndex k = partner[j];
        if (k > static_cast<anim::JointIndex>(j) && (!bonesOnly || joints.kind[j]))
            out.emplace_back(joints.positions[j], joints.positions[static_cast<std::size_t>(k)]);
    }
    return out;
}

// How badly a plane pairs the bones: each bone's distance from its mirror
// image to the nearest bone (itself included), at most the pairing distance.
float pairingCost(const Joints& joints, const mesh::MirrorPlane& plane)
{
    const float far = kPairFar * joints.size;
    float cost = 0.f;
    for (std::size_t j = 0; j < joints.positions.size(); ++j) {
        if (!joints.kind[j])
            continue;
        const glm::vec3 image = plane.reflect(joints.positions[j]);
        float nearest = far;
        for (std::size_t k = 0; k < joints.positions.size(); ++k)
            if (joints.kind[k])
                nearest = std::min(nearest, glm::distance(image, joints.positions[k]));
        cost += nearest;
    }
    return cost;
}

// A rig without named pairs: the candidate plane that pairs the bones best, refitted.
mesh::MirrorPlane planeByPlacement(const Joints& joints, const std::vector<anim::JointIndex>& none)
{
    glm::vec3 centre(0.f);
    float count = 0.f;
    for (std::size_t j = 0; j < joints.positions.size(); ++j)
        if (joints.kind[j]) {
            centre += joints.positions[j];
            count += 1.f;
        }
    centre /= std::max(count, 1.f);
    std::vector<glm::vec3> normals{{1.f, 0.f, 0.f}, {0.f, 1.f, 0.f}, {0.f, 0.f, 1.f}};
    // The axes of the roots' and the first bones' rest frames: a rig turned as a whole.
    std::size_t bones = 0;
    for (std::size_t j = 0; j < joints.frames.size() && bones < 3; ++j) {
        const bool root = joints.skeleton.parents[j] < 0;
        if (!root && !joints.kind[j])
            continue;
        bones += joints.kind[j] ? 1 : 0;
        const glm::mat3 frame = glm::mat3_cast(joints.frames[j]);
        for (int a = 0; a < 3; ++a) {
            const glm::vec3 n = glm::normalize(frame[a]);
            if (std::none_of(normals.begin(), normals.end(), [&](const glm::vec3& m) { return std::abs(glm::dot(m, n)) > .9999f; }))
                normals.push_back(n);
        }
    }
    mesh::MirrorPlane best;
    float bestCost = std::numeric_limits<float>::max();
    for (const glm::vec3& n : normals) {
        mesh::MirrorPlane plane{n, glm::dot(n, centre)};
        // Refit through the pairs it finds, so a centre pulled aside by a prop does not count against it.
        for (int pass = 0; pass < 2; ++pass)
            if (const auto fitted = robustFit(pairsOf(joints, partnersAcross(joints, plane, none), true), {}, joints.size))
                if (std::abs(glm::dot(fitted->normal, n)) > .9f)
                    plane = *fitted;
        const float cost = pairingCost(joints, plane);
        if (cost < bestCost) {
            bestCost = cost;
            best = plane;
        }
    }
    return best;
}

} // namespace

PoseSymmetry findPoseSymmetry(const Rig& rig)
{
    const Joints joints = restJoints(rig);
    const std::vector<anim::JointIndex> named = namedPartners(joints);
    PoseSymmetry out;
    Pairs namedPairs = pairsOf(joints, named, true);
    if (namedPairs.empty())
        namedPairs = pairsOf(joints, named, false);
    // The bones whose names carry no side: the spine, the head, usually on the plane.
    std::vector<glm::vec3> centres;
    for (std::size_t j = 0; j < named.size(); ++j)
        if (joints.kind[j] && named[j] < 0 && !mirroredJointName(joints.skeleton.names[j]) &&
            !mirroredJointNameGlued(joints.skeleton.names[j]))
            centres.push_back(joints.positions[j]);
    if (const auto fitted = robustFit(namedPairs, centres, joints.size))
        out.plane = *fitted;
    else if (joints.size > 0.f)
        out.plane = planeByPlacement(joints, named);
    if (out.plane.normal.x < 0.f || (out.plane.normal.x == 0.f && out.plane.normal.y + out.plane.normal.z < 0.f)) {
        out.plane.normal = -out.plane.normal;
        out.plane.offset = -out.plane.offset;
    }
    out.partners = partnersAcross(joints, out.plane, named);
    for (std::size_t j = 0; j < out.partners.size(); ++j) {
        if (named[j] >= 0)
            ++out.namedJoints;
        else if (out.partners[j] != static_cast<anim::JointIndex>(j))
            ++out.placedJoints;
    }
    return out;
}

} // namespace marrow::model
