// SPDX-License-Identifier: MIT
#include "core/model/skeleton_edit_tools.h"

#include "core/math/finite.h"
#include "core/model/joint_name_mirror.h"
#include "core/model/mesh_bind.h"
#include "core/model/skeleton_edit.h"

#include <algorithm>
#include <cmath>

namespace marrow::model {

namespace {

glm::mat4 worldOf(const Rig& rig, anim::JointIndex joint)
{
    if (joint == anim::kNoParent)
        return glm::mat4(1.f);
    return restWorlds(rig.skeleton)[static_cast<std::size_t>(joint)];
}

} // namespace

std::optional<anim::JointIndex> addJointAt(Rig& rig, anim::JointIndex parent, const glm::vec3& world,
                                           const std::string& name)
{
    if (!math::isFinite(world) || (parent != anim::kNoParent &&
                                   (parent < 0 || static_cast<std::size_t>(parent) >= rig.skeleton.size())))
        return std::nullopt;
    math::Transform local;  // the parent's axes, unscaled
    local.translation = glm::vec3(glm::inverse(worldOf(rig, parent)) * glm::vec4(world, 1.f));
    if (!math::isFinite(local.translation))
        return std::nullopt;
    return addJoint(rig, parent, name, local);
}

std::pair<std::string, std::string> sideSuffixes(const anim::Skeleton& skeleton)
{
    const auto ends = [](const std::string& s, const char* suffix) {
        const std::size_t n = std::char_traits<char>::length(suffix);
        return s.size() > n && s.compare(s.size() - n, n, suffix) == 0;
    };
    for (const std::string& name : skeleton.names) {
        if (ends(name, ".L") || ends(name, ".R"))
            return {".L", ".R"};
        if (ends(name, "_l") || ends(name, "_r"))
            return {"_l", "_r"};
    }
    return {"_L", "_R"};
}

std::optional<std::pair<anim::JointIndex, anim::JointIndex>> extrudeMirrored(Rig& rig, anim::JointIndex from,
                                                                            const glm::vec3& world)
{
    if (from < 0 || static_cast<std::size_t>(from) >= rig.skeleton.size() || !math::isFinite(world))
        return std::nullopt;
    const glm::vec3 flip(-1.f, 1.f, 1.f);
    const std::string name = rig.skeleton.names[static_cast<std::size_t>(from)];
    if (const auto twinName = mirroredJointName(name)) {
        const std::optional<anim::JointIndex> twin = rig.skeleton.find(*twinName);
        const std::string child = uniqueJointName(rig.skeleton, name);
        const auto a = addJointAt(rig, from, world, child);
        const auto mirrored = mirroredJointName(child);
        if (!a || !twin || !mirrored)
            return a ? std::optional(std::pair(*a, *a)) : std::nullopt;
        const auto b = addJointAt(rig, *twin, world * flip, *mirrored);
        if (!b)
            return std::nullopt;
        return std::pair(*a, *b);
    }
    const auto [left, right] = sideSuffixes(rig.skeleton);
    glm::vec3 at = world;
    if (std::abs(at.x) < 1e-4f) {
        const glm::vec3 head(worldOf(rig, from)[3]);
        at.x = std::max(0.25f * glm::length(world - head), 0.01f);  // apart, or the pair would overlap
    }
    const bool atLeft = at.x >= 0.f;  // glTF's character faces +Z: its left is +X
    const auto a = addJointAt(rig, from, at, name + (atLeft ? left : right));
    const auto b = a ? addJointAt(rig, from, at * flip, name + (atLeft ? right : left)) : std::nullopt;
    if (!a || !b)
        return std::nullopt;
    return std::pair(*a, *b);
}

std::optional<std::string> moveJointTo(Rig& rig, anim::JointIndex joint, const glm::vec3& world, bool childrenFollow)
{
    if (joint < 0 || static_cast<std::size_t>(joint) >= rig.skeleton.size())
        return "joint " + std::to_string(joint) + " is out of range";
    if (!math::isFinite(world))
        return "the point to move to is not finite";
    const anim::JointIndex parent = rig.skeleton.parents[static_cast<std::size_t>(joint)];
    math::Transform local = rig.skeleton.rest[static_cast<std::size_t>(joint)];
    local.translation = glm::vec3(glm::inverse(worldOf(rig, parent)) * glm::vec4(world, 1.f));
    const std::pair<anim::JointIndex, math::Transform> edit[] = {{joint, local}};
    return setRestTransforms(rig, edit, childrenFollow);
}

std::vector<std::string> clipsAnimating(const Rig& rig, const std::vector<anim::JointIndex>& joints)
{
    std::vector<std::string> names;
    for (const anim::Clip& clip : rig.clips)
        if (std::any_of(clip.tracks.begin(), clip.tracks.end(), [&](const anim::JointTrack& t) {
                return std::find(joints.begin(), joints.end(), t.joint) != joints.end();
            }))
            names.push_back(clip.name);
    return names;
}

} // namespace marrow::model
