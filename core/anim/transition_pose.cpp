// SPDX-License-Identifier: MIT
#include "core/anim/transition_pose.h"

#include "core/anim/blend_poses_job.h"
#include "core/anim/sample_clip_job.h"

namespace marrow::anim {

TransitionPoser::TransitionPoser(const Skeleton& skeleton, const Clip& a, const Clip& b, TransitionTiming timing,
                                 std::vector<float> profile)
    : m_skeleton(skeleton)
    , m_a(a)
    , m_b(b)
    , m_timing(timing)
    , m_profile(std::move(profile))
{
    const std::size_t n = skeleton.size();
    m_poseA.resize(n);
    m_poseB.resize(n);
    m_maskA.assign(n, 0);
    m_maskB.assign(n, 0);
    m_either.assign(n, 0);
    m_weights.assign(n, 0.f);
    for (const JointTrack& t : a.tracks)
        if (t.joint >= 0 && static_cast<std::size_t>(t.joint) < n)
            m_either[static_cast<std::size_t>(t.joint)] |= t.mask();
    for (const JointTrack& t : b.tracks)
        if (t.joint >= 0 && static_cast<std::size_t>(t.joint) < n)
            m_either[static_cast<std::size_t>(t.joint)] |= t.mask();
}

bool TransitionPoser::pose(double t, std::span<math::Transform> out)
{
    const std::size_t n = m_skeleton.size();
    if (out.size() != n)
        return false;
    const TransitionFrame frame = sampleTransition(m_timing, t);
    const SampleClipJob sampleA{&m_a, frame.timeA, m_skeleton.rest, {}, m_poseA, m_maskA};
    const SampleClipJob sampleB{&m_b, frame.timeB, m_skeleton.rest, {}, m_poseB, m_maskB};
    if (!sampleA.run() || !sampleB.run())
        return false;
    for (std::size_t j = 0; j < n; ++j)
        m_weights[j] = jointWeight(m_timing, frame.u, j < m_profile.size() ? m_profile[j] : 1.f);
    const BlendPosesJob blend{m_poseA, m_poseB, m_skeleton.rest, m_maskA, m_maskB, frame.weight, out, m_weights};
    return blend.run();
}

} // namespace marrow::anim
