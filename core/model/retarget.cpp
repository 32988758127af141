// SPDX-License-Identifier: MIT
#include "core/model/retarget.h"
#include "core/anim/key_ops.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/bone_role.h"
#include "core/model/retarget_controls.h"
#include "core/model/retarget_feet.h"
#include "core/model/retarget_hands.h"
#include "core/model/retarget_stride.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::model {

namespace {

using anim::JointIndex;

struct ModelPose {
    std::vector<glm::quat> rotation;  // model space
    std::vector<glm::vec3> position;  // model space
    std::vector<glm::vec3> scale;     // accumulated down the hierarchy
};

// Model-space rotations and positions from local transforms (scale ignored
// for directions: it moves children, applied to positions).
ModelPose toModel(const anim::Skeleton& s, std::span<const math::Transform> locals)
{
    ModelPose m;
    m.rotation.resize(s.size());
    m.position.resize(s.size());
    m.scale.resize(s.size());
    std::vector<glm::vec3>& scale = m.scale;
    for (std::size_t j = 0; j < s.size(); ++j) {
        const JointIndex p = s.parents[j];
        const math::Transform& t = locals[j];
        if (p == anim::kNoParent) {
            m.rotation[j] = t.rotation;
            m.position[j] = t.translation;
            scale[j] = t.scale;
            continue;
        }
        const auto pi = static_cast<std::size_t>(p);
        m.rotation[j] = glm::normalize(m.rotation[pi] * t.rotation);
        m.position[j] = m.position[pi] + m.rotation[pi] * (scale[pi] * t.translation);
        scale[j] = scale[pi] * t.scale;
    }
    return m;
}

// The part a chain goes on to from `part` (a neck to a head), if any.
std::optional<BodyPart> nextPart(BodyPart part)
{
    switch (part) {
    case BodyPart::Hips: return BodyPart::Spine;
    case BodyPart::Spine: return BodyPart::Neck;
    case BodyPart::Neck: return BodyPart::Head;
    case BodyPart::Shoulder: return BodyPart::UpperArm;
    case BodyPart::UpperArm: return BodyPart::LowerArm;
    case BodyPart::LowerArm: return BodyPart::Hand;
    case BodyPart::UpperLeg: return BodyPart::LowerLeg;
    case BodyPart::LowerLeg: return BodyPart::Foot;
    case BodyPart::Foot: return BodyPart::Toes;
    default: return std::nullopt;
    }
}

// The child a bone points at: the one that goes on along its chain by role
// (a biped's neck holds its clavicles too, but points at its head), else
// the one with the most joints below it.
std::vector<JointIndex> aimChildren(const anim::Skeleton& s)
{
    std::vector<int> below(s.size(), 0);
    for (std::size_t j = s.size(); j-- > 0;)
        if (s.parents[j] != anim::kNoParent)
            below[static_cast<std::size_t>(s.parents[j])] += below[j] + 1;
    std::vector<std::optional<BoneRole>> roles(s.size());
    for (std::size_t j = 0; j < s.size(); ++j)
        roles[j] = boneRoleOf(s.names[j]);
    const auto goesOn = [&](std::size_t parent, std::size_t child) {
        if (!roles[parent] || !roles[child])
            return false;
        const BoneRole& p = *roles[parent];
        const BoneRole& c = *roles[child];
        return c.side == p.side && (c.part == p.part || nextPart(p.part) == c.part);
    };
    std::vector<JointIndex> aim(s.size(), anim::kNoParent);
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const JointIndex p = s.parents[j]; p != anim::kNoParent) {
            const auto pi = static_cast<std::size_t>(p);
            JointIndex& a = aim[pi];
            const bool better = a == anim::kNoParent ||
                                std::pair(goesOn(pi, j), below[j]) > std::pair(goesOn(pi, static_cast<std::size_t>(a)), below[static_cast<std::size_t>(a)]);
            if (better)
                a = static_cast<JointIndex>(j);
        }
    return aim;
}

// The joint a bone points at: its main child, or past children sitting on
// it at rest (a Spine starting where its Pelvis does) the first that does
// not; kNoParent for a bone with nothing to aim at.
JointIndex aimJoint(const std::vector<JointIndex>& aim, const ModelPose& rest, JointIndex joint)
{
    const glm::vec3 from = rest.position[static_cast<std::size_t>(joint)];
    JointIndex child = aim[static_cast<std::size_t>(joint)];
    for (int step = 0; child != anim::kNoParent && step < 8; ++step, child = aim[static_cast<std::size_t>(child)])
        if (glm::length(rest.position[static_cast<std::size_t>(child)] - from) > 1e-4f * std::max(1.f, glm::length(from)))
            return child;
    return anim::kNoParent;
}

glm::vec3 direction(const ModelPose& pose, JointIndex from, JointIndex to)
{
    return to == anim::kNoParent ? glm::vec3(0.f)
                                 : pose.position[static_cast<std::size_t>(to)] - pose.position[static_cast<std::size_t>(from)];
}

// The part of q that turns about `axis` (a swing-twist split).
glm::quat twistAbout(const glm::quat& q, const glm::vec3& axis)
{
    const glm::vec3 along = axis * glm::dot(axis, glm::vec3(q.x, q.y, q.z));
    const glm::quat twist(q.w, along.x, along.y, along.z);
    const float len = glm::length(twist);
    return len > 1e-12f ? twist / len : glm::quat(1.f, 0.f, 0.f, 0.f);
}

glm::quat fromTo(glm::vec3 a, glm::vec3 b)
{
    a = glm::normalize(a), b = glm::normalize(b);
    const float d = glm::dot(a, b);
    if (d > 1.f - 1e-7f)
        return glm::quat(1.f, 0.f, 0.f, 0.f);
    if (d < -1.f + 1e-7f) {
        const glm::vec3 axis = std::fabs(a.x) < 0.9f ? glm::cross(a, glm::vec3(1, 0, 0)) : glm::cross(a, glm::vec3(0, 1, 0));
        return glm::angleAxis(3.14159265f, glm::normalize(axis));
    }
    return glm::normalize(glm::quat(1.f + d, glm::cross(a, b)));
}

// A leg's rest length, thigh to foot (the joints the bone map reads as
// those), averaged over the sides found; 0 without legs.
float legLength(const anim::Skeleton& s, const ModelPose& rest)
{
    float total = 0.f;
    int legs = 0;
    for (const BodySide side : {BodySide::Left, BodySide::Right}) {
        const std::optional<JointIndex> thigh = bodyJoint(s, BodyPart::UpperLeg, side), foot = bodyJoint(s, BodyPart::Foot, side);
        if (thigh && foot) {
            total += glm::length(rest.position[static_cast<std::size_t>(*foot)] - rest.position[static_cast<std::size_t>(*thigh)]);
            ++legs;
        }
    }
    return legs ? total / static_cast<float>(legs) : 0.f;
}

bool isAbove(const anim::Skeleton& s, JointIndex ancestor, JointIndex j)
{
    for (; j != anim::kNoParent; j = s.parents[static_cast<std::size_t>(j)])
        if (j == ancestor)
            return true;
    return false;
}

// The joint whose path carries the legs: the hips when both thighs hang
// below them, else the joint both thighs hang from.
JointIndex legRoot(const anim::Skeleton& s, JointIndex hips)
{
    const std::optional<JointIndex> left = bodyJoint(s, BodyPart::UpperLeg, BodySide::Left),
                                    right = bodyJoint(s, BodyPart::UpperLeg, BodySide::Right);
    if (hips == anim::kNoParent || !left || !right || (isAbove(s, hips, *left) && isAbove(s, hips, *right)))
        return hips;
    for (JointIndex a = s.parents[static_cast<std::size_t>(*left)]; a != anim::kNoParent; a = s.parents[static_cast<std::size_t>(a)])
        if (isAbove(s, a, *right))
            return a;
    return hips;
}

// The times to key at: every frame k / fps over the clip, or the source's
// own key times within it (its start and end included).
std::vector<double> sampleTimes(const anim::Clip& clip, int frames, double fps, bool atSourceKeys)
{
    std::vector<double> times;
    if (!atSourceKeys) {
        for (int f = 0; f <= frames; ++f)
            times.push_back(f / fps);
        return times;
    }
    const double end = static_cast<double>(clip.duration);
    times = {0.0, end};
    const auto add = [&](const std::vector<float>& keys) {
        for (const float t : keys)
            if (t >= 0.f && static_cast<double>(t) <= end)
                times.push_back(static_cast<double>(t));
    };
    for (const anim::JointTrack& t : clip.tracks) {
        add(t.translation.times);
        add(t.rotation.times);
        add(t.scale.times);
        add(t.euler.times);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end(), [](double a, double b) { return b - a < 1e-6; }), times.end());
    return times;
}

std::optional<RetargetChain> chainOfRole(const std::optional<BoneRole>& role)
{
    if (!role)
        return std::nullopt;
    const bool left = role->side == BodySide::Left;
    switch (role->part) {
    case BodyPart::Hips:
    case BodyPart::Spine: return RetargetChain::Spine;
    case BodyPart::Neck:
    case BodyPart::Head: return RetargetChain::Head;
    case BodyPart::UpperLeg:
    case BodyPart::LowerLeg:
    case BodyPart::Foot:
    case BodyPart::Toes:
        if (role->side == BodySide::Centre)
            return std::nullopt;
        return left ? RetargetChain::LeftLeg : RetargetChain::RightLeg;
    default:  // shoulders, arms, hands and fingers
        if (role->side == BodySide::Centre)
            return std::nullopt;
        return left ? RetargetChain::LeftArm : RetargetChain::RightArm;
    }
}

} // namespace

const char* retargetChainName(RetargetChain chain)
{
    switch (chain) {
    case RetargetChain::Spine: return "spine";
    case RetargetChain::Head: return "head";
    case RetargetChain::LeftArm: return "left arm";
    case RetargetChain::RightArm: return "right arm";
    case RetargetChain::LeftLeg: return "left leg";
    case RetargetChain::RightLeg: return "right leg";
    }
    return "";
}

std::vector<RetargetChain> retargetChains(const anim::Skeleton& source, const anim::Skeleton& target, const BoneMap& map)
{
    std::vector<RetargetChain> out(target.size(), RetargetChain::Spine);
    for (std::size_t t = 0; t < target.size(); ++t) {
        std::optional<RetargetChain> chain = chainOfRole(boneRoleOf(target.names[t]));
        if (const auto s = map.sourceOf(static_cast<JointIndex>(t)); !chain && s && static_cast<std::size_t>(*s) < source.size())
            chain = chainOfRole(boneRoleOf(source.names[static_cast<std::size_t>(*s)]));
        if (!chain && target.parents[t] != anim::kNoParent)
            chain = out[static_cast<std::size_t>(target.parents[t])];
        out[t] = chain.value_or(RetargetChain::Spine);
    }
    return out;
}

std::optional<Retargeted> retargetClip(const RetargetInput& in, std::string& error)
{
    if (!in.source || !in.clip || !in.target) {
        error = "retarget: no source skeleton, clip or target skeleton";
        return std::nullopt;
    }
    if (!(in.fps > 0.0) || !std::isfinite(in.fps)) {
        error = "retarget: the frame rate must be above zero";
        return std::nullopt;
    }
    const anim::Skeleton& src = *in.source;
    const anim::Skeleton& dst = *in.target;
    for (const BoneMap::Pair& p : in.map.pairs)
        if (p.source < 0 || static_cast<std::size_t>(p.source) >= src.size() || p.target < 0 ||
            static_cast<std::size_t>(p.target) >= dst.size()) {
            error = "retarget: the bone map names joint " + std::to_string(p.source) + " -> " +
                    std::to_string(p.target) + ", which the skeletons do not have";
            return std::nullopt;
        }
    if (src.validate() || dst.validate()) {
        error = "retarget: a skeleton is not valid";
        return std::nullopt;
    }
    const ModelPose srcRest = toModel(src, src.rest), dstRest = toModel(dst, dst.rest);
    std::vector<JointIndex> sourceOf(dst.size(), anim::kNoParent);
    for (const BoneMap::Pair& p : in.map.pairs)
        sourceOf[static_cast<std::size_t>(p.target)] = p.source;

    // Each mapped target bone's rest brought onto its source's: its aim
    // (the direction to its main child) turned onto the source's, or, with
    // nothing to aim at, the whole rest rotation.
    const std::vector<JointIndex> srcChildren = aimChildren(src), dstChildren = aimChildren(dst);
    std::vector<glm::quat> align(dst.size(), glm::quat(1.f, 0.f, 0.f, 0.f));
    std::vector<JointIndex> srcAim(dst.size(), anim::kNoParent);  // per target joint: its source bone's aim
    for (std::size_t t = 0; t < dst.size(); ++t) {
        const JointIndex s = sourceOf[t];
        if (s == anim::kNoParent)
            continue;
        const auto si = static_cast<std::size_t>(s);
        // A joint with no body part on either side (a scene root, an armature, a camera) is no
        // bone to aim: it turns as its source turns, from its own rest.
        if (!boneRoleOf(src.names[si]) && !boneRoleOf(dst.names[t]))
            continue;
        const JointIndex sa = aimJoint(srcChildren, srcRest, s);
        // The target aims at the joint its source's aim drives, when that hangs below it
        // (RobotExpressive's thigh at its knee, LowerLegL, not at the LegL beside it).
        JointIndex ta = aimJoint(dstChildren, dstRest, static_cast<JointIndex>(t));
        if (const std::optional<JointIndex> mapped = sa == anim::kNoParent ? std::nullopt : in.map.targetOf(sa);
            mapped && *mapped != static_cast<JointIndex>(t) && isAbove(dst, static_cast<JointIndex>(t), *mapped))
            ta = *mapped;
        const glm::vec3 srcDir = direction(srcRest, s, sa);
        const glm::vec3 dstDir = direction(dstRest, static_cast<JointIndex>(t), ta);
        if (glm::length(srcDir) > 1e-6f && glm::length(dstDir) > 1e-6f)
            srcAim[t] = sa;
        // A bone with nothing to aim at (a hand's end, a toe) turns from its own rest as its
        // source turns from its: the two rigs' axes need not agree.
        if (glm::length(srcDir) > 1e-6f && glm::length(dstDir) > 1e-6f)
            align[t] = fromTo(dstDir, srcDir);
    }
    // A bone keeps the target's length unless it is the source's own bone:
    // the same name and the same rest offset (the same rig, or a copy of it).
    // Its stretch then comes along; on another rig an IK-stretched foot
    // would tear from its shin, and a neck of another length would bend.
    std::vector<bool> ownBone(dst.size(), false);
    for (const BoneMap::Pair& p : in.map.pairs) {
        const auto si = static_cast<std::size_t>(p.source), ti = static_cast<std::size_t>(p.target);
        const glm::vec3 a = src.rest[si].translation, b = dst.rest[ti].translation;
        ownBone[ti] = boneNameKey(src.names[si]) == boneNameKey(dst.names[ti]) &&
                       glm::length(a - b) <= 1e-5f * std::max(1.f, glm::length(a));
    }
    const std::vector<RetargetChain> chains = retargetChains(src, dst, in.map);
    const auto follow = [&](std::size_t t) { return in.options[chains[t]].follow; };
    Retargeted out;
    const float srcLeg = legLength(src, srcRest), dstLeg = legLength(dst, dstRest);
    out.legRatio = srcLeg > 1e-6f && dstLeg > 1e-6f ? dstLeg / srcLeg : 1.f;
    // The hips: the target joint the source's hips drive (pab's Pelvis, below its Hips, when that is the one mapped).
    JointIndex dstHips = anim::kNoParent, srcHips = anim::kNoParent;
    for (const BoneMap::Pair& p : in.map.pairs)
        if (const auto role = boneRoleOf(src.names[static_cast<std::size_t>(p.source)]);
            role && role->part == BodyPart::Hips && dstHips == anim::kNoParent)
            dstHips = p.target, srcHips = p.source;
    // The path is carried by the joint the legs hang from, on each side: RobotExpressive's
    // legs hang from its Body, beside its Hips, which then keeps its place on the Body.
    const JointIndex srcMover = legRoot(src, srcHips), dstMover = legRoot(dst, dstHips);
    // Above the legs, a joint of no body part (a scene root, an armature) keeps its rest
    // unless it is the source's own: another file's scene root turns for that file's axes
    // (pab's RootNode), and would tip the whole character over.
    if (dstMover != anim::kNoParent)
        for (JointIndex a = dst.parents[static_cast<std::size_t>(dstMover)]; a != anim::kNoParent; a = dst.parents[static_cast<std::size_t>(a)])
            if (!ownBone[static_cast<std::size_t>(a)] && !boneRoleOf(dst.names[static_cast<std::size_t>(a)]))
                sourceOf[static_cast<std::size_t>(a)] = anim::kNoParent;

    out.clip.name = in.clip->name;
    std::vector<anim::JointTrack> tracks(dst.size());
    for (std::size_t t = 0; t < dst.size(); ++t)
        tracks[t].joint = static_cast<JointIndex>(t);
    std::vector<math::Transform> srcLocals(src.size()), dstLocals(dst.size());
    std::vector<std::uint32_t> cursors(in.clip->tracks.size() * 3, 0u);
    const auto frames = static_cast<int>(std::floor(static_cast<double>(in.clip->duration) * in.fps + 1e-6));
    // What the stride needs: each frame's feet against the legs' root, the source's path, and the mover's parent.
    std::array<std::optional<JointIndex>, 2> srcFeet{}, dstFeet{};
    for (const int k : {0, 1}) {
        const BodySide side = k == 0 ? BodySide::Left : BodySide::Right;
        srcFeet[static_cast<std::size_t>(k)] = bodyJoint(src, BodyPart::Foot, side);
        dstFeet[static_cast<std::size_t>(k)] = bodyJoint(dst, BodyPart::Foot, side);
    }
    const bool stride = srcMover != anim::kNoParent && dstMover != anim::kNoParent && srcFeet[0] && srcFeet[1] && dstFeet[0] && dstFeet[1];
    std::vector<StrideSample> strideLog;
    std::vector<glm::vec3> pathLog;
    std::vector<std::pair<glm::quat, glm::vec3>> moverParentLog;
    for (const double time : sampleTimes(*in.clip, frames, in.fps, in.options.atSourceKeys)) {
        anim::SampleClipJob sample{in.clip, time, src.rest, cursors, srcLocals, {}};
        if (!sample.run()) {
            error = "retarget: the clip does not fit the source skeleton";
            return std::nullopt;
        }
        const ModelPose srcPose = toModel(src, srcLocals);
        ModelPose dstPose;
        dstPose.rotation.resize(dst.size());
        dstPose.position.resize(dst.size());
        std::vector<glm::vec3> dstScale(dst.size());
        for (std::size_t t = 0; t < dst.size(); ++t) {
            const JointIndex p = dst.parents[t], s = sourceOf[t];
            const auto pi = static_cast<std::size_t>(p);
            const glm::quat parentRotation = p == anim::kNoParent ? glm::quat(1.f, 0.f, 0.f, 0.f) : dstPose.rotation[pi];
            const glm::vec3 parentPosition = p == anim::kNoParent ? glm::vec3(0.f) : dstPose.position[pi];
            const glm::vec3 parentScale = p == anim::kNoParent ? glm::vec3(1.f) : dstScale[pi];
            math::Transform local = dst.rest[t];
            if (s != anim::kNoParent) {
                const auto si = static_cast<std::size_t>(s);
                // The source's turn from rest, in model space, applied to the aligned target rest:
                // where the bone aims, its swing onto where the source's bone points now (so a
                // source bone whose child also slides is followed by direction), and its twist about it.
                glm::quat turn = srcPose.rotation[si] * glm::inverse(srcRest.rotation[si]);
                // Not for the source's own bone, whose stretch comes along (the turn alone puts its
                // child back where it was), nor towards the hips travelling under a root.
                if (const JointIndex sa = srcAim[t]; sa != anim::kNoParent && !ownBone[t] && sa != srcMover) {
                    const glm::vec3 restDir = direction(srcRest, s, sa), nowDir = direction(srcPose, s, sa);
                    if (glm::length(nowDir) > 1e-6f) {
                        const glm::quat swing = fromTo(restDir, nowDir);
                        turn = glm::normalize(swing * twistAbout(glm::inverse(swing) * turn, glm::normalize(restDir)));
                    }
                }
                const math::Transform& srcLocal = srcLocals[si];
                const math::Transform& srcRestLocal = src.rest[si];
                if (follow(t) == ChainOptions::Follow::World) {
                    const glm::quat world = glm::normalize(turn * align[t] * dstRest.rotation[t]);
                    local.rotation = glm::normalize(glm::inverse(parentRotation) * world);
                } else {
                    // The source's turn against its parent, seen from its rest in model space and
                    // carried into the aligned target bone's frame (rolled axes do not twist it).
                    const glm::quat delta = glm::inverse(srcRestLocal.rotation) * srcLocal.rotation;
                    const glm::quat seen = srcRest.rotation[si] * delta * glm::inverse(srcRest.rotation[si]);
                    const glm::quat frame = align[t] * dstRest.rotation[t];
                    local.rotation = glm::normalize(dst.rest[t].rotation * (glm::inverse(frame) * seen * frame));
                }
                local.scale = dst.rest[t].scale * (srcLocal.scale / srcRestLocal.scale);
                if (ownBone[t] && static_cast<JointIndex>(t) != dstMover && static_cast<JointIndex>(t) != dstHips) {
                    // The source's stretch from rest, measured in model space (its parent's turn and
                    // scale applied), sized by the legs (pab's centimetres onto metres) and taken into
                    // the target parent's frame and units (RobotExpressive's bones scale by 100).
                    const JointIndex sp = src.parents[si];
                    const glm::vec3 stretch = srcLocal.translation - srcRestLocal.translation;
                    const glm::vec3 modelStretch = sp == anim::kNoParent
                                                       ? stretch
                                                       : srcPose.rotation[static_cast<std::size_t>(sp)] *
                                                             (srcPose.scale[static_cast<std::size_t>(sp)] * stretch);
                    local.translation = dst.rest[t].translation +
                                        (glm::inverse(parentRotation) * (modelStretch * out.legRatio)) / parentScale;
                }
            }
            if (static_cast<JointIndex>(t) == dstMover && srcMover != anim::kNoParent) {
                // The hips' path in model space, scaled by the legs, then into the parent's frame.
                const auto sm = static_cast<std::size_t>(srcMover);
                const glm::vec3 at = dstRest.position[t] + (srcPose.position[sm] - srcRest.position[sm]) * out.legRatio;
                local.translation = (glm::inverse(parentRotation) * (at - parentPosition)) / parentScale;
            }
            dstPose.rotation[t] = glm::normalize(parentRotation * local.rotation);
            dstPose.position[t] = parentPosition + parentRotation * (parentScale * local.translation);
            dstScale[t] = parentScale * local.scale;
            dstLocals[t] = local;
        }
        if (stride) {
            const auto sm = static_cast<std::size_t>(srcMover), dm = static_cast<std::size_t>(dstMover);
            StrideSample& sample2 = strideLog.emplace_back();
            for (std::size_t k = 0; k < 2; ++k) {
                sample2.sourceFoot[k] = srcPose.position[static_cast<std::size_t>(*srcFeet[k])] - srcPose.position[sm];
                sample2.targetFoot[k] = dstPose.position[static_cast<std::size_t>(*dstFeet[k])] - dstPose.position[dm];
            }
            pathLog.push_back(srcPose.position[sm] - srcRest.position[sm]);
            const JointIndex mp = dst.parents[dm];
            moverParentLog.emplace_back(mp == anim::kNoParent ? glm::quat(1.f, 0.f, 0.f, 0.f) : dstPose.rotation[static_cast<std::size_t>(mp)],
                                        mp == anim::kNoParent ? glm::vec3(1.f) : dstScale[static_cast<std::size_t>(mp)]);
        }
        const auto key = static_cast<float>(time);
        for (std::size_t t = 0; t < dst.size(); ++t) {
            if (sourceOf[t] == anim::kNoParent && static_cast<JointIndex>(t) != dstMover)
                continue;
            anim::insertKey(tracks[t].translation, key, dstLocals[t].translation, anim::Interpolation::Linear);
            anim::insertKey(tracks[t].rotation, key, dstLocals[t].rotation, anim::Interpolation::Linear);
            anim::insertKey(tracks[t].scale, key, dstLocals[t].scale, anim::Interpolation::Linear);
        }
    }
    if (stride) {
        // The path along the ground rescaled to the stride (the height keeps the legs' ratio).
        out.strideRatio = strideRatio(strideLog, out.legRatio);
        anim::Vec3Channel& path = tracks[static_cast<std::size_t>(dstMover)].translation;
        for (std::size_t f = 0; f < path.values.size() && f < pathLog.size(); ++f) {
            const glm::vec3 extra = glm::vec3(pathLog[f].x, 0.f, pathLog[f].z) * (out.strideRatio - out.legRatio);
            path.values[f] += (glm::inverse(moverParentLog[f].first) * extra) / moverParentLog[f].second;
        }
    }
    for (anim::JointTrack& track : tracks)
        if (!track.translation.empty())
            out.clip.tracks.push_back(std::move(track));
    out.clip.updateDuration();
    PlantedFeetInput feet{&src, in.clip, &dst, &out.clip, in.fps, out.strideRatio, {}};
    for (const auto& [chain, side] : {std::pair(RetargetChain::LeftLeg, BodySide::Left), std::pair(RetargetChain::RightLeg, BodySide::Right)})
        if (in.options[chain].ik)
            feet.sides.push_back(side);
    out.plantedFrames = holdPlantedFeet(feet);
    PinnedHandsInput hands{&src, in.clip, &dst, &out.clip, in.fps, {}};
    for (const auto& [chain, side] : {std::pair(RetargetChain::LeftArm, BodySide::Left), std::pair(RetargetChain::RightArm, BodySide::Right)})
        if (in.options[chain].ik)
            hands.sides.push_back(side);
    out.pinnedFrames = pinHands(hands);
    const std::vector<RidingControl> controls = ridingControls(dst, in.map);
    rideControls(dst, controls, out.clip, in.fps);
    return out;
}

} // namespace marrow::model
