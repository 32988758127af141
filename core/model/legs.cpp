// SPDX-License-Identifier: MIT
#include "core/model/legs.h"

#include "core/anim/foot_contacts.h"
#include "core/anim/foot_slide.h"
#include "core/anim/local_to_world_job.h"
#include "core/model/auto_weights.h"
#include "core/model/joint_name_mirror.h"

#include <algorithm>
#include <cctype>

namespace marrow::model {

namespace {

std::vector<glm::mat4> restWorld(const anim::Skeleton& s)
{
    std::vector<glm::mat4> worlds(s.size());
    const anim::LocalToWorldJob job{s.parents, s.rest, glm::mat4(1.f), worlds};
    if (!job.run())
        return {};
    return worlds;
}

float heightOf(const std::vector<glm::mat4>& w, anim::JointIndex j)
{
    return w[static_cast<std::size_t>(j)][3].y;
}

int depthOf(const anim::Skeleton& s, anim::JointIndex j)
{
    int d = 0;
    for (anim::JointIndex p = s.parents[static_cast<std::size_t>(j)]; p >= 0; p = s.parents[static_cast<std::size_t>(p)])
        ++d;
    return d;
}

// +1 left, -1 right, 0 unknown, from the name's side (where it first
// differs from its mirror twin: L/Left against R/Right).
int nameSide(const std::string& name)
{
    const auto twin = mirroredJointName(name);
    if (!twin)
        return 0;
    for (std::size_t i = 0; i < name.size() && i < twin->size(); ++i)
        if (name[i] != (*twin)[i]) {
            const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(name[i])));
            return c == 'l' ? 1 : c == 'r' ? -1 : 0;
        }
    return 0;
}

struct Limb {
    anim::JointIndex end = -1;
    anim::JointIndex hip = -1;  // the limb's top joint (its parent branches)
};

} // namespace

std::vector<Leg> findLegs(const Rig& rig)
{
    const anim::Skeleton& s = rig.skeleton;
    const std::vector<glm::mat4> w = restWorld(s);
    if (w.empty())
        return {};
    std::vector<std::uint8_t> deforming = weightedJoints(rig);
    // A skin joint that carries a rigid mesh (on itself or a node below it) moves geometry too:
    // RobotExpressive's legs are rigid parts.
    std::vector<std::uint8_t> rigidPart(s.size(), 0);  // may be a limb of one joint (the robot's feet hang from its root)
    if (std::find(deforming.begin(), deforming.end(), 1) != deforming.end()) {
        const std::vector<std::uint8_t> bones = rig.boneMask();
        for (const mesh::Mesh& m : rig.meshes)
            for (anim::JointIndex j = m.skin < 0 ? m.node : -1; j >= 0 && static_cast<std::size_t>(j) < s.size();
                 j = s.parents[static_cast<std::size_t>(j)])
                if (bones[static_cast<std::size_t>(j)]) {
                    deforming[static_cast<std::size_t>(j)] = 1;
                    rigidPart[static_cast<std::size_t>(j)] = 1;
                    break;
                }
    }
    if (std::find(deforming.begin(), deforming.end(), 1) == deforming.end()) {
        // No skin: every joint but the cameras, lights and targets a skeleton-only FBX keeps
        // metres away (they would stretch the height span until the hands hang "low").
        const std::vector<std::uint8_t> loose = rig.looseHelperMask();
        for (std::size_t j = 0; j < s.size(); ++j)
            deforming[j] = j < loose.size() && loose[j] ? 0 : 1;
    }
    for (std::size_t j = 0; j < s.size(); ++j)
        if (anim::isFootHelperName(s.names[j]) || isEndJointName(s.names[j]))
            deforming[j] = 0;
    // Each deforming joint's deforming children, and the height span.
    std::vector<int> children(s.size(), 0);
    float low = 0.f, high = 0.f;
    bool any = false;
    for (std::size_t j = 0; j < s.size(); ++j) {
        if (!deforming[j])
            continue;
        const float y = w[j][3].y;
        low = any ? std::min(low, y) : y;
        high = any ? std::max(high, y) : y;
        any = true;
        for (anim::JointIndex p = s.parents[j]; p >= 0; p = s.parents[static_cast<std::size_t>(p)])
            if (deforming[static_cast<std::size_t>(p)]) {
                ++children[static_cast<std::size_t>(p)];
                break;
            }
    }
    if (!any || !(high > low))
        return {};
    const float lowZone = low + 0.2f * (high - low);
    // Limbs: a deforming joint with no deforming child, low, up to its hip.
    const auto limbOf = [&](anim::JointIndex end) {
        Limb limb{end, end};
        for (anim::JointIndex p = s.parents[static_cast<std::size_t>(end)]; p >= 0; p = s.parents[static_cast<std::size_t>(p)]) {
            if (!deforming[static_cast<std::size_t>(p)])
                continue;
            if (children[static_cast<std::size_t>(p)] >= 2)
                break;
            limb.hip = p;
        }
        return limb;
    };
    std::vector<Limb> limbs;
    for (std::size_t j = 0; j < s.size(); ++j) {
        if (!deforming[j] || children[j] != 0 || w[j][3].y > lowZone)
            continue;
        const Limb limb = limbOf(static_cast<anim::JointIndex>(j));
        if (limb.hip != limb.end || rigidPart[j])
            limbs.push_back(limb);
    }
    // A limb whose end's mirror twin (by name) also ends a limb is a leg on both sides, even when the
    // twin is raised in the rest pose (a skeleton-only FBX rests in its first frame: mid-stride).
    for (std::size_t i = 0, found = limbs.size(); i < found; ++i) {
        const auto twinName = mirroredJointName(s.names[static_cast<std::size_t>(limbs[i].end)]);
        const std::optional<anim::JointIndex> twin = twinName ? s.find(*twinName) : std::nullopt;
        if (!twin || !deforming[static_cast<std::size_t>(*twin)] || children[static_cast<std::size_t>(*twin)] != 0 ||
            std::any_of(limbs.begin(), limbs.end(), [&](const Limb& l) { return l.end == *twin; }))
            continue;
        const Limb limb = limbOf(*twin);
        if (limb.hip != limb.end || rigidPart[static_cast<std::size_t>(*twin)])
            limbs.push_back(limb);
    }
    std::vector<Leg> legs;
    std::vector<int> hipDepth;
    for (const Limb& limb : limbs) {
        Leg leg;
        leg.foot = limb.end;
        anim::JointIndex up = s.parents[static_cast<std::size_t>(limb.end)];
        while (up >= 0 && !deforming[static_cast<std::size_t>(up)])
            up = s.parents[static_cast<std::size_t>(up)];
        // (A twin added by name takes its foot as its twin does: its own height says nothing.)
        const bool lowTwin = [&] {
            const auto name = mirroredJointName(s.names[static_cast<std::size_t>(limb.end)]);
            const auto other = name ? s.find(*name) : std::nullopt;
            if (!other || w[static_cast<std::size_t>(limb.end)][3].y <= lowZone)
                return false;
            const anim::JointIndex otherUp = s.parents[static_cast<std::size_t>(*other)];
            return otherUp >= 0 && heightOf(w, otherUp) <= lowZone;
        }();
        if (up >= 0 && up != limb.hip && (heightOf(w, up) <= lowZone || lowTwin)) {
            leg.toe = limb.end;
            leg.foot = up;
        }
        leg.length = anim::legLength(s, w, leg.foot);
        legs.push_back(leg);
        hipDepth.push_back(depthOf(s, limb.hip));
    }
    // Sides: by name, else by X about the legs' middle.
    float middle = 0.f;
    for (const Leg& leg : legs)
        middle += w[static_cast<std::size_t>(leg.foot)][3].x / static_cast<float>(legs.size());
    std::vector<int> side(legs.size());
    for (std::size_t i = 0; i < legs.size(); ++i) {
        side[i] = nameSide(s.names[static_cast<std::size_t>(legs[i].foot)]);
        if (side[i] == 0)
            side[i] = w[static_cast<std::size_t>(legs[i].foot)][3].x >= middle ? 1 : -1;
    }
    if (legs.size() == 2 && side[0] != side[1]) {
        for (std::size_t i = 0; i < 2; ++i)  // (chars: a literal here trips GCC 12's string overflow warning)
            legs[i].label.assign(1, side[i] > 0 ? 'L' : 'R');
    } else if (legs.size() == 4 && std::count(side.begin(), side.end(), 1) == 2) {
        // On each side, the leg branching nearer the root is the hind one
        // (hips before the chest); at equal depth, the one further back (-Z).
        for (std::size_t i = 0; i < 4; ++i) {
            const std::size_t k = [&] {
                for (std::size_t o = 0; o < 4; ++o)
                    if (o != i && side[o] == side[i])
                        return o;
                return i;
            }();
            const bool hind = hipDepth[i] != hipDepth[k] ? hipDepth[i] < hipDepth[k]
                                                         : w[static_cast<std::size_t>(legs[i].foot)][3].z <
                                                               w[static_cast<std::size_t>(legs[k].foot)][3].z;
            legs[i].label = {hind ? 'H' : 'F', side[i] > 0 ? 'L' : 'R'};
        }
    }
    for (Leg& leg : legs)
        if (leg.label.empty())
            leg.label = s.names[static_cast<std::size_t>(leg.foot)];
    return legs;
}

std::vector<Leg> legsOfJoints(const Rig& rig, std::span<const anim::JointIndex> feet)
{
    const std::vector<glm::mat4> w = restWorld(rig.skeleton);
    std::vector<Leg> legs;
    for (anim::JointIndex j : feet)
        if (j >= 0 && static_cast<std::size_t>(j) < rig.skeleton.size())
            legs.push_back({j, -1, w.empty() ? 0.f : anim::legLength(rig.skeleton, w, j),
                            rig.skeleton.names[static_cast<std::size_t>(j)]});
    return legs;
}

std::vector<anim::JointIndex> footJointsOf(std::span<const Leg> legs)
{
    std::vector<anim::JointIndex> feet;
    for (const Leg& leg : legs)
        feet.push_back(leg.foot);
    return feet;
}

} // namespace marrow::model
