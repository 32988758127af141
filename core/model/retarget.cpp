// SPDX-License-Identifier: MIT
#include "core/model/retarget.h"
#include "core/anim/key_ops.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/bone_role.h"

#include <glm/gtc/quaternion.hpp>

#include <cmath>

namespace marrow::model {

namespace {

using anim::JointIndex;

struct ModelPose {
    std::vector<glm::quat> rotation;  // model space
    std::vector<glm::vec3> position;  // model space
};

// Model-space rotations and positions from local transforms (scale ignored
// for directions: it moves children, applied to positions).
ModelPose toModel(const anim::Skeleton& s, std::span<const math::Transform> locals)
{
    ModelPose m;
    m.rotation.resize(s.size());
    m.position.resize(s.size());
    std::vector<glm::vec3> scale(s.size());
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

// The child a bone points at: the one with the most joints below it.
std::vector<JointIndex> aimChildren(const anim::Skeleton& s)
{
    std::vector<int> below(s.size(), 0);
    for (std::size_t j = s.size(); j-- > 0;)
        if (s.parents[j] != anim::kNoParent)
            below[static_cast<std::size_t>(s.parents[j])] += below[j] + 1;
    std::vector<JointIndex> aim(s.size(), anim::kNoParent);
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const JointIndex p = s.parents[j]; p != anim::kNoParent) {
            JointIndex& a = aim[static_cast<std::size_t>(p)];
            if (a == anim::kNoParent || below[j] > below[static_cast<std::size_t>(a)])
                a = static_cast<JointIndex>(j);
        }
    return aim;
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

// A leg's rest length, thigh to foot, averaged over the sides found; 0 without legs.
float legLength(const anim::Skeleton& s, const ModelPose& rest)
{
    float total = 0.f;
    int legs = 0;
    for (const BodySide side : {BodySide::Left, BodySide::Right}) {
        std::optional<JointIndex> thigh, foot;
        for (std::size_t j = 0; j < s.size(); ++j)
            if (const auto r = boneRoleOf(s.names[j]); r && r->side == side) {
                if (r->part == BodyPart::UpperLeg && !thigh)
                    thigh = static_cast<JointIndex>(j);
                if (r->part == BodyPart::Foot && !foot)
                    foot = static_cast<JointIndex>(j);
            }
        if (thigh && foot) {
            total += glm::length(rest.position[static_cast<std::size_t>(*foot)] - rest.position[static_cast<std::size_t>(*thigh)]);
            ++legs;
        }
    }
    return legs ? total / static_cast<float>(legs) : 0.f;
}

std::optional<JointIndex> hipsOf(const anim::Skeleton& s)
{
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const auto r = boneRoleOf(s.names[j]); r && r->part == BodyPart::Hips)
            return static_cast<JointIndex>(j);
    return std::nullopt;
}

} // namespace

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
    const std::vector<JointIndex> srcAim = aimChildren(src), dstAim = aimChildren(dst);
    std::vector<glm::quat> align(dst.size(), glm::quat(1.f, 0.f, 0.f, 0.f));
    for (std::size_t t = 0; t < dst.size(); ++t) {
        const JointIndex s = sourceOf[t];
        if (s == anim::kNoParent)
            continue;
        const auto si = static_cast<std::size_t>(s);
        const JointIndex sa = srcAim[si], ta = dstAim[t];
        const glm::vec3 srcDir = sa == anim::kNoParent ? glm::vec3(0.f) : srcRest.position[static_cast<std::size_t>(sa)] - srcRest.position[si];
        const glm::vec3 dstDir = ta == anim::kNoParent ? glm::vec3(0.f) : dstRest.position[static_cast<std::size_t>(ta)] - dstRest.position[t];
        if (glm::length(srcDir) > 1e-6f && glm::length(dstDir) > 1e-6f)
            align[t] = fromTo(dstDir, srcDir);
        else
            align[t] = glm::normalize(srcRest.rotation[si] * glm::inverse(dstRest.rotation[t]));
    }
    Retargeted out;
    const float srcLeg = legLength(src, srcRest), dstLeg = legLength(dst, dstRest);
    out.legRatio = srcLeg > 1e-6f && dstLeg > 1e-6f ? dstLeg / srcLeg : 1.f;
    const std::optional<JointIndex> srcHips = hipsOf(src);
    const JointIndex dstHips = srcHips ? in.map.targetOf(*srcHips).value_or(anim::kNoParent) : anim::kNoParent;

    out.clip.name = in.clip->name;
    std::vector<anim::JointTrack> tracks(dst.size());
    for (std::size_t t = 0; t < dst.size(); ++t)
        tracks[t].joint = static_cast<JointIndex>(t);
    std::vector<math::Transform> srcLocals(src.size()), dstLocals(dst.size());
    std::vector<std::uint32_t> cursors(in.clip->tracks.size() * 3, 0u);
    const auto frames = static_cast<int>(std::floor(static_cast<double>(in.clip->duration) * in.fps + 1e-6));
    for (int f = 0; f <= frames; ++f) {
        const double time = f / in.fps;
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
                // The source's turn from rest, in model space, applied to the aligned target rest.
                const glm::quat turn = srcPose.rotation[si] * glm::inverse(srcRest.rotation[si]);
                const glm::quat world = glm::normalize(turn * align[t] * dstRest.rotation[t]);
                local.rotation = glm::normalize(glm::inverse(parentRotation) * world);
                const math::Transform& srcLocal = srcLocals[si];
                const math::Transform& srcRestLocal = src.rest[si];
                local.scale = dst.rest[t].scale * (srcLocal.scale / srcRestLocal.scale);
                if (static_cast<JointIndex>(t) == dstHips) {
                    // The hips' path in model space, scaled by the legs, then into the parent's frame.
                    const glm::vec3 at = dstRest.position[t] + (srcPose.position[si] - srcRest.position[si]) * out.legRatio;
                    local.translation = (glm::inverse(parentRotation) * (at - parentPosition)) / parentScale;
                } else {
                    local.translation = dst.rest[t].translation + (srcLocal.translation - srcRestLocal.translation);
                }
            }
            dstPose.rotation[t] = glm::normalize(parentRotation * local.rotation);
            dstPose.position[t] = parentPosition + parentRotation * (parentScale * local.translation);
            dstScale[t] = parentScale * local.scale;
            dstLocals[t] = local;
        }
        const auto key = static_cast<float>(time);
        for (std::size_t t = 0; t < dst.size(); ++t) {
            if (sourceOf[t] == anim::kNoParent)
                continue;
            anim::insertKey(tracks[t].translation, key, dstLocals[t].translation, anim::Interpolation::Linear);
            anim::insertKey(tracks[t].rotation, key, dstLocals[t].rotation, anim::Interpolation::Linear);
            anim::insertKey(tracks[t].scale, key, dstLocals[t].scale, anim::Interpolation::Linear);
        }
    }
    for (anim::JointTrack& track : tracks)
        if (!track.translation.empty())
            out.clip.tracks.push_back(std::move(track));
    out.clip.updateDuration();
    return out;
}

} // namespace marrow::model
