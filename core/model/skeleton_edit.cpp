// SPDX-License-Identifier: MIT
#include "core/model/skeleton_edit.h"

#include "core/model/joint_name_mirror.h"
#include "core/model/mesh_bind.h"

#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cstdio>

namespace marrow::model {

namespace {

bool validJoint(const Rig& rig, anim::JointIndex j)
{
    return j >= 0 && static_cast<std::size_t>(j) < rig.skeleton.size();
}

// Every skin joint whose rest world moved from `before` to `after` gets the
// inverse bind that keeps its palette at rest: W'^-1 W B.
void keepSkinsAtRest(Rig& rig, const std::vector<glm::mat4>& before, const std::vector<glm::mat4>& after)
{
    for (Skin& skin : rig.skins)
        for (std::size_t k = 0; k < skin.joints.size(); ++k) {
            const auto j = static_cast<std::size_t>(skin.joints[k]);
            if (before[j] != after[j])
                skin.inverseBind[k] = glm::inverse(after[j]) * before[j] * skin.inverseBind[k];
        }
}

// A row's influence of skin joint `from` moved onto skin joint `to`
// (summed), the row sorted again, largest first, zero-padded.
void mergeInfluence(mesh::SkinWeights& w, std::size_t vertex, std::uint16_t from, std::uint16_t to)
{
    const auto stride = static_cast<std::size_t>(w.stride);
    std::uint16_t* joints = w.joints.data() + vertex * stride;
    float* weights = w.weights.data() + vertex * stride;
    std::size_t at = stride, into = stride;
    for (std::size_t i = 0; i < stride; ++i) {
        if (weights[i] > 0.f && joints[i] == from)
            at = i;
        if (weights[i] > 0.f && joints[i] == to)
            into = i;
    }
    if (at == stride)
        return;
    if (into == stride) {
        joints[at] = to;  // the parent had no share: it takes the slot
    } else {
        weights[into] += weights[at];
        weights[at] = 0.f;
        joints[at] = 0;
    }
    std::vector<std::pair<float, std::uint16_t>> row;
    for (std::size_t i = 0; i < stride; ++i)
        if (weights[i] > 0.f)
            row.emplace_back(weights[i], joints[i]);
    std::stable_sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t i = 0; i < stride; ++i) {
        weights[i] = i < row.size() ? row[i].first : 0.f;
        joints[i] = i < row.size() ? row[i].second : 0;
    }
}

// Skin joint `removed` leaves every row (none holds it any more): indices
// above it move down one; padding stays joint 0.
void dropSkinJoint(mesh::SkinWeights& w, std::uint16_t removed)
{
    for (std::size_t i = 0; i < w.joints.size(); ++i)
        if (w.weights[i] > 0.f && w.joints[i] > removed)
            --w.joints[i];
}

// A rigid mesh moved from node j to its parent keeps its place: its
// vertices take j's rest local transform.
void bakeLocal(mesh::Mesh& m, const glm::mat4& local)
{
    const glm::mat3 linear(local);
    const glm::mat3 normals = glm::inverseTranspose(linear);
    for (glm::vec3& p : m.positions)
        p = glm::vec3(local * glm::vec4(p, 1.f));
    for (glm::vec3& n : m.normals)
        n = glm::normalize(normals * n);
    for (mesh::MorphTarget& t : m.morphTargets) {
        for (glm::vec3& d : t.positions)
            d = linear * d;
        for (glm::vec3& d : t.normals)
            d = normals * d;
    }
}

} // namespace

std::string uniqueJointName(const anim::Skeleton& skeleton, const std::string& wanted)
{
    std::string base = wanted.empty() ? std::string("Joint") : wanted;
    if (!skeleton.find(base))
        return base;
    // As Blender: "arm.001" taken gives "arm.002", not "arm.001.001".
    const std::size_t dot = base.find_last_of('.');
    if (dot != std::string::npos && dot + 1 < base.size() && dot > 0 &&
        base.find_first_not_of("0123456789", dot + 1) == std::string::npos)
        base.erase(dot);
    for (int n = 1;; ++n) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, ".%03d", n);
        if (!skeleton.find(base + suffix))
            return base + suffix;
    }
}

std::optional<std::string> setRestTransforms(Rig& rig,
                                             std::span<const std::pair<anim::JointIndex, math::Transform>> rests,
                                             bool childrenFollow)
{
    for (const auto& [joint, t] : rests) {
        if (!validJoint(rig, joint))
            return "joint " + std::to_string(joint) + " is out of range";
        if (!math::isFinite(t) || glm::length(t.rotation) < 1e-6f)
            return "the rest transform of '" + rig.skeleton.names[static_cast<std::size_t>(joint)] + "' is not finite";
    }
    const std::vector<glm::mat4> before = restWorlds(rig.skeleton);
    for (const auto& [joint, t] : rests) {
        math::Transform r = t;
        r.rotation = glm::normalize(r.rotation);
        rig.skeleton.rest[static_cast<std::size_t>(joint)] = r;
    }
    if (!childrenFollow) {
        anim::Skeleton& s = rig.skeleton;
        std::vector<std::uint8_t> listed(s.size(), 0);
        for (const auto& edit : rests)
            listed[static_cast<std::size_t>(edit.first)] = 1;
        const std::vector<glm::mat4> moved = restWorlds(s);
        for (std::size_t c = 0; c < s.size(); ++c) {
            const anim::JointIndex p = s.parents[c];
            if (listed[c] || p == anim::kNoParent || !listed[static_cast<std::size_t>(p)])
                continue;
            math::Transform t;
            if (math::fromMatrix(glm::inverse(moved[static_cast<std::size_t>(p)]) * before[c], t))
                s.rest[c] = t;
        }
    }
    keepSkinsAtRest(rig, before, restWorlds(rig.skeleton));
    return std::nullopt;
}

std::optional<anim::JointIndex> addJoint(Rig& rig, anim::JointIndex parent, const std::string& name,
                                         const math::Transform& rest)
{
    if ((parent != anim::kNoParent && !validJoint(rig, parent)) || !math::isFinite(rest))
        return std::nullopt;
    anim::Skeleton& s = rig.skeleton;
    s.names.push_back(uniqueJointName(s, name));
    s.parents.push_back(parent);
    math::Transform r = rest;
    r.rotation = glm::normalize(r.rotation);
    s.rest.push_back(r);
    if (!rig.rotationModes.empty())
        rig.rotationModes.push_back(anim::RotationMode::Quaternion);
    for (Transition& t : rig.transitions)
        if (!t.profile.empty())
            t.profile.push_back(1.f);
    return static_cast<anim::JointIndex>(s.size() - 1);
}

std::optional<std::string> deleteJoint(Rig& rig, anim::JointIndex joint, JointRemap* remap)
{
    if (!validJoint(rig, joint))
        return "joint " + std::to_string(joint) + " is out of range";
    anim::Skeleton& s = rig.skeleton;
    const auto j = static_cast<std::size_t>(joint);
    const anim::JointIndex parent = s.parents[j];
    const std::string& name = s.names[j];
    if (parent == anim::kNoParent) {
        for (const Skin& skin : rig.skins)
            if (std::find(skin.joints.begin(), skin.joints.end(), joint) != skin.joints.end())
                return "'" + name + "' is a root that a skin uses: its weights would have no parent to go to";
        for (const mesh::Mesh& m : rig.meshes)
            if (m.node == joint)
                return "'" + name + "' is a root that holds mesh '" + m.name + "'";
    }
    const std::vector<glm::mat4> worlds = restWorlds(s);
    const glm::mat4 local = math::toMatrix(s.rest[j]);

    // Weights to the parent, the parent joining a skin that lacks it.
    for (std::size_t si = 0; si < rig.skins.size(); ++si) {
        Skin& skin = rig.skins[si];
        const auto it = std::find(skin.joints.begin(), skin.joints.end(), joint);
        if (it == skin.joints.end())
            continue;
        const auto k = static_cast<std::size_t>(it - skin.joints.begin());
        auto p = static_cast<std::size_t>(std::find(skin.joints.begin(), skin.joints.end(), parent) - skin.joints.begin());
        if (p == skin.joints.size()) {
            skin.joints.push_back(parent);
            skin.inverseBind.push_back(glm::inverse(worlds[static_cast<std::size_t>(parent)]) * worlds[j] *
                                       skin.inverseBind[k]);
        }
        for (mesh::Mesh& m : rig.meshes) {
            if (m.skin != static_cast<int>(si))
                continue;
            for (std::size_t v = 0; v < m.weights.vertexCount(); ++v)
                mergeInfluence(m.weights, v, static_cast<std::uint16_t>(k), static_cast<std::uint16_t>(p));
            dropSkinJoint(m.weights, static_cast<std::uint16_t>(k));
        }
        skin.joints.erase(skin.joints.begin() + static_cast<std::ptrdiff_t>(k));
        skin.inverseBind.erase(skin.inverseBind.begin() + static_cast<std::ptrdiff_t>(k));
    }
    // Meshes it holds go to the parent; a rigid one keeps its place.
    for (mesh::Mesh& m : rig.meshes)
        if (m.node == joint) {
            if (!m.skinned())
                bakeLocal(m, local);
            m.node = parent;
        }
    // Children go to the parent, keeping their rest worlds.
    for (std::size_t c = j + 1; c < s.size(); ++c)
        if (s.parents[c] == joint) {
            math::Transform t;
            if (math::fromMatrix(local * math::toMatrix(s.rest[c]), t))
                s.rest[c] = t;
            s.parents[c] = parent;
        }
    // The joint leaves every list; indices above it move down one.
    const auto shift = [joint](anim::JointIndex& i) {
        if (i > joint)
            --i;
    };
    s.names.erase(s.names.begin() + static_cast<std::ptrdiff_t>(j));
    s.parents.erase(s.parents.begin() + static_cast<std::ptrdiff_t>(j));
    s.rest.erase(s.rest.begin() + static_cast<std::ptrdiff_t>(j));
    for (anim::JointIndex& p : s.parents)
        shift(p);
    for (Skin& skin : rig.skins)
        for (anim::JointIndex& sj : skin.joints)
            shift(sj);
    for (mesh::Mesh& m : rig.meshes)
        shift(m.node);
    for (anim::Clip& clip : rig.clips) {
        std::erase_if(clip.tracks, [joint](const anim::JointTrack& t) { return t.joint == joint; });
        for (anim::JointTrack& t : clip.tracks)
            shift(t.joint);
    }
    for (Transition& t : rig.transitions)
        if (!t.profile.empty())
            t.profile.erase(t.profile.begin() + static_cast<std::ptrdiff_t>(j));
    if (!rig.rotationModes.empty())
        rig.rotationModes.erase(rig.rotationModes.begin() + static_cast<std::ptrdiff_t>(j));
    if (remap) {
        remap->resize(s.size() + 1);
        for (std::size_t k = 0; k < remap->size(); ++k)
            (*remap)[k] = k < j ? static_cast<anim::JointIndex>(k)
                                : k == j ? anim::kNoParent : static_cast<anim::JointIndex>(k - 1);
    }
    return std::nullopt;
}

std::optional<std::string> symmetrize(Rig& rig, std::span<const anim::JointIndex> joints, int* twinsSet)
{
    for (anim::JointIndex j : joints)
        if (!validJoint(rig, j))
            return "joint " + std::to_string(j) + " is out of range";
    std::vector<anim::JointIndex> order(joints.begin(), joints.end());
    std::sort(order.begin(), order.end());  // parents come before children
    order.erase(std::unique(order.begin(), order.end()), order.end());
    const glm::mat4 flip = glm::scale(glm::mat4(1.f), glm::vec3(-1.f, 1.f, 1.f));
    int set = 0;
    for (anim::JointIndex j : order) {
        const auto twinName = mirroredJointName(rig.skeleton.names[static_cast<std::size_t>(j)]);
        if (!twinName)
            continue;  // a centre joint is its own mirror
        std::optional<anim::JointIndex> twin = rig.skeleton.find(*twinName);
        if (!twin) {
            const anim::JointIndex parent = rig.skeleton.parents[static_cast<std::size_t>(j)];
            anim::JointIndex twinParent = parent;
            if (parent != anim::kNoParent)
                if (const auto name = mirroredJointName(rig.skeleton.names[static_cast<std::size_t>(parent)]))
                    twinParent = rig.skeleton.find(*name).value_or(parent);
            twin = addJoint(rig, twinParent, *twinName, {});
        }
        if (!twin || *twin == j)
            continue;
        const std::vector<glm::mat4> worlds = restWorlds(rig.skeleton);
        const glm::mat4 mirrored = flip * worlds[static_cast<std::size_t>(j)] * flip;
        const anim::JointIndex twinParent = rig.skeleton.parents[static_cast<std::size_t>(*twin)];
        const glm::mat4 parentWorld = twinParent == anim::kNoParent ? glm::mat4(1.f)
                                                                    : worlds[static_cast<std::size_t>(twinParent)];
        math::Transform local;
        if (!math::fromMatrix(glm::inverse(parentWorld) * mirrored, local))
            continue;
        const std::pair<anim::JointIndex, math::Transform> edit[] = {{*twin, local}};
        if (!setRestTransforms(rig, edit))
            ++set;
    }
    if (twinsSet)
        *twinsSet = set;
    return std::nullopt;
}

namespace {

// Puts the joints in an order where every parent precedes its children
// (stable: joints keep their relative order where they may) and renumbers
// every reference to them.
void sortParentsFirst(Rig& rig, JointRemap& newIndexOf)
{
    anim::Skeleton& s = rig.skeleton;
    const std::size_t n = s.size();
    std::vector<anim::JointIndex> order;  // new position -> old index
    std::vector<std::uint8_t> placed(n, 0);
    while (order.size() < n) {
        const std::size_t before = order.size();
        for (std::size_t j = 0; j < n; ++j)
            if (!placed[j] && (s.parents[j] == anim::kNoParent || placed[static_cast<std::size_t>(s.parents[j])])) {
                placed[j] = 1;
                order.push_back(static_cast<anim::JointIndex>(j));
            }
        if (order.size() == before)
            return;  // a cycle: callers refuse those first
    }
    JointRemap& newIndex = newIndexOf;
    newIndex.resize(n);
    for (std::size_t k = 0; k < n; ++k)
        newIndex[static_cast<std::size_t>(order[k])] = static_cast<anim::JointIndex>(k);
    const auto renumber = [&](anim::JointIndex& j) {
        if (j >= 0)
            j = newIndex[static_cast<std::size_t>(j)];
    };
    anim::Skeleton sorted;
    for (anim::JointIndex old : order) {
        sorted.names.push_back(s.names[static_cast<std::size_t>(old)]);
        sorted.parents.push_back(s.parents[static_cast<std::size_t>(old)]);
        sorted.rest.push_back(s.rest[static_cast<std::size_t>(old)]);
    }
    for (anim::JointIndex& p : sorted.parents)
        renumber(p);
    s = std::move(sorted);
    for (Skin& skin : rig.skins)
        for (anim::JointIndex& j : skin.joints)
            renumber(j);
    for (mesh::Mesh& m : rig.meshes)
        renumber(m.node);
    for (anim::Clip& clip : rig.clips)
        for (anim::JointTrack& t : clip.tracks)
            renumber(t.joint);
    const auto permute = [&](auto& list) {
        if (list.empty())
            return;
        auto copy = list;
        for (std::size_t k = 0; k < n; ++k)
            list[k] = copy[static_cast<std::size_t>(order[k])];
    };
    for (Transition& t : rig.transitions)
        permute(t.profile);
    permute(rig.rotationModes);
}

bool isAncestorOrSelf(const anim::Skeleton& s, anim::JointIndex ancestor, anim::JointIndex joint)
{
    for (anim::JointIndex j = joint; j != anim::kNoParent; j = s.parents[static_cast<std::size_t>(j)])
        if (j == ancestor)
            return true;
    return false;
}

} // namespace

std::optional<std::string> reparentJoint(Rig& rig, anim::JointIndex joint, anim::JointIndex parent, JointRemap* remap)
{
    anim::Skeleton& s = rig.skeleton;
    if (!validJoint(rig, joint) || (parent != anim::kNoParent && !validJoint(rig, parent)))
        return "a joint is out of range";
    if (parent != anim::kNoParent && isAncestorOrSelf(s, joint, parent))
        return "'" + s.names[static_cast<std::size_t>(parent)] + "' is '" + s.names[static_cast<std::size_t>(joint)] +
               "' or below it: a joint cannot hang from itself";
    const std::vector<glm::mat4> worlds = restWorlds(s);
    const glm::mat4 parentWorld = parent == anim::kNoParent ? glm::mat4(1.f) : worlds[static_cast<std::size_t>(parent)];
    math::Transform local;
    if (!math::fromMatrix(glm::inverse(parentWorld) * worlds[static_cast<std::size_t>(joint)], local))
        return "the new parent's rest transform cannot be inverted";
    s.parents[static_cast<std::size_t>(joint)] = parent;
    s.rest[static_cast<std::size_t>(joint)] = local;
    JointRemap order;
    if (parent > joint)
        sortParentsFirst(rig, order);
    if (remap) {
        remap->resize(s.size());
        for (std::size_t k = 0; k < s.size(); ++k)
            (*remap)[k] = order.empty() ? static_cast<anim::JointIndex>(k) : order[k];
    }
    return std::nullopt;
}

std::optional<std::string> subdivideJoint(Rig& rig, anim::JointIndex joint, int cuts, JointRemap* remap)
{
    if (!validJoint(rig, joint) || cuts < 1 || cuts > 64)
        return "nothing to subdivide (a joint in range and 1 to 64 cuts)";
    anim::Skeleton& s = rig.skeleton;
    const auto child = std::find(s.parents.begin(), s.parents.end(), joint);
    if (child == s.parents.end())
        return "'" + s.names[static_cast<std::size_t>(joint)] + "' has no child to subdivide towards";
    const auto c = static_cast<anim::JointIndex>(child - s.parents.begin());
    const glm::vec3 towards = s.rest[static_cast<std::size_t>(c)].translation;  // in the joint's space
    const std::string base = s.names[static_cast<std::size_t>(joint)];
    anim::JointIndex last = joint;
    for (int k = 1; k <= cuts; ++k) {
        // Each new joint a step along the line, unrotated in its parent.
        math::Transform step;  // unrotated, unscaled
        step.translation = towards / static_cast<float>(cuts + 1);
        const auto added = addJoint(rig, last, base, step);
        if (!added)
            return "a joint could not be added";
        last = *added;
    }
    // The child hangs from the last new joint, where it was. The new joints
    // were appended, so the old joints' numbering is the reparent's.
    const std::size_t oldCount = s.size() - static_cast<std::size_t>(cuts);
    auto why = reparentJoint(rig, c, last, remap);
    if (remap)
        remap->resize(oldCount);
    return why;
}

} // namespace marrow::model
