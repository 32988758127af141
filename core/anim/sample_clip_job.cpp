// SPDX-License-Identifier: MIT
#include "core/anim/sample_clip_job.h"
#include "core/anim/channel_sampling_inline.h"
#include "core/anim/sample_compiled_clip.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::anim {

namespace {

#if defined(__SSE2__)
// Cubic rotation keys four channels at a time (SSE2): each channel's
// Hermite on its quaternion's four components as one register, then the
// four normalised together (one square root and one division for four).
// The arithmetic is sampleQuatInline's, in its order: the same bits.
class CubicRotations {
public:
    // Queues the rotation of channel c between keys i and i + 1 at u; written to `out` by flush().
    void add(const QuatChannel& c, std::size_t i, float u, float dt, glm::quat& out)
    {
        const detail::Hermite h = detail::hermite(u);
        const __m128 dtv = _mm_set1_ps(dt);
        const __m128 m0 = _mm_mul_ps(_mm_loadu_ps(&c.outTangents[i].x), dtv);
        const __m128 m1 = _mm_mul_ps(_mm_loadu_ps(&c.inTangents[i + 1].x), dtv);
        const __m128 q = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(h.h00), _mm_loadu_ps(&c.values[i].x)),
                                                          _mm_mul_ps(_mm_set1_ps(h.h10), m0)),
                                               _mm_mul_ps(_mm_set1_ps(h.h01), _mm_loadu_ps(&c.values[i + 1].x))),
                                    _mm_mul_ps(_mm_set1_ps(h.h11), m1));
        m_q[m_n] = q;
        m_out[m_n] = &out;
        if (++m_n == 4)
            flush();
    }

    void flush()
    {
        if (m_n == 0)
            return;
        for (int k = m_n; k < 4; ++k)
            m_q[k] = _mm_set_ps(1.f, 0.f, 0.f, 0.f);  // (x, y, z, w) = identity: normalises to itself
        __m128 x = m_q[0], y = m_q[1], z = m_q[2], w = m_q[3];
        _MM_TRANSPOSE4_PS(x, y, z, w);
        const __m128 len2 = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(x, x), _mm_mul_ps(y, y)), _mm_mul_ps(z, z)),
                                       _mm_mul_ps(w, w));
        const __m128 ok = _mm_and_ps(_mm_cmpgt_ps(len2, _mm_set1_ps(1e-30f)), _mm_cmplt_ps(len2, _mm_set1_ps(INFINITY)));
        const __m128 inv = _mm_div_ps(_mm_set1_ps(1.f), _mm_sqrt_ps(len2));
        const int good = _mm_movemask_ps(ok);
        for (int k = 0; k < m_n; ++k) {
            if (!(good & (1 << k))) {
                *m_out[k] = glm::quat(1.f, 0.f, 0.f, 0.f);  // as safeNormalizeInline: nothing to normalise
                continue;
            }
            alignas(16) float lanes[4];
            _mm_store_ps(lanes, inv);
            _mm_storeu_ps(&m_out[k]->x, _mm_mul_ps(m_q[k], _mm_set1_ps(lanes[k])));
        }
        m_n = 0;
    }

private:
    __m128 m_q[4];
    glm::quat* m_out[4] = {};
    int m_n = 0;
};
#endif

// The output's joint count agrees with rest's (Transforms, or JointBlocks).
bool outputSized(const SampleClipJob& j)
{
    if (j.outputBlocks.empty() && j.restBlocks.empty())
        return j.rest.size() == j.output.size();
    const std::size_t blocks = blockCount(j.rest.size());
    return j.output.empty() && j.outputBlocks.size() == blocks && j.restBlocks.size() == blocks;
}

// run() without a compiled clip, into outputBlocks.
bool sampleIntoBlocks(const SampleClipJob& job)
{
    const Clip* clip = job.clip;
    const double time = job.time;
    const std::span<std::uint32_t> cursors = job.cursors;
    const std::span<JointBlock> outputBlocks = job.outputBlocks;
    const std::span<ChannelMask> animated = job.animated;
    // Track by track through the one-channel samplers (the same bits as
    // run()'s loop into Transforms: its cubic batches keep sampleQuatInline's arithmetic).
    std::copy(job.restBlocks.begin(), job.restBlocks.end(), outputBlocks.begin());
    if (!animated.empty())
        std::fill(animated.begin(), animated.end(), ChannelMask{0});
    using Kind = CompiledClip::Kind;
    for (std::size_t k = 0; k < clip->tracks.size(); ++k) {
        const JointTrack& track = clip->tracks[k];
        std::uint32_t scratch[3] = {0, 0, 0};
        std::uint32_t* cur = cursors.empty() ? scratch : &cursors[k * 3];
        const auto joint = static_cast<std::size_t>(track.joint);
        math::Transform t = jointOf(outputBlocks, joint);
        ChannelMask m = 0;
        if (!track.translation.empty())
            sampleTrackChannel(track, Kind::Translation, time, cur[0], t), m |= kTranslationBit;
        if (track.hasRotation())
            sampleTrackChannel(track, Kind::Rotation, time, cur[1], t), m |= kRotationBit;
        if (!track.scale.empty())
            sampleTrackChannel(track, Kind::Scale, time, cur[2], t), m |= kScaleBit;
        setJoint(outputBlocks, joint, t);
        if (!animated.empty())
            animated[joint] = m;
    }
    return true;
}

} // namespace

std::optional<std::string> SampleClipJob::validate() const
{
    if (!clip)
        return "no clip";
    if (!outputSized(*this))
        return "rest and output differ in size";
    if (!cursors.empty() && cursors.size() != clip->tracks.size() * 3)
        return "cursors must be empty or 3 per track";
    if (!animated.empty() && animated.size() != rest.size())
        return "animated must be empty or one per joint";
    for (const JointTrack& t : clip->tracks)
        if (t.joint < 0 || static_cast<std::size_t>(t.joint) >= rest.size())
            return "a track's joint is out of range";
    return std::nullopt;
}

bool SampleClipJob::run() const
{
#if defined(__SSE2__)
    // The compiled clip knows its largest joint: no per-track check.
    if (clip && compiled && compiled->matches(*clip)) {
        if (!outputSized(*this) || (!cursors.empty() && cursors.size() != clip->tracks.size() * 3) ||
            (!animated.empty() && animated.size() != rest.size()) || (compiled->jointEnd() > rest.size()))
            return false;
        if (!outputBlocks.empty())
            sampleCompiledClip(*compiled, *clip, time, restBlocks, rest.size(), cursors, outputBlocks, animated);
        else
            sampleCompiledClip(*compiled, *clip, time, rest, cursors, output, animated);
        return true;
    }
#endif
    if (validate())
        return false;
    if (!outputBlocks.empty())
        return sampleIntoBlocks(*this);
    std::copy(rest.begin(), rest.end(), output.begin());
    if (!animated.empty())
        std::fill(animated.begin(), animated.end(), ChannelMask{0});
    std::uint32_t scratch[3] = {0, 0, 0};
#if defined(__SSE2__)
    CubicRotations cubic;
#endif
    for (std::size_t k = 0; k < clip->tracks.size(); ++k) {
        const JointTrack& track = clip->tracks[k];
        std::uint32_t* cur = cursors.empty() ? scratch : &cursors[k * 3];
        math::Transform& out = output[static_cast<std::size_t>(track.joint)];
        ChannelMask m = 0;
        if (!track.translation.empty()) {
            out.translation = sampleVec3Inline(track.translation, time, cur[0]);
            m |= kTranslationBit;
        }
        if (!track.rotation.empty()) {
#if defined(__SSE2__)
            const detail::KeySpan span = detail::locateKeys(track.rotation.times, time, cur[1]);
            if (!span.clamped && track.rotation.segment(span.key) == Interpolation::CubicSpline) {
                cubic.add(track.rotation, span.key, span.u, span.dt, out.rotation);
            } else {
                cubic.flush();  // queued rotations land first: a later track of the same joint wins
                out.rotation = sampleQuatSpan(track.rotation, span);
            }
#else
            out.rotation = sampleQuatInline(track.rotation, time, cur[1]);
#endif
            m |= kRotationBit;
        } else if (!track.euler.empty()) {
#if defined(__SSE2__)
            cubic.flush();
#endif
            out.rotation = eulerToQuat(sampleVec3Inline(track.euler, time, cur[1]), track.rotationMode);
            m |= kRotationBit;
        }
        if (!track.scale.empty()) {
            out.scale = sampleVec3Inline(track.scale, time, cur[2]);
            m |= kScaleBit;
        }
        if (!animated.empty())
            animated[static_cast<std::size_t>(track.joint)] = m;
    }
#if defined(__SSE2__)
    cubic.flush();
#endif
    return true;
}

} // namespace marrow::anim
