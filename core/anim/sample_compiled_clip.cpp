// SPDX-License-Identifier: MIT
#include "core/anim/sample_compiled_clip.h"
#include "core/anim/sample_output_inline.h"
#include "core/anim/channel_sampling_inline.h"
#include "core/anim/rotation_mode.h"
#include "core/math/avx2_clones.h"
#include "core/math/slerp_series_sse.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <new>
#include <optional>
#include <vector>

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

// Every formula is the one-channel sampler's, in its order: the same bits.
using detail::Lanes;

// Where a timeline stands at one time, with its Hermite weights (h00, h10,
// h01, h11) as is (rotations' tangents already carry the segment's length)
// and with the tangents' two times dt (a vec3's), for gathered lanes.
struct Place {
    detail::KeySpan span;
    __m128 h, hdt;

    explicit Place(const detail::KeySpan& s)
        : span(s)
    {
        const detail::Hermite w = detail::hermite(s.u);
        h = _mm_setr_ps(w.h00, w.h10, w.h01, w.h11);
        hdt = _mm_setr_ps(w.h00, w.h10 * s.dt, w.h01, w.h11 * s.dt);
    }
};

// Lane K of v in every lane.
template <int K>
[[gnu::always_inline]] inline __m128 spread(__m128 v)
{
    return _mm_shuffle_ps(v, v, _MM_SHUFFLE(K, K, K, K));
}

// The weights every block on a timeline shares at one time, spread from
// its Place (the same bits as computing them again).
struct Basis {
    __m128 u, h00, h10, h01, h11, h10dt, h11dt;

    explicit Basis(const Place& p)
    {
        u = _mm_set1_ps(p.span.u);
        h00 = spread<0>(p.h), h10 = spread<1>(p.h), h01 = spread<2>(p.h), h11 = spread<3>(p.h);
        h10dt = spread<1>(p.hdt), h11dt = spread<3>(p.hdt);
    }
};

[[gnu::always_inline]] inline Lanes vec3Sample(const CompiledClip::Block& b, const float* data, const detail::KeySpan& s, const Basis& w)
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
[[gnu::always_inline]] inline void normalise(Lanes& q)
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

[[gnu::always_inline]] inline __m128 select(__m128 mask, __m128 yes, __m128 no)
{
    return _mm_or_ps(_mm_and_ps(mask, yes), _mm_andnot_ps(mask, no));
}

// math::slerpShortestInline on four lanes, each at its own t (a block's
// lanes share one). Lanes whose keys are over 91 degrees apart (acos and
// sin) are flagged in `far` for the caller.
[[gnu::always_inline]] inline Lanes slerp(const Lanes& a, Lanes b, __m128 t, int& far)
{
    Lanes q;
    __m128 d = _mm_add_ps(
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(a.c[0], b.c[0]), _mm_mul_ps(a.c[1], b.c[1])), _mm_mul_ps(a.c[2], b.c[2])),
        _mm_mul_ps(a.c[3], b.c[3]));
    const __m128 sign = _mm_and_ps(_mm_cmplt_ps(d, _mm_setzero_ps()), _mm_set1_ps(-0.f));
    for (int c = 0; c < 4; ++c)
        b.c[c] = _mm_xor_ps(b.c[c], sign);
    d = _mm_xor_ps(d, sign);
    __m128 wa = _mm_sub_ps(_mm_set1_ps(1.f), t), wb = t;
    const __m128 lerpLanes = _mm_cmpgt_ps(d, _mm_set1_ps(0.9999f));
    const __m128 ge95 = _mm_cmpge_ps(d, _mm_set1_ps(0.95f)), ge7 = _mm_cmpge_ps(d, _mm_set1_ps(0.7f));
    const __m128 xm1 = _mm_sub_ps(d, _mm_set1_ps(1.f));
    const __m128 four = _mm_andnot_ps(lerpLanes, ge95), eight = _mm_andnot_ps(ge95, ge7);
    if (_mm_movemask_ps(_mm_or_ps(four, eight))) {
        const math::SlerpFactors f(t);
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

[[gnu::always_inline]] inline Lanes loadLanes(const float* p, int comps)
{
    Lanes r;
    for (int c = 0; c < comps; ++c)
        r.c[c] = _mm_loadu_ps(p + 4 * c);
    return r;
}


// A lane's quaternion: x, y, z, w `stride` floats apart.
[[gnu::always_inline]] inline glm::quat laneQuat(const float* p, int stride)
{
    glm::quat q;
    q.x = p[0], q.y = p[stride], q.z = p[2 * stride], q.w = p[3 * stride];
    return q;
}

template <class Out>
[[gnu::always_inline]] inline void storeRotations(const CompiledClip::Block& b, const float* data, const detail::KeySpan& s,
                                                  const Basis& w, const Out& out)
{
    const float* p0 = data + b.values + s.key * 16;
    Lanes q;
    int far = 0;
    if (s.clamped || b.mode == Interpolation::Step) {
        q = loadLanes(p0, 4);
        normalise(q);
    } else if (b.mode == Interpolation::Linear) {
        q = slerp(loadLanes(p0, 4), loadLanes(p0 + 16, 4), w.u, far);
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
    const auto farSlerp = [&](int lane) {
        return math::slerpShortestInline(laneQuat(p0 + lane, 4), laneQuat(p0 + 16 + lane, 4), s.u);
    };
    out.quatLanes(q, b.joints, b.store, far, farSlerp);
}

// Four lanes each at its own place among its own keys (a gathered block):
// the arithmetic of the blocks above with per-lane weights; a clamped lane
// takes its key as the one-channel sampler does.
template <bool Rotation, class PlaceOf, class Out>
[[gnu::always_inline]] inline void sampleGatheredKind(const CompiledClip::GatheredBlock& g, const CompiledClip& compiled,
                                                      const PlaceOf& placeOf, const Out& out)
{
    constexpr bool rotation = Rotation;
    constexpr int comps = rotation ? 4 : 3;
    const float* data = compiled.data();
    // Each lane's keys about the time (named, not an array: four scalars
    // stored and read back as one vector would stall the load).
    struct Lane {
        const float *p0, *p1, *in, *out;
        float u, dt;
        std::int32_t still;  // -1: held at its key (clamped, or a step)
    };
    const auto lane = [&](int l) {
        const detail::KeySpan s = placeOf(g.timelines[l]).span;
        const bool still = s.clamped || g.mode == Interpolation::Step;
        const std::size_t key = s.key * static_cast<std::size_t>(comps);
        const float* p0 = data + g.values[l] + key;
        // Cubic tangents: a rotation's per segment (times its length), a vec3's per key (times dt below).
        const float* in = data + g.inTangents[l] + (still || rotation ? key : key + static_cast<std::size_t>(comps));
        return Lane{p0, still ? p0 : p0 + comps, in, data + g.outTangents[l] + key, s.u, s.dt, still ? -1 : 0};
    };
    const Lane l0 = lane(0), l1 = lane(1), l2 = lane(2), l3 = lane(3);
    const __m128 uv = _mm_setr_ps(l0.u, l1.u, l2.u, l3.u);
    const __m128 still = _mm_castsi128_ps(_mm_setr_epi32(l0.still, l1.still, l2.still, l3.still));
    // Each lane's key as four floats, turned into components across lanes.
    const auto gather = [](const float* a, const float* b, const float* c, const float* d) {
        Lanes r{{_mm_loadu_ps(a), _mm_loadu_ps(b), _mm_loadu_ps(c), _mm_loadu_ps(d)}};
        _MM_TRANSPOSE4_PS(r.c[0], r.c[1], r.c[2], r.c[3]);
        return r;
    };
    const Lanes a = gather(l0.p0, l1.p0, l2.p0, l3.p0);
    Lanes r = a;
    int far = 0;
    if (g.mode == Interpolation::Linear) {
        if constexpr (rotation)
            r = slerp(a, gather(l0.p1, l1.p1, l2.p1, l3.p1), uv, far);
        else
            for (const Lanes b = gather(l0.p1, l1.p1, l2.p1, l3.p1); const int c : {0, 1, 2})
                r.c[c] = _mm_add_ps(a.c[c], _mm_mul_ps(_mm_sub_ps(b.c[c], a.c[c]), uv));
    } else if (g.mode == Interpolation::CubicSpline) {
        const Lanes b = gather(l0.p1, l1.p1, l2.p1, l3.p1);
        const Lanes m0 = gather(l0.out, l1.out, l2.out, l3.out), m1 = gather(l0.in, l1.in, l2.in, l3.in);
        const __m128 u2 = _mm_mul_ps(uv, uv), u3 = _mm_mul_ps(u2, uv);
        const auto times = [](float k, __m128 v) { return _mm_mul_ps(_mm_set1_ps(k), v); };
        const __m128 w00 = _mm_add_ps(_mm_sub_ps(times(2.f, u3), times(3.f, u2)), _mm_set1_ps(1.f));
        const __m128 w01 = _mm_add_ps(times(-2.f, u3), times(3.f, u2));
        __m128 w10 = _mm_add_ps(_mm_sub_ps(u3, times(2.f, u2)), uv), w11 = _mm_sub_ps(u3, u2);
        if constexpr (!rotation) {  // a vec3's tangents times the segment's length (a rotation's are already)
            const __m128 dt = _mm_setr_ps(l0.dt, l1.dt, l2.dt, l3.dt);
            w10 = _mm_mul_ps(w10, dt), w11 = _mm_mul_ps(w11, dt);
        }
        for (int c = 0; c < comps; ++c)
            r.c[c] = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(w00, a.c[c]), _mm_mul_ps(w10, m0.c[c])),
                                           _mm_mul_ps(w01, b.c[c])),
                                _mm_mul_ps(w11, m1.c[c]));
        if constexpr (rotation)
            normalise(r);
    }
    // A held lane is its key (a rotation's normalised).
    Lanes held = a;
    if (rotation && _mm_movemask_ps(still))
        normalise(held);
    for (int c = 0; c < comps; ++c)
        r.c[c] = select(still, held.c[c], r.c[c]);
    if constexpr (!rotation) {
        out.vec3Lanes(r, g.joints, {}, g.kind == Kind::Translation);
        return;
    }
    const auto farSlerp = [&](int k) {
        const Lane& l = k == 0 ? l0 : k == 1 ? l1 : k == 2 ? l2 : l3;
        return math::slerpShortestInline(laneQuat(l.p0, 1), laneQuat(l.p1, 1), l.u);
    };
    out.quatLanes(r, g.joints, {}, far & ~_mm_movemask_ps(still), farSlerp);
}

// A cubic gathered block lane by lane, each lane's key as four floats
// (x, y, z[, w]) under its own Hermite weights: no transposes, and the
// one-channel sampler's formula in its order.
template <bool Rotation, class PlaceOf, class Out>
[[gnu::always_inline]] inline void sampleGatheredCubic(const CompiledClip::GatheredBlock& g,
                                                       const CompiledClip& compiled, const PlaceOf& placeOf,
                                                       const Out& out)
{
    constexpr std::size_t comps = Rotation ? 4 : 3;
    const float* data = compiled.data();
    for (int l = 0; l < 4; ++l) {
        const std::int32_t j = g.joints[l];
        if (j < 0)
            continue;
        const Place& place = placeOf(g.timelines[l]);
        const std::size_t key = place.span.key * comps;
        const float* p0 = data + g.values[l] + key;
        __m128 r = _mm_loadu_ps(p0);
        if (!place.span.clamped) {
            // A rotation's tangents are per segment and already times its length; a vec3's per key.
            const __m128 h = Rotation ? place.h : place.hdt;
            const float* m0 = data + g.outTangents[l] + key;
            const float* m1 = data + g.inTangents[l] + (Rotation ? key : key + comps);
            r = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(spread<0>(h), r), _mm_mul_ps(spread<1>(h), _mm_loadu_ps(m0))),
                                      _mm_mul_ps(spread<2>(h), _mm_loadu_ps(p0 + comps))),
                           _mm_mul_ps(spread<3>(h), _mm_loadu_ps(m1)));
        }
        if constexpr (Rotation) {
            // math::safeNormalizeInline (its sum in its order): no length gives the identity.
            const __m128 sq = _mm_mul_ps(r, r);
            const __m128 len2 = spread<0>(_mm_add_ps(
                _mm_add_ps(_mm_add_ps(sq, spread<1>(sq)), _mm_movehl_ps(sq, sq)), spread<3>(sq)));
            const __m128 ok =
                _mm_and_ps(_mm_cmpgt_ps(len2, _mm_set1_ps(1e-30f)), _mm_cmplt_ps(len2, _mm_set1_ps(INFINITY)));
            const __m128 unit = _mm_mul_ps(r, _mm_div_ps(_mm_set1_ps(1.f), _mm_sqrt_ps(len2)));
            out.quat(j, select(ok, unit, _mm_setr_ps(0.f, 0.f, 0.f, 1.f)));
        } else {
            out.vec3(j, g.kind == Kind::Translation, r);
        }
    }
}

template <class PlaceOf, class Out>
[[gnu::always_inline]] inline void sampleGathered(const CompiledClip::GatheredBlock& g, const CompiledClip& compiled,
                                                  const PlaceOf& placeOf, const Out& out)
{
    const bool rotation = g.kind == Kind::Rotation;
    if (g.mode == Interpolation::CubicSpline)
        rotation ? sampleGatheredCubic<true>(g, compiled, placeOf, out)
                 : sampleGatheredCubic<false>(g, compiled, placeOf, out);
    else
        rotation ? sampleGatheredKind<true>(g, compiled, placeOf, out)
                 : sampleGatheredKind<false>(g, compiled, placeOf, out);
}

// This thread's buffer of at least n T's, grown and never shrunk (only the
// calls that need it touch the thread-local).
template <class T>
T* threadBuffer(std::size_t n)
{
    thread_local std::vector<T> buffer;
    if (buffer.size() < n)
        buffer.resize(n);
    return buffer.data();
}

// The clip at `time` into `out` (joints [0, joints)).
template <class Out>
[[gnu::always_inline]] inline void sampleInto(const CompiledClip& compiled, const Clip& clip, double time,
                                              std::size_t joints, std::span<std::uint32_t> cursors, const Out& out,
                                              std::span<ChannelMask> animated)
{
    // Rest values only where some channel is not animated (and, into
    // JointBlocks, no quad's store gives it rest).
    for (const auto& [first, end] : Out::kBlocks ? compiled.blockRestRuns() : compiled.restRuns())
        out.copyRest(first, end);
    if (compiled.jointEnd() < joints)
        out.copyRest(compiled.jointEnd(), joints);
    if (!animated.empty()) {
        std::copy(compiled.masks().begin(), compiled.masks().end(), animated.begin());
        std::fill(animated.begin() + static_cast<std::ptrdiff_t>(compiled.jointEnd()), animated.end(), ChannelMask{0});
    }
    const float* data = compiled.data();
    const auto& timelines = compiled.timelines();
    // One key search per timeline (blocks and gathered lanes share them),
    // on the stack for up to kKept timelines, past that in this thread's
    // buffer (grown once: sampling allocates nothing per frame). Read by
    // reference: a Place copied per gathered lane cost more than its lane.
    constexpr std::size_t kKept = 96;
    union Kept {
        Kept() {}  // left unset: every timeline's entry is written before it is read
        Place place;
    } stack[kKept];
    Kept* const kept = timelines.size() > kKept ? threadBuffer<Kept>(timelines.size()) : stack;
    for (std::size_t tl = 0; tl < timelines.size(); ++tl) {
        std::uint32_t scratch = 0;
        std::uint32_t& cursor = cursors.empty() ? scratch : cursors[timelines[tl].cursorSlot];
        new (&kept[tl].place) Place(detail::locateKeys(timelines[tl].times, time, cursor));
    }
    const auto placeOf = [kept](std::size_t tl) -> const Place& { return kept[tl].place; };
    // Blocks come sorted by timeline: one Hermite basis per timeline.
    std::size_t tl = SIZE_MAX;
    detail::KeySpan span;
    std::optional<Basis> basis;
    for (const CompiledClip::Block& b : compiled.blocks()) {
        if (b.timeline != tl) {
            tl = b.timeline;
            const Place& place = placeOf(tl);
            span = place.span;
            basis.emplace(place);
        }
        if (b.kind == Kind::Rotation)
            storeRotations(b, data, span, *basis, out);
        else
            out.vec3Lanes(vec3Sample(b, data, span, *basis), b.joints, b.store, b.kind == Kind::Translation);
    }
    for (const CompiledClip::GatheredBlock& g : compiled.gathered())
        sampleGathered(g, compiled, placeOf, out);
    for (const CompiledClip::Loose& l : compiled.loose()) {
        const JointTrack& track = clip.tracks[l.track];
        std::uint32_t scratch = 0;
        std::uint32_t& cursor = cursors.empty() ? scratch : cursors[l.track * 3 + static_cast<std::uint32_t>(l.kind)];
        out.channel(track.joint, l.kind, [&](math::Transform& t) { sampleTrackChannel(track, l.kind, time, cursor, t); });
    }
}

} // namespace

MARROW_AVX2_CLONES void sampleCompiledClip(const CompiledClip& compiled, const Clip& clip, double time,
                                           std::span<const math::Transform> rest, std::span<std::uint32_t> cursors,
                                           std::span<math::Transform> output, std::span<ChannelMask> animated)
{
    sampleInto(compiled, clip, time, output.size(), cursors, detail::TransformsOut(output.data(), rest), animated);
}

MARROW_AVX2_CLONES void sampleCompiledClip(const CompiledClip& compiled, const Clip& clip, double time,
                                           std::span<const JointBlock> rest, std::size_t joints,
                                           std::span<std::uint32_t> cursors, std::span<JointBlock> output,
                                           std::span<ChannelMask> animated)
{
    sampleInto(compiled, clip, time, joints, cursors, detail::BlocksOut(output.data(), rest, joints), animated);
}

#endif

} // namespace marrow::anim
