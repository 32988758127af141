// SPDX-License-Identifier: MIT
#include "core/anim/transition_pose.h"

#include "core/anim/blend_blocks_job.h"
#include "core/anim/blend_poses_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/math/cpu_features.h"

#include <algorithm>

namespace marrow::anim {

TransitionPoser::TransitionPoser(const Skeleton& skeleton, const Clip& a, const Clip& b, TransitionTiming timing,
                                 std::vector<float> profile, bool matchRoot, Compiled compiled)
    : m_skeleton(skeleton)
    , m_a(a)
    , m_b(b)
    , m_timing(timing)
    , m_profile(std::move(profile))
    , m_compiled(std::move(compiled))
    , m_cursorsA(a.tracks.size() * 3, 0)
    , m_cursorsB(b.tracks.size() * 3, 0)
{
    if (!m_compiled.a || !m_compiled.a->matches(a))
        m_compiled.a = std::make_shared<const CompiledClip>(a);
    if (!m_compiled.b || !m_compiled.b->matches(b))
        m_compiled.b = std::make_shared<const CompiledClip>(b);
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
    if (matchRoot) {
        const TransitionFrame start = sampleTransition(m_timing, m_timing.exit);
        m_rootMatch = matchRoots(skeleton, a, start.timeA, start.loopsA, b, start.timeB, start.loopsB);
        if (m_rootMatch && m_timing.mode == BlendMode::Crossfade) {
            const auto root = static_cast<std::size_t>(m_rootMatch->joint);
            m_rootVelocity.emplace(skeleton, a, b, m_timing, *m_rootMatch,
                                   root < m_profile.size() ? m_profile[root] : 1.f);
        }
    }
}

bool TransitionPoser::sampleA(const TransitionFrame& frame, std::span<math::Transform> out,
                              std::span<ChannelMask> animated)
{
    const glm::vec3 offset = m_rootMatch ? m_rootMatch->offsetA(frame.loopsA) : glm::vec3(0.f);
    return sampleSide(Side::A, frame.timeA, offset, out, animated);
}

bool TransitionPoser::sampleB(const TransitionFrame& frame, std::span<math::Transform> out,
                              std::span<ChannelMask> animated)
{
    const glm::vec3 offset = m_rootMatch ? m_rootMatch->offsetB(frame.loopsB) : glm::vec3(0.f);
    return sampleSide(Side::B, frame.timeB, offset, out, animated);
}

bool TransitionPoser::sampleSide(Side side, double time, const glm::vec3& rootOffset,
                                 std::span<math::Transform> out, std::span<ChannelMask> animated)
{
    const bool a = side == Side::A;
    const SampleClipJob job{a ? &m_a : &m_b, time, m_skeleton.rest, a ? m_cursorsA : m_cursorsB, out, animated,
                            a ? m_compiled.a.get() : m_compiled.b.get()};
    if (!job.run())
        return false;
    if (m_rootMatch)
        out[static_cast<std::size_t>(m_rootMatch->joint)].translation += rootOffset;
    return true;
}

bool TransitionPoser::blend(const TransitionFrame& frame, float weight, std::span<const float> weights,
                            std::span<math::Transform> out)
{
    if (!sampleA(frame, m_poseA, m_maskA) || !sampleB(frame, m_poseB, m_maskB))
        return false;
    if (m_rootVelocity) {
        // Both sides moved alike, so the blended root follows the blended velocity.
        const glm::vec3 c = m_rootVelocity->correction(m_timing.exit + frame.u);
        const auto root = static_cast<std::size_t>(m_rootMatch->joint);
        m_poseA[root].translation -= c;
        m_poseB[root].translation -= c;
    }
    const BlendPosesJob job{m_poseA, m_poseB, m_skeleton.rest, m_maskA, m_maskB, weight, out, weights};
    return job.run();
}

void TransitionPoser::prepareInertialization()
{
    // A's pose at e and a frame before it (its velocity), and where it goes:
    // B at o (weight 1: joints B does not animate stay A's).
    constexpr double frame = 1.0 / 30.0;
    const std::size_t n = m_skeleton.size();
    std::vector<math::Transform> source(n), before(n), target(n), after(n);
    const TransitionFrame at = sampleTransition(m_timing, m_timing.exit);
    const TransitionFrame earlier = sampleTransition(m_timing, std::max(0.0, m_timing.exit - frame));
    const double dtBefore = m_timing.exit - std::max(0.0, m_timing.exit - frame);
    const TransitionFrame later = sampleTransition(m_timing, m_timing.exit + (dtBefore > 0.0 ? dtBefore : frame));
    blend(at, 0.f, {}, source);
    blend(earlier, 0.f, {}, before);
    blend(at, 1.f, {}, target);
    blend(later, 1.f, {}, after);  // B moving on: the offset's velocity is A's less B's
    const double dt = m_timing.exit - std::max(0.0, m_timing.exit - frame);
    m_offsets = std::make_unique<InertialOffsets>(source, dt > 0.0 ? before : source, target, dt > 0.0 ? dt : frame,
                                                  m_timing.duration, after);
    if (m_rootMatch && m_rootMatch->joint >= 0)  // root motion: carry its speed on, never snap to B's path
        m_offsets->carryRootVelocity(static_cast<std::size_t>(m_rootMatch->joint), m_rootMatch->up);
}

bool TransitionPoser::poseSide(double t, Side side, std::span<math::Transform> out)
{
    if (out.size() != m_skeleton.size())
        return false;
    const TransitionFrame frame = sampleTransition(m_timing, t);
    return side == Side::A ? sampleA(frame, out, {}) : sampleB(frame, out, {});
}

bool TransitionPoser::pose(double t, std::span<math::Transform> out)
{
    const std::size_t n = m_skeleton.size();
    if (out.size() != n)
        return false;
    const TransitionFrame frame = sampleTransition(m_timing, t);
    if (m_timing.mode == BlendMode::Inertialization) {
        if (frame.u < 0.0)
            return blend(frame, 0.f, {}, out);
        if (!m_offsets)
            prepareInertialization();
        if (!blend(frame, 1.f, {}, out))
            return false;
        m_offsets->apply(frame.u, out, out);
        return true;
    }
    // Without a profile every joint has one weight: the blend takes it as
    // one (its eight-joint kernel), the same rule.
    return blend(frame, frame.weight, profileWeights(frame), out);  // frame.weight: jointWeight at scale 1
}

std::span<const float> TransitionPoser::profileWeights(const TransitionFrame& frame)
{
    if (m_profile.empty())
        return {};
    for (std::size_t j = 0; j < m_weights.size(); ++j)
        m_weights[j] = jointWeight(m_timing, frame.u, j < m_profile.size() ? m_profile[j] : 1.f);
    return m_weights;
}

bool TransitionPoser::canPoseBlocks() const
{
    // BlendBlocksJob gives BlendPosesJob's bits with AVX2 only;
    // inertialization's offsets work on Transforms.
    return m_timing.mode == BlendMode::Crossfade && math::hasAvx2Fma();
}

void TransitionPoser::moveRoot(std::span<JointBlock> pose, const glm::vec3& by, bool add) const
{
    const auto root = static_cast<std::size_t>(m_rootMatch->joint);
    float(&c)[JointBlock::kFloats][JointBlock::kLanes] = pose[root / JointBlock::kLanes].c;
    const std::size_t lane = root % JointBlock::kLanes;
    for (int k = 0; k < 3; ++k)  // the same float operations as on the Transform's vec3
        c[k][lane] = add ? c[k][lane] + by[k] : c[k][lane] - by[k];
}

bool TransitionPoser::poseBlocks(double t, std::span<JointBlock> out)
{
    const std::size_t n = m_skeleton.size();
    if (!canPoseBlocks() || out.size() != blockCount(n))
        return false;
    if (!m_quads.a) {
        m_quads.a = std::make_shared<const CompiledClip>(m_a, CompiledClip::Packing::Quads);
        m_quads.b = std::make_shared<const CompiledClip>(m_b, CompiledClip::Packing::Quads);
        m_restBlocks.resize(blockCount(n));
        m_blocksB.resize(blockCount(n));
        toBlocks(m_skeleton.rest, m_restBlocks);
    }
    // As blend() does on Transforms: each side sampled, its root moved along
    // the ground, then both by the root-velocity correction.
    const TransitionFrame frame = sampleTransition(m_timing, t);
    const std::span<const math::Transform> rest = m_skeleton.rest;
    if (!SampleClipJob{&m_a, frame.timeA, rest, m_cursorsA, {}, m_maskA, m_quads.a.get(), out, m_restBlocks}.run() ||
        !SampleClipJob{&m_b, frame.timeB, rest, m_cursorsB, {}, m_maskB, m_quads.b.get(), m_blocksB, m_restBlocks}.run())
        return false;
    if (m_rootMatch) {
        moveRoot(out, m_rootMatch->offsetA(frame.loopsA), true);
        moveRoot(m_blocksB, m_rootMatch->offsetB(frame.loopsB), true);
        if (m_rootVelocity) {
            const glm::vec3 c = m_rootVelocity->correction(m_timing.exit + frame.u);
            moveRoot(out, c, false);
            moveRoot(m_blocksB, c, false);
        }
    }
    return BlendBlocksJob{out, m_blocksB, m_restBlocks, m_maskA, m_maskB, frame.weight, out, n, profileWeights(frame)}
        .run();
}

} // namespace marrow::anim
