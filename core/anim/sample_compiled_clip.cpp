// SPDX-License-Identifier: MIT
#include "core/anim/sample_compiled_clip.h"
#include "core/anim/channel_sampling_inline.h"
#include "core/anim/rotation_mode.h"
#include "core/math/slerp_series_sse.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::anim {

using Kind = CompiledClip::Kind;

void sampleTrackChannel(const JointTrack& track, Kind kind, double time, std::uint32_t& cursor, math::Transform& out)
{
    switch (kind) {
    case Kind::Translation:
        out.translation = sampleVec3Inline(track.translation, time, cursor);
        break;
    case Kind::Rotation:
        if (!track.rotation.empty())
            out.rotation = sampleQuatInline(track.rotation, time, cursor);
        else
            out.rotation = eulerToQuat(sampleVec3Inline(track.euler, time, cursor), track.rotationMode);
        break;
    case Kind::Scale:
        out.scale = sampleVec3Inline(track.scale, time, cursor);
        break;
    }
}

#if defined(__SSE2__)

static_assert(sizeof(math::Transform) == 40 && offsetof(math::Transform, rotation) == 12 &&
              offsetof(math::Transform, scale) == 28, "the stores below write a Transform as 10 floats");

namespace {

// Four lanes of a block at one time, component by component (x, y, z[, w]).
// Every formula is the one-channel sampler's, in its order: the same bits.
struct Lanes {
    __m128 c[4];
};

// The weights every block on a timeline shares at one time, made once.
struct Basis {
    __m128 u, h00, h10, h01, h11, h10dt, h11dt;

    explicit Basis(const detail::KeySpan& s)
    {
        const detail::Hermite h = detail::hermite(s.u);
        u = _mm_set1_ps(s.u);
        h00 = _mm_set1_ps(h.h00), h10 = _mm_set1_ps(h.h10), h01 = _mm_set1_ps(h.h01), h11 = _mm_set1_ps(h.h11);
        h10dt = _mm_set1_ps(h.h10 * s.dt), h11dt = _mm_set1_ps(h.h11 * s.dt);
    }
};

Lanes vec3Sample(const CompiledClip::Block& b, const float* data, const detail::KeySpan& s, const Basis& w)
{
    Lanes r;
    const float* p0 = data + b.values + s.key * 12;
    if (s.clamped || b.mode == Interpolation::Step) {
        for (int c = 0; c < 3; ++c)
            r.c[c] = _mm_loadu_ps(p0 + 4 * c);
        return r;
    }
    const float* p1 = p0 + 12;
    if (b.mode == Interpolation::Linear) {
        for (int c = 0; c < 3; ++c) {
            const __m128 a = _mm_loadu_ps(p0 + 4 * c);
            r.c[c] = _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(p1 + 4 * c), a), w.u));
        }
        return r;
    }
    // h00 v0 + (h10 dt) out0 + h01 v1 + (h11 dt) in1, as sampleVec3Inline.
    const __m128 h00 = w.h00, h01 = w.h01, h10 = w.h10dt, h11 = w.h11dt;
    const float* out0 = data + b.outTangents + s.key * 12;
    const float* in1 = data + b.inTangents + (s.key + 1) * 12;
    for (int c = 0; c < 3; ++c)
        r.c[c] = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(h00, _mm_loadu_ps(p0 + 4 * c)),
                                                  _mm_mul_ps(h10, _mm_loadu_ps(out0 + 4 * c))),
                                       _mm_mul_ps(h01, _mm_loadu_ps(p1 + 4 * c))),
                            _mm_mul_ps(h11, _mm_loadu_ps(in1 + 4 * c)));
    return r;
}

// math::safeNormalizeInline on four lanes: a lane with no length becomes the identity.
void normalise(Lanes& q)
{
    const __m128 len2 = _mm_add_ps(
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(q.c[0], q.c[0]), _mm_mul_ps(q.c[1], q.c[1])), _mm_mul_ps(q.c[2], q.c[2])),
        _mm_mul_ps(q.c[3], q.c[3]));
    const __m128 ok = _mm_and_ps(_mm_cmpgt_ps(len2, _mm_set1_ps(1e-30f)), _mm_cmplt_ps(len2, _mm_set1_ps(INFINITY)));
    const __m128 inv = _mm_div_ps(_mm_set1_ps(1.f), _mm_sqrt_ps(len2));
    for (int c = 0; c < 3; ++c)
        q.c[c] = _mm_and_ps(ok, _mm_mul_ps(q.c[c], inv));
    q.c[3] = _mm_or_ps(_mm_and_ps(ok, _mm_mul_ps(q.c[3], inv)), _mm_andnot_ps(ok, _mm_set1_ps(1.f)));
}

__m128 select(__m128 mask, __m128 yes, __m128 no)
{
    return _mm_or_ps(_mm_and_ps(mask, yes), _mm_andnot_ps(mask, no));
}

// math::slerpShortestInline on four lanes at one t. Lanes whose keys are
// over 91 degrees apart (acos and sin) are flagged in `far` for the caller.
Lanes slerp(const float* p0, const float* p1, float t, int& far)
{
    Lanes a, b, q;
    for (int c = 0; c < 4; ++c)
        a.c[c] = _mm_loadu_ps(p0 + 4 * c), b.c[c] = _mm_loadu_ps(p1 + 4 * c);
    __m128 d = _mm_add_ps(
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(a.c[0], b.c[0]), _mm_mul_ps(a.c[1], b.c[1])), _mm_mul_ps(a.c[2], b.c[2])),
        _mm_mul_ps(a.c[3], b.c[3]));
    const __m128 sign = _mm_and_ps(_mm_cmplt_ps(d, _mm_setzero_ps()), _mm_set1_ps(-0.f));
    for (int c = 0; c < 4; ++c)
        b.c[c] = _mm_xor_ps(b.c[c], sign);
    d = _mm_xor_ps(d, sign);
    __m128 wa = _mm_set1_ps(1.f - t), wb = _mm_set1_ps(t);
    const __m128 lerpLanes = _mm_cmpgt_ps(d, _mm_set1_ps(0.9999f));
    const __m128 ge95 = _mm_cmpge_ps(d, _mm_set1_ps(0.95f)), ge7 = _mm_cmpge_ps(d, _mm_set1_ps(0.7f));
    const __m128 xm1 = _mm_sub_ps(d, _mm_set1_ps(1.f));
    const __m128 four = _mm_andnot_ps(lerpLanes, ge95), eight = _mm_andnot_ps(ge95, ge7);
    if (_mm_movemask_ps(_mm_or_ps(four, eight))) {
        const math::SlerpFactors f(_mm_set1_ps(t));
        if (_mm_movemask_ps(four)) {
            wa = select(four, math::sinRatio4<4>(f.a, xm1), wa);
            wb = select(four, math::sinRatio4<4>(f.b, xm1), wb);
        }
        if (_mm_movemask_ps(eight)) {
            wa = select(eight, math::sinRatio4<8>(f.a, xm1), wa);
            wb = select(eight, math::sinRatio4<8>(f.b, xm1), wb);
        }
    }
    far = ~_mm_movemask_ps(ge7) & 0xF;
    for (int c = 0; c < 4; ++c)
        q.c[c] = _mm_add_ps(_mm_mul_ps(wa, a.c[c]), _mm_mul_ps(wb, b.c[c]));
    normalise(q);
    return q;
}

glm::quat laneQuat(const float* p, int lane)
{
    glm::quat q;
    q.x = p[lane], q.y = p[4 + lane], q.z = p[8 + lane], q.w = p[12 + lane];
    return q;
}

void storeRotations(const CompiledClip::Block& b, const float* data, const detail::KeySpan& s, const Basis& w,
                    math::Transform* out)
{
    const float* p0 = data + b.values + s.key * 16;
    Lanes q;
    int far = 0;
    if (s.clamped || b.mode == Interpolation::Step) {
        for (int c = 0; c < 4; ++c)
            q.c[c] = _mm_loadu_ps(p0 + 4 * c);
        normalise(q);
    } else if (b.mode == Interpolation::Linear) {
        q = slerp(p0, p0 + 16, s.u, far);
    } else {
        // glTF: Hermite on the raw components (tangents times the segment's length), then normalise.
        const __m128 h00 = w.h00, h10 = w.h10, h01 = w.h01, h11 = w.h11;
        const float* p1 = p0 + 16;
        const float* out0 = data + b.outTangents + s.key * 16;  // already times dt (compile)
        const float* in1 = data + b.inTangents + s.key * 16;
        for (int c = 0; c < 4; ++c) {
            const __m128 m0 = _mm_loadu_ps(out0 + 4 * c);
            const __m128 m1 = _mm_loadu_ps(in1 + 4 * c);
            q.c[c] = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(h00, _mm_loadu_ps(p0 + 4 * c)), _mm_mul_ps(h10, m0)),
                                           _mm_mul_ps(h01, _mm_loadu_ps(p1 + 4 * c))),
                                _mm_mul_ps(h11, m1));
        }
        normalise(q);
    }
    _MM_TRANSPOSE4_PS(q.c[0], q.c[1], q.c[2], q.c[3]);
    for (int lane = 0; lane < 4; ++lane) {
        const std::int32_t j = b.joints[lane];
        if (j < 0)
            continue;
        float* dst = &out[j].rotation.x;
        if (far & (1 << lane)) {
            const glm::quat r = math::slerpShortestInline(laneQuat(p0, lane), laneQuat(p0 + 16, lane), s.u);
            dst[0] = r.x, dst[1] = r.y, dst[2] = r.z, dst[3] = r.w;
        } else {
            _mm_storeu_ps(dst, q.c[lane]);
        }
    }
}

// Translations and scales: x and y as one 8-byte store, z as another.
void storeVec3(const CompiledClip::Block& b, const float* data, const detail::KeySpan& s, const Basis& w,
               math::Transform* out)
{
    Lanes v = vec3Sample(b, data, s, w);
    v.c[3] = _mm_setzero_ps();
    _MM_TRANSPOSE4_PS(v.c[0], v.c[1], v.c[2], v.c[3]);
    const bool translation = b.kind == Kind::Translation;
    for (int lane = 0; lane < 4; ++lane) {
        const std::int32_t j = b.joints[lane];
        if (j < 0)
            continue;
        float* dst = translation ? &out[j].translation.x : &out[j].scale.x;
        _mm_storel_pi(reinterpret_cast<__m64*>(dst), v.c[lane]);
        _mm_store_ss(dst + 2, _mm_movehl_ps(v.c[lane], v.c[lane]));
    }
}

} // namespace

void sampleCompiledClip(const CompiledClip& compiled, const Clip& clip, double time,
                        std::span<const math::Transform> rest, std::span<std::uint32_t> cursors,
                        std::span<math::Transform> output, std::span<ChannelMask> animated)
{
    // Rest values only where some channel is not animated.
    for (const auto& [first, end] : compiled.restRuns())
        std::copy(rest.begin() + first, rest.begin() + end, output.begin() + first);
    const auto jointEnd = static_cast<std::ptrdiff_t>(compiled.jointEnd());
    std::copy(rest.begin() + jointEnd, rest.end(), output.begin() + jointEnd);
    if (!animated.empty()) {
        std::copy(compiled.masks().begin(), compiled.masks().end(), animated.begin());
        std::fill(animated.begin() + jointEnd, animated.end(), ChannelMask{0});
    }
    const float* data = compiled.data();
    const auto& blocks = compiled.blocks();
    const auto& timelines = compiled.timelines();
    math::Transform* out = output.data();
    std::size_t b = 0;
    for (std::size_t tl = 0; tl < timelines.size(); ++tl) {
        std::uint32_t scratch = 0;
        std::uint32_t& cursor = cursors.empty() ? scratch : cursors[timelines[tl].cursorSlot];
        const detail::KeySpan span = detail::locateKeys(timelines[tl].times, time, cursor);
        const Basis basis(span);
        for (; b < blocks.size() && blocks[b].timeline == tl; ++b) {
            if (blocks[b].kind == Kind::Rotation)
                storeRotations(blocks[b], data, span, basis, out);
            else
                storeVec3(blocks[b], data, span, basis, out);
        }
    }
    for (const CompiledClip::Loose& l : compiled.loose()) {
        const JointTrack& track = clip.tracks[l.track];
        std::uint32_t scratch = 0;
        std::uint32_t& cursor = cursors.empty() ? scratch : cursors[l.track * 3 + static_cast<std::uint32_t>(l.kind)];
        sampleTrackChannel(track, l.kind, time, cursor, out[track.joint]);
    }
}

#endif

} // namespace marrow::anim
