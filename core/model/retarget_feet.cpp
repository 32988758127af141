// SPDX-License-Identifier: MIT
#include "core/model/retarget_feet.h"

#include "core/anim/foot_contacts.h"
#include "core/anim/gait_report.h"
#include "core/anim/ik_solve.h"
#include "core/anim/key_ops.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/retarget_controls.h"
#include "core/model/retarget_feet_plan.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace marrow::model {

namespace {

using anim::JointIndex;

constexpr glm::vec3 kUp{0.f, 1.f, 0.f};
// IK aims no farther than this share of the leg's reach: a straight leg's
// knee has no bend to keep and turns about freely between frames.
constexpr float kMostReach = 0.98f;

struct LegPair {
    anim::Leg source, target;
    int bones = 0;              // target joints above the foot that IK turns (down from the thigh)
    glm::mat4 visible{1.f};     // the foot a viewer sees, in the IK foot's frame: a control riding on it, or itself
};

std::vector<glm::mat4> restWorld(const anim::Skeleton& s)
{
    std::vector<glm::mat4> w(s.size());
    anim::LocalToWorldJob{s.parents, s.rest, glm::mat4(1.f), w}.run();
    return w;
}

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

// How many joints from the foot's parent up to the thigh (two for thigh and
// shin; more with twist joints between), or 0 when the thigh is not above.
int bonesAbove(const anim::Skeleton& s, JointIndex foot, JointIndex thigh)
{
    int bones = 0;
    for (JointIndex j = foot; j != anim::kNoParent && bones <= 4; j = s.parents[static_cast<std::size_t>(j)], ++bones)
        if (j == thigh)
            return bones;
    return 0;
}

glm::vec3 horizontal(glm::vec3 v) { return v - kUp * glm::dot(v, kUp); }

glm::quat rotationOf(const glm::mat4& m)
{
    return glm::normalize(glm::quat_cast(glm::mat3(glm::normalize(glm::vec3(m[0])), glm::normalize(glm::vec3(m[1])),
                                                   glm::normalize(glm::vec3(m[2])))));
}

anim::JointTrack* trackOf(anim::Clip& clip, JointIndex joint)
{
    for (anim::JointTrack& t : clip.tracks)
        if (t.joint == joint)
            return &t;
    return nullptr;
}

// A track for `joint` and the `bones` joints above it (a twist joint the
// map left out keeps its rest), keyed at every frame so IK's keys change
// those frames only.
void keyLegJoints(anim::Clip& clip, const anim::Skeleton& s, JointIndex joint, int bones, std::size_t frames, double fps)
{
    JointIndex j = joint;
    for (int b = 0; b <= bones && j != anim::kNoParent; ++b, j = s.parents[static_cast<std::size_t>(j)]) {
        if (trackOf(clip, j))
            continue;
        anim::JointTrack& t = clip.tracks.emplace_back();
        t.joint = j;
        const math::Transform& rest = s.rest[static_cast<std::size_t>(j)];
        for (std::size_t f = 0; f < frames; ++f) {
            const auto time = static_cast<float>(static_cast<double>(f) / fps);
            anim::insertKey(t.translation, time, rest.translation, anim::Interpolation::Linear);
            anim::insertKey(t.rotation, time, rest.rotation, anim::Interpolation::Linear);
            anim::insertKey(t.scale, time, rest.scale, anim::Interpolation::Linear);
        }
    }
}

// Each held leg's visible foot at every frame of `clip` (world positions).
std::vector<std::vector<glm::vec3>> visibleFeet(const anim::Skeleton& s, const anim::Clip& clip,
                                                std::span<const LegPair> legs, std::size_t frames, double fps)
{
    std::vector<std::vector<glm::vec3>> out(legs.size());
    std::vector<math::Transform> locals(s.size());
    std::vector<glm::mat4> worlds(s.size());
    for (std::size_t f = 0; f < frames; ++f) {
        if (!anim::SampleClipJob{&clip, static_cast<double>(f) / fps, s.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run())
            return {};
        for (std::size_t l = 0; l < legs.size(); ++l)
            out[l].push_back(glm::vec3((worlds[static_cast<std::size_t>(legs[l].target.foot)] * legs[l].visible)[3]));
    }
    return out;
}

// How far the joint the legs hang from must come down (along kUp) for
// every moving IK foot to reach its goal within kMostReach of its leg: 0
// when all do.
float dropToReach(std::span<const LegPair> legs, std::span<const glm::vec3> goals, std::span<const glm::vec3> hips,
                  std::span<const float> reaches, std::span<const char> moving)
{
    float drop = 0.f;
    for (std::size_t l = 0; l < legs.size(); ++l) {
        if (!moving[l])  // a foot left where it was carried needs no reach
            continue;
        const glm::vec3 v = goals[l] - hips[l];
        const float most = kMostReach * reaches[l], across = glm::length(horizontal(v));
        if (glm::length(v) > most && across < most)
            drop = std::max(drop, -std::sqrt(most * most - across * across) - glm::dot(v, kUp));
    }
    return drop;
}

// Where a leg's knee stands off its hip-to-foot line (0 for a straight leg).
glm::vec3 kneeBend(const anim::Skeleton& s, std::span<const glm::mat4> worlds, JointIndex foot, JointIndex thigh)
{
    const auto at = [&](JointIndex j) { return glm::vec3(worlds[static_cast<std::size_t>(j)][3]); };
    const glm::vec3 hip = at(thigh), knee = at(s.parents[static_cast<std::size_t>(foot)]), end = at(foot);
    const glm::vec3 line = end - hip, off = knee - hip;
    const float length2 = glm::dot(line, line);
    return length2 > 0.f ? off - line * (glm::dot(off, line) / length2) : glm::vec3(0.f);
}

} // namespace

int holdPlantedFeet(const PlantedFeetInput& in)
{
    if (!in.source || !in.clip || !in.target || !in.baked || !(in.fps > 0.0))
        return 0;
    const anim::Skeleton& src = *in.source;
    const anim::Skeleton& dst = *in.target;
    const std::vector<glm::mat4> srcRest = restWorld(src), dstRest = restWorld(dst);
    const std::vector<RidingControl> controls = ridingControls(dst, BoneMap{});
    std::vector<LegPair> legs;
    std::vector<JointIndex> thighs;
    for (const BodySide side : in.sides) {
        const std::optional<anim::Leg> s = legOf(src, srcRest, side, true), t = legOf(dst, dstRest, side, false);
        const std::optional<JointIndex> thigh = bodyJoint(dst, BodyPart::UpperLeg, side);
        if (!s || !t || !thigh)
            continue;
        const int bones = bonesAbove(dst, t->foot, *thigh);
        if (bones < 2)
            continue;
        LegPair& leg = legs.emplace_back(LegPair{*s, *t, bones, glm::mat4(1.f)});
        // A control riding on the foot (RobotExpressive's FootL) is what a viewer sees stand.
        for (const RidingControl& c : controls)
            if (c.limbEnd == t->foot)
                leg.visible = glm::inverse(dstRest[static_cast<std::size_t>(t->foot)]) * dstRest[static_cast<std::size_t>(c.control)];
        thighs.push_back(*thigh);
    }
    if (legs.empty())
        return 0;
    // The joint both thighs hang from comes down when a leg cannot reach (-1: none shared).
    const JointIndex legRoot = std::all_of(thighs.begin(), thighs.end(), [&](JointIndex t) {
        return dst.parents[static_cast<std::size_t>(t)] == dst.parents[static_cast<std::size_t>(thighs.front())];
    }) ? dst.parents[static_cast<std::size_t>(thighs.front())] : anim::kNoParent;
    std::vector<anim::Leg> srcLegs;
    for (const LegPair& l : legs)
        srcLegs.push_back(l.source);
    // The body comes down from the topmost joint above the legs whose place
    // the clip moves (pab's Hips, RobotExpressive's Body): lowering the
    // joint the thighs hang from alone would pull it off its parent.
    JointIndex body = legRoot;
    for (JointIndex j = legRoot; j != anim::kNoParent; j = dst.parents[static_cast<std::size_t>(j)])
        if (const anim::JointTrack* t = trackOf(*in.baked, j); t && t->translation.size() > 1 &&
            std::any_of(t->translation.values.begin(), t->translation.values.end(),
                        [&](const glm::vec3& v) { return v != t->translation.values.front(); }))
            body = j;

    // The source's contacts over one cycle (from its start), and both feet's paths at the baked frames.
    std::vector<glm::vec3> treadmill;  // an in-place source's ground step into each of its cycle's frames
    const anim::GaitReport gait = anim::clipGait(src, srcLegs, *in.clip, in.fps, {}, nullptr, nullptr, &treadmill);
    const std::size_t frames = static_cast<std::size_t>(std::floor(static_cast<double>(in.baked->duration) * in.fps + 1e-6)) + 1;
    const std::vector<anim::LegTrack> srcTracks = anim::sampleLegTracks(
        src, srcLegs,
        anim::PoseAt([&](double t, std::span<math::Transform> out) {
            return anim::SampleClipJob{in.clip, t, src.rest, {}, out, {}}.run();
        }),
        0.0, frames, in.fps);
    const std::vector<std::vector<glm::vec3>> dstTracks = visibleFeet(dst, *in.baked, legs, frames, in.fps);
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
        keyLegJoints(*in.baked, dst, leg.target.foot, leg.bones, frames, in.fps);
    if (body != anim::kNoParent)
        keyLegJoints(*in.baked, dst, body, 0, frames, in.fps);
    // Each leg's reach: its IK bones' rest lengths, from the thigh down.
    std::vector<float> reaches;
    for (const LegPair& leg : legs) {
        float reach = 0.f;
        JointIndex j = leg.target.foot;
        for (int b = 0; b < leg.bones; ++b, j = dst.parents[static_cast<std::size_t>(j)])
            reach += glm::length(glm::vec3(dstRest[static_cast<std::size_t>(j)][3]) -
                                 glm::vec3(dstRest[static_cast<std::size_t>(dst.parents[static_cast<std::size_t>(j)])][3]));
        reaches.push_back(reach);
    }
    int moved = 0;
    std::vector<math::Transform> locals(dst.size());
    std::vector<glm::mat4> worlds(dst.size());
    // Which way each knee bends, in the frame of the joint the legs hang
    // from: the carried bends summed over the clip (a bent knee counts more
    // than a nearly straight one, whose side a hair decides).
    const JointIndex frameJoint = legRoot != anim::kNoParent ? legRoot : dst.parents[static_cast<std::size_t>(thighs.front())];
    const auto frameOfLegs = [&](std::span<const glm::mat4> w) {
        return frameJoint == anim::kNoParent ? glm::mat3(1.f) : glm::mat3(w[static_cast<std::size_t>(frameJoint)]);
    };
    std::vector<glm::vec3> kneeDirs(legs.size(), glm::vec3(0.f));
    std::vector<glm::vec3> goals(legs.size()), hips(legs.size());
    std::vector<float> drops(frames, 0.f);  // how far the body comes down at each frame
    // Each IK foot's goal: where the visible foot is wanted, less the
    // visible foot's place on it (the foot keeps its carried turn).
    // Which legs' feet move off their carried place at frame f.
    std::vector<char> movingNow(legs.size());
    const auto movingAt = [&](std::size_t f) {
        for (std::size_t l = 0; l < legs.size(); ++l)
            movingNow[l] = glm::length(offset[l][f]) > 1e-5f * legs[l].target.length ? 1 : 0;
        return std::span<const char>(movingNow);
    };
    const auto goalsAt = [&](std::size_t f) {
        for (std::size_t l = 0; l < legs.size(); ++l) {
            const glm::mat4& foot = worlds[static_cast<std::size_t>(legs[l].target.foot)];
            goals[l] = dstTracks[l][f] + offset[l][f] - glm::mat3(foot) * glm::vec3(legs[l].visible[3]);
            hips[l] = glm::vec3(worlds[static_cast<std::size_t>(thighs[l])][3]);
        }
    };
    for (std::size_t f = 0; f < frames; ++f) {
        if (!anim::SampleClipJob{in.baked, static_cast<double>(f) / in.fps, dst.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run())
            return 0;
        const glm::mat3 inverseFrame = glm::inverse(frameOfLegs(worlds));
        for (std::size_t l = 0; l < legs.size(); ++l)
            kneeDirs[l] += inverseFrame * kneeBend(dst, worlds, legs[l].target.foot, thighs[l]);
        goalsAt(f);
        drops[f] = legRoot == anim::kNoParent ? 0.f : dropToReach(legs, goals, hips, reaches, movingAt(f));
    }
    // A leg that cannot reach brings the body down, easing in and out over
    // kFootRelease frames (as the source's knees bend, not a jolt).
    std::vector<float> eased(frames, 0.f);
    for (std::size_t f = 0; f < frames; ++f)
        for (int k = -kFootRelease; k <= kFootRelease; ++k)
            if (const auto g = static_cast<std::ptrdiff_t>(f) + k; g >= 0 && g < static_cast<std::ptrdiff_t>(frames))
                eased[f] = std::max(eased[f], drops[static_cast<std::size_t>(g)] * (1.f - static_cast<float>(std::abs(k)) / (kFootRelease + 1)));
    std::vector<glm::quat> footWorlds(legs.size());
    for (std::size_t f = 0; f < frames; ++f) {
        const auto time = static_cast<float>(static_cast<double>(f) / in.fps);
        bool any = eased[f] > 0.f;
        for (std::size_t l = 0; l < legs.size(); ++l)
            any = any || glm::length(offset[l][f]) > 1e-5f * legs[l].target.length;
        if (!any)
            continue;
        if (!anim::SampleClipJob{in.baked, time, dst.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run())
            return moved;
        goalsAt(f);
        for (std::size_t l = 0; l < legs.size(); ++l)
            footWorlds[l] = rotationOf(worlds[static_cast<std::size_t>(legs[l].target.foot)]);
        if (const float drop = eased[f]; drop > 0.f) {
            const JointIndex up = dst.parents[static_cast<std::size_t>(body)];
            const glm::mat3 parent = up == anim::kNoParent ? glm::mat3(1.f) : glm::mat3(worlds[static_cast<std::size_t>(up)]);
            locals[static_cast<std::size_t>(body)].translation += glm::inverse(parent) * (-drop * kUp);
            if (anim::JointTrack* track = trackOf(*in.baked, body))
                anim::insertKey(track->translation, time, locals[static_cast<std::size_t>(body)].translation,
                                anim::Interpolation::Linear);
            anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run();
        }
        movingAt(f);
        for (std::size_t l = 0; l < legs.size(); ++l) {
            if (!movingNow[l] && !(eased[f] > 0.f))
                continue;  // carried as it was, and the body did not come down
            const JointIndex foot = legs[l].target.foot;
            anim::IkRequest request;
            request.end = foot;
            request.bones = legs[l].bones;
            request.target = goals[l];
            // The knee bends as carried where it clearly does, else the way it bends over the clip.
            if (legs[l].bones == 2 && glm::length(kneeDirs[l]) > 0.f) {
                const glm::vec3 usual = frameOfLegs(worlds) * kneeDirs[l];
                const glm::vec3 now = kneeBend(dst, worlds, foot, thighs[l]);
                request.pole = glm::length(now) > 0.1f * reaches[l] && glm::dot(now, usual) > 0.f ? now : usual;
            }
            // Short of a straight leg.
            const glm::vec3 hip(worlds[static_cast<std::size_t>(thighs[l])][3]);
            const glm::vec3 toward = request.target - hip;
            if (glm::length(toward) > kMostReach * reaches[l])
                request.target = hip + toward * (kMostReach * reaches[l] / glm::length(toward));
            const anim::IkResult r = anim::solveIk(dst, locals, request);
            if (!r.solved)
                continue;
            // The foot keeps the angle it was carried at (IK turned the leg above it).
            anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run();
            const JointIndex shin = dst.parents[static_cast<std::size_t>(foot)];
            locals[static_cast<std::size_t>(foot)].rotation =
                glm::normalize(glm::inverse(rotationOf(worlds[static_cast<std::size_t>(shin)])) * footWorlds[l]);
            std::vector<JointIndex> rekey = r.moved;
            rekey.push_back(foot);
            for (const JointIndex j : rekey)
                if (anim::JointTrack* track = trackOf(*in.baked, j))
                    anim::insertKey(track->rotation, time, locals[static_cast<std::size_t>(j)].rotation, anim::Interpolation::Linear);
            moved += held[l][f] ? 1 : 0;
        }
    }
    return moved;
}

} // namespace marrow::model
