// SPDX-License-Identifier: MIT
#include "core/anim/root_match.h"

#include "core/anim/channel_sampling_inline.h"
#include "core/anim/foot_slide.h"
#include "core/anim/local_to_world_job.h"

#include <cmath>
#include <span>
#include <vector>

namespace marrow::anim {

namespace {

std::vector<ChannelMask> animatedChannels(const Clip& clip, std::size_t joints)
{
    std::vector<ChannelMask> mask(joints, 0);
    for (const JointTrack& t : clip.tracks)
        if (t.joint >= 0 && static_cast<std::size_t>(t.joint) < joints)
            mask[static_cast<std::size_t>(t.joint)] |= t.mask();
    return mask;
}

// The topmost joint whose translation both masks animate, or kNoParent.
JointIndex topmostTranslated(const Skeleton& skeleton, std::span<const ChannelMask> a, std::span<const ChannelMask> b)
{
    std::vector<int> depth(skeleton.size(), 0);
    JointIndex root = kNoParent;
    for (std::size_t j = 0; j < skeleton.size(); ++j) {
        const JointIndex p = skeleton.parents[j];
        depth[j] = p >= 0 && static_cast<std::size_t>(p) < j ? depth[static_cast<std::size_t>(p)] + 1 : 0;
        const bool both = (a[j] & kTranslationBit) && (b[j] & kTranslationBit);
        if (both && (root < 0 || depth[j] < depth[static_cast<std::size_t>(root)]))
            root = static_cast<JointIndex>(j);
    }
    return root;
}

// The world's up in the joint's parent space, from the rest pose.
glm::vec3 upInParentSpace(const Skeleton& skeleton, JointIndex joint)
{
    glm::vec3 up(0.f, 1.f, 0.f);
    const JointIndex parent = skeleton.parents[static_cast<std::size_t>(joint)];
    if (parent < 0)
        return up;
    std::vector<glm::mat4> worlds(skeleton.size());
    const LocalToWorldJob job{skeleton.parents, skeleton.rest, glm::mat4(1.f), worlds};
    if (!job.run())
        return up;
    const glm::vec3 local = glm::inverse(glm::mat3(worlds[static_cast<std::size_t>(parent)])) * up;
    const float length = glm::length(local);
    return length > 0.f && std::isfinite(length) ? local / length : up;
}

} // namespace

glm::vec3 jointTranslationAt(const Skeleton& skeleton, const Clip& clip, double time, JointIndex joint)
{
    // The joint's own channel only: what sampling the whole clip
    // (SampleClipJob) gives it, bit for bit, without the other joints (root
    // matching and the root's velocity blend ask this hundreds of times a transition).
    glm::vec3 t = skeleton.rest[static_cast<std::size_t>(joint)].translation;
    bool valid = true;
    const JointTrack* last = nullptr;  // a later track of the joint wins, as in the job
    for (const JointTrack& track : clip.tracks) {
        valid = valid && track.joint >= 0 && static_cast<std::size_t>(track.joint) < skeleton.size();
        if (track.joint == joint && !track.translation.empty())
            last = &track;
    }
    if (valid && last) {
        std::uint32_t cursor = 0;
        t = sampleVec3Inline(last->translation, time, cursor);
    }
    return t;
}

glm::vec3 alongTheGround(const glm::vec3& d, const glm::vec3& up)
{
    return d - up * glm::dot(d, up);
}

std::optional<RootMatch> matchRoots(const Skeleton& skeleton, const Clip& a, double timeA, long long loopsA,
                                    const Clip& b, double timeB, long long loopsB)
{
    const std::size_t n = skeleton.size();
    const JointIndex root = topmostTranslated(skeleton, animatedChannels(a, n), animatedChannels(b, n));
    if (root < 0)
        return std::nullopt;
    const glm::vec3 up = upInParentSpace(skeleton, root);
    RootMatch match;
    match.joint = root;
    match.up = up;
    match.cycleA = alongTheGround(
        jointTranslationAt(skeleton, a, a.duration, root) - jointTranslationAt(skeleton, a, 0.0, root), up);
    match.cycleB = alongTheGround(
        jointTranslationAt(skeleton, b, b.duration, root) - jointTranslationAt(skeleton, b, 0.0, root), up);
    const glm::vec3 d = jointTranslationAt(skeleton, a, timeA, root) + match.offsetA(loopsA) -
                        (jointTranslationAt(skeleton, b, timeB, root) + static_cast<float>(loopsB) * match.cycleB);
    match.shift = alongTheGround(d, up);
    return match;
}

JointIndex rootMotionJoint(const Skeleton& skeleton, const Clip& clip)
{
    const auto mask = animatedChannels(clip, skeleton.size());
    return topmostTranslated(skeleton, mask, mask);
}

glm::vec3 groundTravel(const Skeleton& skeleton, const Clip& clip)
{
    const JointIndex root = rootMotionJoint(skeleton, clip);
    if (root < 0)
        return glm::vec3(0.f);
    const glm::vec3 d = jointTranslationAt(skeleton, clip, clip.duration, root) - jointTranslationAt(skeleton, clip, 0.0, root);
    return alongTheGround(d, upInParentSpace(skeleton, root));
}

bool clipTravels(const Skeleton& skeleton, const Clip& clip)
{
    // suggestedContactHeight is 2% of the rest height.
    return glm::length(groundTravel(skeleton, clip)) > 2.5f * suggestedContactHeight(skeleton);
}

} // namespace marrow::anim
