// SPDX-License-Identifier: MIT
#include "core/model/retarget_limb.h"

#include "core/anim/ik_solve.h"
#include "core/anim/key_ops.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/retarget_controls.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace marrow::model::limb {

using anim::JointIndex;

namespace {

glm::vec3 at(std::span<const glm::mat4> worlds, JointIndex j) { return glm::vec3(worlds[static_cast<std::size_t>(j)][3]); }

glm::mat3 frameOf(std::span<const glm::mat4> worlds, JointIndex j)
{
    return j == anim::kNoParent ? glm::mat3(1.f) : glm::mat3(worlds[static_cast<std::size_t>(j)]);
}

} // namespace

std::vector<glm::mat4> restWorld(const anim::Skeleton& s)
{
    std::vector<glm::mat4> w(s.size());
    anim::LocalToWorldJob{s.parents, s.rest, glm::mat4(1.f), w}.run();
    return w;
}

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

std::optional<Chain> chainOf(const anim::Skeleton& s, std::span<const glm::mat4> rest, BodyPart end, BodyPart top,
                             BodySide side)
{
    const std::optional<JointIndex> e = bodyJoint(s, end, side), t = bodyJoint(s, top, side);
    if (!e || !t)
        return std::nullopt;
    Chain c;
    c.end = *e, c.top = *t;
    JointIndex j = *e;
    for (; j != *t && c.bones < 4; j = s.parents[static_cast<std::size_t>(j)]) {
        const JointIndex up = s.parents[static_cast<std::size_t>(j)];
        if (up == anim::kNoParent)
            return std::nullopt;
        c.reach += glm::length(at(rest, j) - at(rest, up));
        ++c.bones;
    }
    if (j != *t || c.bones < 2)
        return std::nullopt;
    for (const RidingControl& r : ridingControls(s, BoneMap{}))
        if (r.limbEnd == *e)
            c.visible = glm::inverse(rest[static_cast<std::size_t>(*e)]) * rest[static_cast<std::size_t>(r.control)];
    return c.reach > 0.f ? std::optional(c) : std::nullopt;
}

void keyChainJoints(anim::Clip& clip, const anim::Skeleton& s, JointIndex joint, int bones, std::size_t frames, double fps)
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

std::vector<std::vector<glm::vec3>> visiblePoints(const anim::Skeleton& s, const anim::Clip& clip,
                                                  std::span<const Chain> chains, std::size_t frames, double fps)
{
    std::vector<std::vector<glm::vec3>> out(chains.size());
    std::vector<math::Transform> locals(s.size());
    std::vector<glm::mat4> worlds(s.size());
    for (std::size_t f = 0; f < frames; ++f) {
        if (!anim::SampleClipJob{&clip, static_cast<double>(f) / fps, s.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run())
            return {};
        for (std::size_t c = 0; c < chains.size(); ++c)
            out[c].push_back(glm::vec3((worlds[static_cast<std::size_t>(chains[c].end)] * chains[c].visible)[3]));
    }
    return out;
}

glm::vec3 bendOf(const anim::Skeleton& s, std::span<const glm::mat4> worlds, const Chain& chain)
{
    const glm::vec3 top = at(worlds, chain.top), middle = at(worlds, s.parents[static_cast<std::size_t>(chain.end)]);
    const glm::vec3 line = at(worlds, chain.end) - top, off = middle - top;
    const float length2 = glm::dot(line, line);
    return length2 > 0.f ? off - line * (glm::dot(off, line) / length2) : glm::vec3(0.f);
}

bool reach(const anim::Skeleton& s, std::span<math::Transform> locals, std::vector<glm::mat4>& worlds, anim::Clip& clip,
           float time, const Chain& chain, glm::vec3 goal, std::optional<glm::vec3> pole, const glm::quat& keep)
{
    anim::IkRequest request;
    request.end = chain.end;
    request.bones = chain.bones;
    request.pole = chain.bones == 2 ? pole : std::nullopt;
    const glm::vec3 top = at(worlds, chain.top), toward = goal - top;
    request.target = glm::length(toward) > kMostReach * chain.reach
                         ? top + toward * (kMostReach * chain.reach / glm::length(toward))
                         : goal;
    const anim::IkResult r = anim::solveIk(s, locals, request);
    if (!r.solved)
        return false;
    // The end keeps the turn it was carried at (IK turned the limb above it).
    anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run();
    const JointIndex middle = s.parents[static_cast<std::size_t>(chain.end)];
    locals[static_cast<std::size_t>(chain.end)].rotation =
        glm::normalize(glm::inverse(rotationOf(worlds[static_cast<std::size_t>(middle)])) * keep);
    anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run();
    std::vector<JointIndex> rekey = r.moved;
    rekey.push_back(chain.end);
    for (const JointIndex j : rekey)
        if (anim::JointTrack* track = trackOf(clip, j))
            anim::insertKey(track->rotation, time, locals[static_cast<std::size_t>(j)].rotation, anim::Interpolation::Linear);
    return true;
}

std::vector<glm::vec3> usualBends(const anim::Skeleton& s, const anim::Clip& clip, std::span<const Chain> chains,
                                  std::span<const JointIndex> frameJoints, std::size_t frames, double fps)
{
    std::vector<math::Transform> locals(s.size());
    std::vector<glm::mat4> worlds(s.size());
    std::vector<glm::vec3> sums(chains.size(), glm::vec3(0.f));
    for (std::size_t f = 0; f < frames && frameJoints.size() == chains.size(); ++f) {
        if (!anim::SampleClipJob{&clip, static_cast<double>(f) / fps, s.rest, {}, locals, {}}.run() ||
            !anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run())
            return std::vector<glm::vec3>(chains.size(), glm::vec3(0.f));
        for (std::size_t c = 0; c < chains.size(); ++c)
            sums[c] += glm::inverse(frameOf(worlds, frameJoints[c])) * bendOf(s, worlds, chains[c]);
    }
    return sums;
}

std::size_t bakedFrames(const anim::Clip& clip, double fps)
{
    return static_cast<std::size_t>(std::floor(static_cast<double>(clip.duration) * fps + 1e-6)) + 1;
}

std::optional<glm::vec3> poleAt(const anim::Skeleton& s, std::span<const glm::mat4> worlds, const Chain& chain,
                                const glm::vec3& usual, JointIndex frameJoint)
{
    if (chain.bones != 2 || !(glm::length(usual) > 0.f))
        return std::nullopt;
    const glm::vec3 usualNow = frameOf(worlds, frameJoint) * usual, now = bendOf(s, worlds, chain);
    return glm::length(now) > 0.1f * chain.reach && glm::dot(now, usualNow) > 0.f ? now : usualNow;
}

} // namespace marrow::model::limb
