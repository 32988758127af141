// SPDX-License-Identifier: MIT
#include "core/model/retarget_feet.h"

#include "core/anim/foot_contacts.h"
#include "core/anim/gait_report.h"
#include "core/anim/ik_solve.h"
#include "core/anim/key_ops.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/retarget_controls.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::model {

namespace {

using anim::JointIndex;

constexpr glm::vec3 kUp{0.f, 1.f, 0.f};
// Frames over which a held foot eases back onto the carried motion.
constexpr int kRelease = 8;
// A contact is held only where the carried foot slides, and when holding it moves the foot no farther than this
// many leg lengths off its carried path: past it, the source's foot was not
// cleanly planted (a foot that skates in its own clip), and IK would bend
// the leg further from the source's than the slide it removes.
constexpr float kMostShift = 0.15f;
// IK aims no farther than this share of the leg's reach: a straight leg's
// knee has no bend to keep and turns about freely between frames.
constexpr float kMostReach = 0.98f;

struct LegPair {
    anim::Leg source, target;
    int bones = 0;  // target joints above the foot that IK turns (down from the thigh)
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

// Per frame, how far the target's foot moves off its carried path: inside a
// source contact it steps only as the source's foot does (scaled), at the
// source's height above its ground (scaled) over the target's, then eases back.
std::vector<glm::vec3> offsets(std::span<const anim::Contact> contacts, std::span<const glm::vec3> source,
                               std::span<const glm::vec3> target, float ratio, float legLength, std::vector<bool>& held)
{
    held.assign(target.size(), false);
    // The target's ground: where its carried feet typically stand over the source's contacts.
    const float sourceGround = anim::footGround(source, kUp);
    std::vector<float> stands;
    for (const anim::Contact& c : contacts)
        for (int f = std::max(c.first, 0); f <= c.last && f < static_cast<int>(target.size()); ++f)
            stands.push_back(glm::dot(target[static_cast<std::size_t>(f)], kUp) -
                             (glm::dot(source[static_cast<std::size_t>(f)], kUp) - sourceGround) * ratio);
    if (stands.empty())
        return std::vector<glm::vec3>(target.size(), glm::vec3(0.f));
    std::nth_element(stands.begin(), stands.begin() + static_cast<std::ptrdiff_t>(stands.size() / 2), stands.end());
    const float targetGround = stands[stands.size() / 2];
    const auto frames = static_cast<int>(target.size());
    std::vector<glm::vec3> out(target.size(), glm::vec3(0.f));
    for (const anim::Contact& c : contacts) {
        const int first = std::clamp(c.first, 0, frames - 1), last = std::clamp(c.last, 0, frames - 1);
        glm::vec3 anchor = target[static_cast<std::size_t>(first)];
        for (int f = first; f <= last; ++f) {
            const auto k = static_cast<std::size_t>(f);
            if (f > first)
                anchor += horizontal(source[k] - source[k - 1]) * ratio;
            const float height = targetGround + (glm::dot(source[k], kUp) - sourceGround) * ratio;
            out[k] = horizontal(anchor - target[k]) + kUp * (height - glm::dot(target[k], kUp));
            held[k] = true;
        }
        float most = 0.f, carriedSlide = 0.f, sourceSlide = 0.f;
        for (int f = first; f <= last; ++f) {
            const auto k = static_cast<std::size_t>(f);
            most = std::max(most, glm::length(out[k]));
            if (f > first) {
                carriedSlide += glm::length(horizontal(target[k] - target[k - 1]));
                sourceSlide += glm::length(horizontal(source[k] - source[k - 1])) * ratio;
            }
        }
        // Held only where the carried foot slides more than the source's (scaled), by
        // more than a hundredth of a leg: elsewhere IK would only bend the leg off the
        // source's, and easing back after the contact would drag the foot.
        if (carriedSlide <= 1.1f * sourceSlide + 0.01f * legLength || most > kMostShift * legLength) {
            for (int f = first; f <= last; ++f)
                out[static_cast<std::size_t>(f)] = glm::vec3(0.f), held[static_cast<std::size_t>(f)] = false;
            continue;
        }
        const glm::vec3 end = out[static_cast<std::size_t>(last)];
        for (int f = last + 1; f <= last + kRelease && f < frames && !held[static_cast<std::size_t>(f)]; ++f)
            out[static_cast<std::size_t>(f)] = end * (1.f - static_cast<float>(f - last) / (kRelease + 1));
    }
    return out;
}

anim::JointTrack* trackOf(anim::Clip& clip, JointIndex joint)
{
    for (anim::JointTrack& t : clip.tracks)
        if (t.joint == joint)
            return &t;
    return nullptr;
}

// A track for each joint of a held leg (a twist joint the map left out
// keeps its rest), keyed at every frame so IK's keys change those frames only.
void keyLegJoints(anim::Clip& clip, const anim::Skeleton& s, const LegPair& leg, std::size_t frames, double fps)
{
    JointIndex j = leg.target.foot;
    for (int b = 0; b <= leg.bones; ++b, j = s.parents[static_cast<std::size_t>(j)]) {
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

} // namespace

int holdPlantedFeet(const PlantedFeetInput& in)
{
    if (!in.source || !in.clip || !in.target || !in.baked || !(in.fps > 0.0))
        return 0;
    const anim::Skeleton& src = *in.source;
    const anim::Skeleton& dst = *in.target;
    const std::vector<glm::mat4> srcRest = restWorld(src), dstRest = restWorld(dst);
    std::vector<LegPair> legs;
    for (const BodySide side : in.sides) {
        const std::optional<anim::Leg> s = legOf(src, srcRest, side, false), t = legOf(dst, dstRest, side, false);
        const std::optional<JointIndex> thigh = bodyJoint(dst, BodyPart::UpperLeg, side);
        if (s && t && thigh)
            if (const int bones = bonesAbove(dst, t->foot, *thigh); bones >= 2)
                legs.push_back({*s, *t, bones});
    }
    if (legs.empty())
        return 0;
    std::vector<anim::Leg> srcLegs, dstLegs;
    for (const LegPair& l : legs)
        srcLegs.push_back(l.source), dstLegs.push_back(l.target);

    // The source's contacts over one cycle (from its start), and both feet's paths at the baked frames.
    const anim::GaitReport gait = anim::clipGait(src, srcLegs, *in.clip, in.fps);
    const std::size_t frames = static_cast<std::size_t>(std::floor(static_cast<double>(in.baked->duration) * in.fps + 1e-6)) + 1;
    const auto poseOf = [](const anim::Clip& clip, const anim::Skeleton& s) {
        return anim::PoseAt([&clip, &s](double t, std::span<math::Transform> out) {
            return anim::SampleClipJob{&clip, t, s.rest, {}, out, {}}.run();
        });
    };
    const std::vector<anim::LegTrack> srcTracks = anim::sampleLegTracks(src, srcLegs, poseOf(*in.clip, src), 0.0, frames, in.fps);
    const std::vector<anim::LegTrack> dstTracks = anim::sampleLegTracks(dst, dstLegs, poseOf(*in.baked, dst), 0.0, frames, in.fps);
    if (gait.legs.size() != legs.size() || srcTracks[0].foot.size() != frames || dstTracks[0].foot.size() != frames)
        return 0;
    const auto shift = static_cast<int>(std::lround(static_cast<double>(in.clip->start()) * in.fps));
    const auto cycle = static_cast<int>(gait.frames);

    std::vector<std::vector<glm::vec3>> offset(legs.size());
    std::vector<std::vector<bool>> held(legs.size());
    for (std::size_t l = 0; l < legs.size(); ++l) {
        std::vector<anim::Contact> contacts = gait.legs[l].contacts;
        for (anim::Contact& c : contacts) {
            c.first += shift, c.last += shift;
            if (c.last - shift >= cycle - 1)  // planted to the cycle's end: held on its last frame too
                c.last = static_cast<int>(frames) - 1;
        }
        offset[l] = offsets(contacts, srcTracks[l].foot, dstTracks[l].foot, in.legRatio, legs[l].target.length, held[l]);
    }

    for (const LegPair& leg : legs)
        keyLegJoints(*in.baked, dst, leg, frames, in.fps);
    int moved = 0;
    std::vector<math::Transform> locals(dst.size());
    std::vector<glm::mat4> worlds(dst.size());
    for (std::size_t f = 0; f < frames; ++f) {
        const auto time = static_cast<float>(static_cast<double>(f) / in.fps);
        bool any = false;
        for (std::size_t l = 0; l < legs.size(); ++l)
            any = any || glm::length(offset[l][f]) > 1e-5f * legs[l].target.length;
        if (!any)
            continue;
        if (!anim::SampleClipJob{in.baked, time, dst.rest, {}, locals, {}}.run())
            return moved;
        for (std::size_t l = 0; l < legs.size(); ++l) {
            if (!(glm::length(offset[l][f]) > 1e-5f * legs[l].target.length))
                continue;
            const JointIndex foot = legs[l].target.foot;
            anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run();
            const glm::quat footWorld = rotationOf(worlds[static_cast<std::size_t>(foot)]);
            anim::IkRequest request;
            request.end = foot;
            request.bones = legs[l].bones;
            request.target = dstTracks[l].foot[f] + offset[l][f];
            {
                // Short of a straight leg (the reach: its bones' rest lengths from the thigh down).
                float reach = 0.f;
                JointIndex top = foot;
                for (int b = 0; b < legs[l].bones; ++b) {
                    const JointIndex up = dst.parents[static_cast<std::size_t>(top)];
                    reach += glm::length(glm::vec3(dstRest[static_cast<std::size_t>(top)][3]) - glm::vec3(dstRest[static_cast<std::size_t>(up)][3]));
                    top = up;
                }
                const glm::vec3 hip(worlds[static_cast<std::size_t>(top)][3]);
                const glm::vec3 toward = request.target - hip;
                if (glm::length(toward) > kMostReach * reach)
                    request.target = hip + toward * (kMostReach * reach / glm::length(toward));
            }
            const anim::IkResult r = anim::solveIk(dst, locals, request);
            if (!r.solved)
                continue;
            // The foot keeps the angle it was carried at (IK turned the leg above it).
            anim::LocalToWorldJob{dst.parents, locals, glm::mat4(1.f), worlds}.run();
            const JointIndex shin = dst.parents[static_cast<std::size_t>(foot)];
            locals[static_cast<std::size_t>(foot)].rotation =
                glm::normalize(glm::inverse(rotationOf(worlds[static_cast<std::size_t>(shin)])) * footWorld);
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
