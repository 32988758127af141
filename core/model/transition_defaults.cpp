// SPDX-License-Identifier: MIT
#include "core/model/transition_defaults.h"
#include "core/model/clip_names.h"
#include "core/anim/root_match.h"

#include <algorithm>
#include <cmath>

namespace marrow::model {

namespace {

bool endsWhereItStarts(const anim::Vec3Channel& c)
{
    if (c.size() < 2)
        return true;
    const float tolerance = 1e-3f * std::max(1.f, glm::length(c.values.front()));
    return glm::distance(c.values.front(), c.values.back()) <= tolerance;
}

bool endsWhereItStarts(const anim::QuatChannel& c)
{
    return c.size() < 2 || std::abs(glm::dot(c.values.front(), c.values.back())) >= 0.99999f;
}

double snap(double seconds, double fps)
{
    return fps > 0.0 ? std::round(seconds * fps) / fps : seconds;
}

} // namespace

bool clipLoops(const anim::Clip& clip, const anim::Skeleton* skeleton)
{
    if (clip.duration <= 0.f || clip.tracks.empty())
        return false;
    const anim::JointIndex root = skeleton ? anim::rootMotionJoint(*skeleton, clip) : anim::kNoParent;
    const glm::vec3 travel = skeleton ? anim::groundTravel(*skeleton, clip) : glm::vec3(0.f);
    return std::all_of(clip.tracks.begin(), clip.tracks.end(), [&](const anim::JointTrack& t) {
        bool translationLoops = endsWhereItStarts(t.translation);
        if (!translationLoops && t.joint == root) {
            anim::Vec3Channel moved = t.translation;  // the cycle ends one step further on
            moved.values.back() -= travel;
            translationLoops = endsWhereItStarts(moved);
        }
        return translationLoops && endsWhereItStarts(t.rotation) && endsWhereItStarts(t.euler) &&
               endsWhereItStarts(t.scale);
    });
}

Transition defaultTransition(const Rig& rig, ClipId a, ClipId b, double fps)
{
    const anim::Clip& clipA = rig.clips[static_cast<std::size_t>(a)];
    const anim::Clip& clipB = rig.clips[static_cast<std::size_t>(b)];
    Transition t;
    t.name = uniqueTransitionName(rig, clipA.name + "_to_" + clipB.name);
    t.clipA = a;
    t.clipB = b;
    t.duration = std::max(snap(0.25, fps), fps > 0.0 ? 1.0 / fps : 0.25);
    t.exit = std::max(0.0, snap(static_cast<double>(clipA.duration) - 0.25, fps));
    t.curve = {anim::BlendCurveKind::Smoothstep};
    t.cycleA = clipLoops(clipA, &rig.skeleton);
    t.cycleB = clipLoops(clipB, &rig.skeleton);
    // Clips that travel (root motion) carry on from where A is.
    t.matchRoot = anim::clipTravels(rig.skeleton, clipA) || anim::clipTravels(rig.skeleton, clipB);
    return t;
}

Transition followedClips(const Rig& rig, const Transition& before, Transition after)
{
    // A walk's cycle flag would otherwise stay on for an idle that holds (or
    // off for a run that loops), and an exit past A's end plays A's last pose.
    const auto holds = [&rig](ClipId c) { return c >= 0 && static_cast<std::size_t>(c) < rig.clips.size(); };
    if (after.clipA != before.clipA && holds(after.clipA)) {
        const anim::Clip& a = rig.clips[static_cast<std::size_t>(after.clipA)];
        after.exit = std::clamp(after.exit, 0.0, static_cast<double>(a.duration));
        after.cycleA = clipLoops(a, &rig.skeleton);
    }
    if (after.clipB != before.clipB && holds(after.clipB)) {
        const anim::Clip& b = rig.clips[static_cast<std::size_t>(after.clipB)];
        after.offset = std::clamp(after.offset, 0.0, static_cast<double>(b.duration));
        after.cycleB = clipLoops(b, &rig.skeleton);
    }
    return after;
}

} // namespace marrow::model
