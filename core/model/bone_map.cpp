// SPDX-License-Identifier: MIT
#include "core/model/bone_map.h"
#include "core/model/bone_role.h"
#include "core/anim/local_to_world_job.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>

namespace marrow::model {

namespace {

using anim::JointIndex;

int depthOf(const anim::Skeleton& s, JointIndex j)
{
    int depth = 0;
    for (JointIndex p = s.parents[static_cast<std::size_t>(j)]; p != anim::kNoParent && depth < 10000;
         p = s.parents[static_cast<std::size_t>(p)])
        ++depth;
    return depth;
}

bool descends(const anim::Skeleton& s, JointIndex j, JointIndex ancestor)
{
    for (int guard = 0; j != anim::kNoParent && guard < 100000; ++guard, j = s.parents[static_cast<std::size_t>(j)])
        if (j == ancestor)
            return true;
    return false;
}

// The hips: the shallowest joint named so, or nullopt.
std::optional<JointIndex> hipsOf(const anim::Skeleton& s)
{
    std::optional<JointIndex> hips;
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const auto role = boneRoleOf(s.names[j]); role && role->part == BodyPart::Hips)
            if (!hips || depthOf(s, static_cast<JointIndex>(j)) < depthOf(s, *hips))
                hips = static_cast<JointIndex>(j);
    return hips;
}

// The limb part a part hangs from (a foot from a thigh, a hand from an upper arm), if any.
std::optional<BodyPart> limbRoot(BodyPart part)
{
    switch (part) {
    case BodyPart::LowerLeg:
    case BodyPart::Foot:
    case BodyPart::Toes:
        return BodyPart::UpperLeg;
    case BodyPart::LowerArm:
    case BodyPart::Hand:
    case BodyPart::Thumb:
    case BodyPart::Index:
    case BodyPart::Middle:
    case BodyPart::Ring:
    case BodyPart::Pinky:
        return BodyPart::UpperArm;
    default:
        return std::nullopt;
    }
}

// The joint's descendants, counted.
std::vector<int> descendantCounts(const anim::Skeleton& s)
{
    std::vector<int> below(s.size(), 0);
    for (std::size_t j = s.size(); j-- > 0;)
        if (s.parents[j] != anim::kNoParent)
            below[static_cast<std::size_t>(s.parents[j])] += below[j] + 1;
    return below;
}

using Groups = std::map<std::pair<BodyPart, BodySide>, std::vector<JointIndex>>;

// Where a limb's end is not below its middle (RobotExpressive's FootL is an
// IK control beside the leg), the middle's child nearest that control at
// rest (LowerLegL_end, where FootL sits, not the LowerLegL_1 nub), or with
// no control the one with most below it, is the end: moved to the front of
// the end's group.
void endsFromChains(const anim::Skeleton& s, const std::vector<bool>& taken, Groups& groups)
{
    const std::vector<int> below = descendantCounts(s);
    std::vector<glm::mat4> rest(s.size());
    anim::LocalToWorldJob{s.parents, s.rest, glm::mat4(1.f), rest}.run();
    const auto gap = [&](std::size_t a, JointIndex b) { return glm::length(glm::vec3(rest[a][3]) - glm::vec3(rest[static_cast<std::size_t>(b)][3])); };
    for (const BodySide side : {BodySide::Left, BodySide::Right})
        for (const auto& [middle, end] : {std::pair{BodyPart::LowerLeg, BodyPart::Foot}, {BodyPart::LowerArm, BodyPart::Hand}}) {
            const auto m = groups.find({middle, side});
            if (m == groups.end() || m->second.empty())
                continue;
            const JointIndex joint = m->second.front();
            std::vector<JointIndex>& ends = groups[{end, side}];
            if (!ends.empty() && descends(s, ends.front(), joint))
                continue;
            JointIndex child = anim::kNoParent;
            const auto better = [&](std::size_t c) {
                if (child == anim::kNoParent)
                    return true;
                if (!ends.empty())
                    return gap(c, ends.front()) < gap(static_cast<std::size_t>(child), ends.front());
                return below[c] > below[static_cast<std::size_t>(child)];
            };
            // Not a child of another part (RobotExpressive's ThumbL hangs from its forearm too).
            const auto mayEnd = [&](std::size_t c) {
                const std::optional<BoneRole> r = boneRoleOf(s.names[c]);
                return !r || r->part == end;
            };
            for (std::size_t c = 0; c < s.size(); ++c)
                if (s.parents[c] == joint && mayEnd(c) && better(c))
                    child = static_cast<JointIndex>(c);
            if (child == anim::kNoParent || taken[static_cast<std::size_t>(child)])
                continue;
            for (auto& [key, joints] : groups)
                std::erase(joints, child);
            ends.insert(ends.begin(), child);
        }
}

// Each role group's joints (part, side), ordered along the chain: first
// those in their place (a foot below a thigh of its side, not an IK control
// named like the foot; a spine below the hips, not RobotExpressive's Torso
// above them), then those named outright before a loose word (LowerLegL
// before LegL), the hips where the legs branch first (pab's Pelvis below
// its Hips), then by the number in their names, then by depth.
// Per joint: false where a role's joint is out of its place (a foot not
// below a thigh of its side, as an IK control named like the foot; a spine
// above the hips, as RobotExpressive's Torso), true otherwise.
std::vector<bool> placedJoints(const anim::Skeleton& s, const std::vector<std::optional<BoneRole>>& roles)
{
    const std::optional<JointIndex> hips = hipsOf(s);
    const auto hasLimbAbove = [&](JointIndex j, BodyPart root, BodySide side) {
        for (JointIndex p = s.parents[static_cast<std::size_t>(j)]; p != anim::kNoParent;
             p = s.parents[static_cast<std::size_t>(p)])
            if (const auto& r = roles[static_cast<std::size_t>(p)]; r && r->part == root && r->side == side)
                return true;
        return false;
    };
    std::vector<bool> placed(s.size(), true);
    for (std::size_t j = 0; j < s.size(); ++j) {
        if (!roles[j])
            continue;
        const auto joint = static_cast<JointIndex>(j);
        const BoneRole& role = *roles[j];
        if (role.part == BodyPart::Spine || role.part == BodyPart::Neck || role.part == BodyPart::Head)
            placed[j] = !hips || descends(s, joint, *hips);
        else if (const std::optional<BodyPart> root = limbRoot(role.part))
            placed[j] = hasLimbAbove(joint, *root, role.side);
    }
    return placed;
}

std::vector<std::optional<BoneRole>> rolesOf(const anim::Skeleton& s)
{
    std::vector<std::optional<BoneRole>> roles(s.size());
    for (std::size_t j = 0; j < s.size(); ++j)
        roles[j] = boneRoleOf(s.names[j]);
    return roles;
}

Groups roleGroups(const anim::Skeleton& s, const std::vector<bool>& taken)
{
    const std::vector<std::optional<BoneRole>> roles = rolesOf(s);
    const std::vector<bool> placed = placedJoints(s, roles);
    const auto branches = [&](JointIndex j) {  // the legs hang below it
        for (std::size_t c = 0; c < s.size(); ++c)
            if (roles[c] && roles[c]->part == BodyPart::UpperLeg && descends(s, static_cast<JointIndex>(c), j))
                return true;
        return false;
    };
    std::map<std::pair<BodyPart, BodySide>, std::vector<std::tuple<bool, bool, int, int, int, JointIndex>>> keyed;
    for (std::size_t j = 0; j < s.size(); ++j)
        if (!taken[j] && roles[j]) {
            const auto joint = static_cast<JointIndex>(j);
            const int depth = depthOf(s, joint);
            const int hipsRank = roles[j]->part != BodyPart::Hips ? 0 : branches(joint) ? -depth : 1000 + depth;
            keyed[{roles[j]->part, roles[j]->side}].emplace_back(!placed[j], roles[j]->loose, hipsRank,
                                                                 roles[j]->order, depth, joint);
        }
    Groups groups;
    for (auto& [key, joints] : keyed) {
        std::sort(joints.begin(), joints.end());
        for (const auto& entry : joints)
            groups[key].push_back(std::get<5>(entry));
    }
    endsFromChains(s, taken, groups);
    return groups;
}

// min(a, b) positions spread evenly over a chain of n, both ends included.
std::size_t spread(std::size_t k, std::size_t count, std::size_t n)
{
    if (count <= 1)
        return 0;
    return static_cast<std::size_t>(std::lround(static_cast<double>(k) * static_cast<double>(n - 1) /
                                                static_cast<double>(count - 1)));
}

} // namespace

std::optional<JointIndex> BoneMap::sourceOf(JointIndex target) const
{
    for (const Pair& p : pairs)
        if (p.target == target)
            return p.source;
    return std::nullopt;
}

std::optional<JointIndex> BoneMap::targetOf(JointIndex source) const
{
    for (const Pair& p : pairs)
        if (p.source == source)
            return p.target;
    return std::nullopt;
}

BoneMap proposeBoneMap(const anim::Skeleton& source, const anim::Skeleton& target)
{
    BoneMap map;
    std::vector<bool> sourceTaken(source.size(), false), targetTaken(target.size(), false);
    const auto pair = [&](JointIndex s, JointIndex t) {
        map.pairs.push_back({s, t});
        sourceTaken[static_cast<std::size_t>(s)] = true;
        targetTaken[static_cast<std::size_t>(t)] = true;
    };
    // The same bone by name (the first of a name, should a rig repeat one).
    std::unordered_map<std::string, JointIndex> targetByKey;
    for (std::size_t t = 0; t < target.size(); ++t)
        targetByKey.emplace(boneNameKey(target.names[t]), static_cast<JointIndex>(t));

    // Not the hips: which of a rig's hips joints carries the body is a
    // matter of where the legs branch (pab's Pelvis under its Hips), not of
    // a shared word.
    const auto isHips = [](const std::string& name) {
        const auto role = boneRoleOf(name);
        return role && role->part == BodyPart::Hips;
    };
    // Only joints in their place on both sides: RobotExpressive's FootL, an
    // IK control beside its leg, is not the foot_L of another rig.
    const std::vector<bool> sourcePlaced = placedJoints(source, rolesOf(source));
    const std::vector<bool> targetPlaced = placedJoints(target, rolesOf(target));
    for (std::size_t s = 0; s < source.size(); ++s) {
        if (isHips(source.names[s]) || !sourcePlaced[s])
            continue;
        const std::string key = boneNameKey(source.names[s]);
        const auto it = targetByKey.find(key);
        if (!key.empty() && it != targetByKey.end() && !targetTaken[static_cast<std::size_t>(it->second)] &&
            targetPlaced[static_cast<std::size_t>(it->second)])
            pair(static_cast<JointIndex>(s), it->second);
    }
    // The rest by role, chain against chain.
    const auto sourceGroups = roleGroups(source, sourceTaken);
    const auto targetGroups = roleGroups(target, targetTaken);
    for (const auto& [key, from] : sourceGroups) {
        const auto it = targetGroups.find(key);
        if (it == targetGroups.end())
            continue;
        const std::vector<JointIndex>& to = it->second;
        const std::size_t count = std::min(from.size(), to.size());
        for (std::size_t k = 0; k < count; ++k)
            pair(from[spread(k, count, from.size())], to[spread(k, count, to.size())]);
    }
    std::sort(map.pairs.begin(), map.pairs.end(), [](const BoneMap::Pair& a, const BoneMap::Pair& b) {
        return a.target < b.target;
    });
    return map;
}

std::optional<JointIndex> bodyJoint(const anim::Skeleton& skeleton, BodyPart part, BodySide side)
{
    const Groups groups = roleGroups(skeleton, std::vector<bool>(skeleton.size(), false));
    const auto it = groups.find({part, side});
    return it == groups.end() || it->second.empty() ? std::nullopt : std::optional(it->second.front());
}

std::vector<std::string> missingBipedParts(const anim::Skeleton& skeleton)
{
    std::map<std::pair<BodyPart, BodySide>, int> found;
    for (const std::string& name : skeleton.names)
        if (const std::optional<BoneRole> role = boneRoleOf(name))
            ++found[{role->part, role->side}];
    std::vector<std::string> missing;
    const auto need = [&](BodyPart part, BodySide side) {
        if (found.count({part, side}))
            return;
        const std::string prefix = side == BodySide::Left ? "left " : side == BodySide::Right ? "right " : "";
        missing.push_back(prefix + bodyPartName(part));
    };
    need(BodyPart::Hips, BodySide::Centre);
    need(BodyPart::Spine, BodySide::Centre);
    for (const BodySide side : {BodySide::Left, BodySide::Right})
        for (const BodyPart part : {BodyPart::UpperLeg, BodyPart::LowerLeg, BodyPart::Foot})
            need(part, side);
    return missing;
}

} // namespace marrow::model
