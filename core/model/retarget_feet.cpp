// SPDX-License-Identifier: MIT
#include "core/model/retarget_feet.h"

#include "core/anim/foot_contacts.h"
#include "core/anim/gait_report.h"
#include "core/anim/key_ops.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/retarget_controls.h"
#include "core/model/retarget_feet_plan.h"
#include "core/model/retarget_limb.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace marrow::model {

namespace {

using anim::JointIndex;
using limb::trackOf;

using feet::horizontal;
using feet::kUp;

struct LegPair {
    anim::Leg source, target;  // the target's foot: the chain's visible one
    limb::Chain chain;         // thigh down to the foot IK moves
};

// A leg's foot, its toe when the toe hangs from it, and its length. With
// `visible`, a foot control beside the leg (RobotExpressive's FootL, which
// carries the foot's mesh where its own clip plants it) stands for the foot.
std::optional<anim::Leg> legOf(const anim::Skeleton& s, std::span<const glm::mat4> rest, BodySide side, bool visible)
{
    std::optional<JointIndex> foot = bodyJoint(s, BodyPart::Foot, side);
    if (visible)
        for (const RidingControl& c : ridingControls(s, BoneMap{}))
            if (c.limbEnd == foot)
                foot = c.control;
    if (!foot)
        return std::nullopt;
    anim::Leg leg;
    leg.foot = *foot;
    if (const std::optional<JointIndex> toe = bodyJoint(s, BodyPart::Toes, side);
        toe && s.parents[static_cast<std::size_t>(*toe)] == *foot)
        leg.toe = *toe;
    // Thigh to foot at rest: what the hips' path was scaled by (anim::legLength runs
    // on to where the legs branch, past RobotExpressive's Body to its root).
    const std::optional<JointIndex> thigh = bodyJoint(s, BodyPart::UpperLeg, side);
    if (!thigh)
        return std::nullopt;
    leg.length = glm::length(glm::vec3(rest[static_cast<std::size_t>(*foot)][3]) - glm::vec3(rest[static_cast<std::size_t>(*thigh)][3]));
    leg.label.push_back(side == BodySide::Left ? 'L' : 'R');
    return leg.length > 0.f ? std::optional(leg) : std::nullopt;
}

// How far the joint the legs hang from must come down (along kUp) for
// every moving IK foot to reach its goal within kMostReach of its leg: 0
// when all do.
float dropToReach(std::span<const LegPair> legs, std::span<const glm::vec3> goals, std::span<const glm::vec3> hips,
                  std::span<const char> moving)
{
    float drop = 0.f;
    for (std::size_t l = 0; l < legs.size(); ++l) {
        if (!moving[l])  // a foot left where it was carried needs no reach
            continue;
        const glm::vec3 v = goals[l] - hips[l];
        const float most = limb::kMostReach * legs[l].chain.reach, across = glm::length(horizontal(v));
        if (glm::length(v) > most && across < most)
            drop = std::max(drop, -std::sqrt(most * most - across * across) - glm::dot(v, kUp));
    }
    return drop;
}

} // namespace

int holdPlantedFeet(const PlantedFeetInput& in)
{
    if (!in.source || !in.clip || !in.target || !in.baked || !(in.fps > 0.0))
        return 0;
    const anim::Skeleton& src = *in.source;
    const anim::Skeleton& dst = *in.target;
    const std::vector<glm::mat4> srcRest = limb::restWorld(src), dstRest = limb::restWorld(dst);
    std::vector<LegPair> legs;
    for (const BodySide side : in.sides) {
        const std::optional<anim::Leg> s = legOf(src, srcRest, side, true), t = legOf(dst, dstRest, side, false);
        const std::optional<limb::Chain> chain = limb::chainOf(dst, dstRest, BodyPart::Foot, BodyPart::UpperLeg, side);
        if (s && t && chain)
            legs.push_back({*s, *t, *chain});
    }
    if (legs.empty())
        return 0;
    // The joint both thighs hang from (-1: none shared), and the body that
    // comes down when a leg cannot reach: the topmost joint above the legs
    // whose place the clip moves (pab's Hips, RobotExpressive's Body), as
    // lowering the joint the thighs hang from alone would pull it off its parent.
    const JointIndex legRoot = std::all_of(legs.begin(), legs.end(), [&](const LegPair& l) {
        return dst.parents[static_cast<std::size_t>(l.chain.top)] == dst.parents[static_cast<std::size_t>(legs.front().chain.top)];
    }) ? dst.parents[static_cast<std::size_t>(legs.front().chain.top)] : anim::kNoParent;
    JointIndex body = legRoot;
    for (JointIndex j = legRoot; j != anim::kNoParent; j = dst.parents[static_cast<std::size_t>(j)])
        if (const anim::JointTrack* t = trackOf(*in.baked, j); t && t->translation.size() > 1 &&
            std::any_of(t->translation.values.begin(), t->translation.values.end(),
                        [&](const glm::vec3& v) { return v != t->translation.values.front(); }))
            body = j;
    std::vector<anim::Leg> srcLegs;
    std::vector<limb::Chain> chains;
    for (const LegPair& l : legs)
        srcLegs.push_back(l.source), chains.push_back(l.chain);

    // The source's contacts over one cycle (from its start), and both feet's paths at the baked frames.
    std::vector<glm::vec3> treadmill;  // an in-place source's ground step into each of its cycle's frames
    const anim::GaitReport gait = anim::clipGait(src, srcLegs, *in.clip, in.fps, {}, nullptr, nullptr, &treadmill);
    const std::size_t frames = limb::bakedFrames(*in.baked, in.fps);
    const std::vector<anim::LegTrack> srcTracks = anim::sampleLegTracks(
        src, srcLegs,
        anim::PoseAt([&](double t, std::span<math::Transform> out) {
            return anim::SampleClipJob{in.clip, t, src.rest, {}, out, {}}.run();
        }),
        0.0, frames, in.fps);
    const std::vector<std::vector<glm::vec3>> dstTracks = limb::visiblePoints(dst, *in.baked, chains, frames, in.fps);
    if (gait.legs.size() != legs.size() || srcTracks.size() != legs.size() || dstTracks.size() != legs.size() ||
        srcTracks[0].foot.size() != frames)
        return 0;
    const auto shift = static_cast<int>(std::lround(static_cast<double>(in.clip->start()) * in.fps));
    const auto cycle = static_cast<int>(gait.frames);

    std::vector<std::vector<glm::vec3>> offset(legs.size());
    std::vector<std::vector<bool>> held(legs.size());
    for (std::size_t l = 0; l < legs.size(); ++l) {
        std::vector<anim::Contact> contacts = gait.legs[l].contacts;
        // A contact through which the source's own foot skates has no place to plant.
        std::erase_if(contacts, [&](const anim::Contact& c) {
            return sourceSlide(srcTracks[l].foot, c, treadmill, shift) > kFootMostSourceSlide * legs[l].source.length;
        });
        for (anim::Contact& c : contacts) {
            c.first += shift, c.last += shift;
            if (c.last - shift >= cycle - 1)  // planted to the cycle's end: held on its last frame too
                c.last = static_cast<int>(frames) - 1;
        }
        offset[l] = footOffsets(contacts, srcTracks[l].foot, dstTracks[l], in.legRatio, legs[l].target.length, held[l]);
    }
    for (const LegPair& leg : legs)
        limb::keyChainJoints(*in.baked, dst, leg.chain.end, leg.chain.bones, frames, in.fps);
    if (body != anim::kNoParent)
        limb::keyChainJoints(*in.baked, dst, body, 0, frames, in.fps);

    // Which way each knee bends over the clip, in the frame of the joint the legs hang from.
    const JointIndex frameJoint = legRoot != anim::kNoParent ? legRoot : dst.parents[static_cast<std::size_t>(legs.front().chain.top)];
    const std::vector<glm::vec3> kneeDirs =
        limb::usualBends(dst, *in.baked, chains, std::vector<JointIndex>(legs.size(), frameJoint), frames, in.fps);

    std::vector<math::Transform> locals(dst.size());
    std::vector<glm::mat4> worlds(dst.size());
    std::vector<glm::vec3> goals(legs.size()), hips(legs.size());
    std::vector<char> moving(legs.size());  // which feet move off their carried place at a frame
    const auto movesAt = [&](std::size_t l, std::size_t f) {
        return glm::length(offset[l][f]) > 1e-5f * legs[l].target.length;
    };
    const auto anyMovesAt = [&](std::size_t f) {
        for (std::size_t l = 0; l < legs.size(); ++l)
            if (movesAt(l, f))
                return true;
        return false;
    };
    const auto pose = [&](std::size_t f) {
        if (!anim::SampleClipJob{in.baked, static_cast<double>(f) / in.fps, dst.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run())
            return false;
        // Each IK foot's goal: where the visible foot is wanted, less the
        // visible foot's place on it (the foot keeps its carried turn).
        for (std::size_t l = 0; l < legs.size(); ++l) {
            const glm::mat4& foot = worlds[static_cast<std::size_t>(legs[l].chain.end)];
            goals[l] = dstTracks[l][f] + offset[l][f] - glm::mat3(foot) * glm::vec3(legs[l].chain.visible[3]);
            hips[l] = glm::vec3(worlds[static_cast<std::size_t>(legs[l].chain.top)][3]);
            moving[l] = movesAt(l, f) ? 1 : 0;
        }
        return true;
    };
    // A leg that cannot reach brings the body down, easing in and out over
    // kFootRelease frames (as the source's knees bend, not a jolt).
    std::vector<float> drops(frames, 0.f), eased(frames, 0.f);
    for (std::size_t f = 0; f < frames && legRoot != anim::kNoParent; ++f) {
        if (!anyMovesAt(f))
            continue;  // only a moving foot brings the body down
        if (!pose(f))
            return 0;
        drops[f] = dropToReach(legs, goals, hips, moving);
    }
    for (std::size_t f = 0; f < frames; ++f)
        for (int k = -kFootRelease; k <= kFootRelease; ++k)
            if (const auto g = static_cast<std::ptrdiff_t>(f) + k; g >= 0 && g < static_cast<std::ptrdiff_t>(frames))
                eased[f] = std::max(eased[f], drops[static_cast<std::size_t>(g)] * (1.f - static_cast<float>(std::abs(k)) / (kFootRelease + 1)));

    int moved = 0;
    for (std::size_t f = 0; f < frames; ++f) {
        const auto time = static_cast<float>(static_cast<double>(f) / in.fps);
        if (!(eased[f] > 0.f) && !anyMovesAt(f))
            continue;  // nothing to change: not even sampled
        if (!pose(f))
            return moved;
        std::vector<glm::quat> keep;
        for (const LegPair& leg : legs)
            keep.push_back(limb::rotationOf(worlds[static_cast<std::size_t>(leg.chain.end)]));
        if (eased[f] > 0.f) {
            const JointIndex up = dst.parents[static_cast<std::size_t>(body)];
            const glm::mat3 parent = up == anim::kNoParent ? glm::mat3(1.f) : glm::mat3(worlds[static_cast<std::size_t>(up)]);
            locals[static_cast<std::size_t>(body)].translation += glm::inverse(parent) * (-eased[f] * kUp);
            if (anim::JointTrack* track = trackOf(*in.baked, body))
                anim::insertKey(track->translation, time, locals[static_cast<std::size_t>(body)].translation,
                                anim::Interpolation::Linear);
            anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run();
        }
        for (std::size_t l = 0; l < legs.size(); ++l) {
            if (!moving[l] && !(eased[f] > 0.f))
                continue;  // carried as it was, and the body did not come down
            // The knee bends as carried where it clearly does, else the way it bends over the clip.
            const std::optional<glm::vec3> pole = limb::poleAt(dst, worlds, legs[l].chain, kneeDirs[l], frameJoint);
            if (limb::reach(dst, locals, worlds, *in.baked, time, legs[l].chain, goals[l], pole, keep[l]))
                moved += held[l][f] ? 1 : 0;
        }
    }
    return moved;
}

} // namespace marrow::model
