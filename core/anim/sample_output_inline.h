// SPDX-License-Identifier: MIT
#pragma once
// Where sampleCompiledClip's lanes go (SSE2 builds): a pose of Transforms,
// each lane transposed to its joint, or a pose of JointBlocks, a quad's
// components stored as they lie (CompiledClip::Block::quad) and any other
// lane's float by float. One interface, so the sampler is written once.
#include "core/anim/compiled_clip.h"
#include "core/anim/joint_blocks.h"

#include <algorithm>
#include <cstdint>
#include <span>

#include <emmintrin.h>

namespace marrow::anim::detail {

using Store = CompiledClip::QuadStore;

// Four lanes of a block at one time, component by component (x, y, z[, w]).
struct Lanes {
    __m128 c[4];
};

class TransformsOut {
public:
    static constexpr bool kBlocks = false;

    TransformsOut(math::Transform* out, std::span<const math::Transform> rest)
        : m_out(out)
        , m_rest(rest)
    {
    }

    // Four rotations to their joints (a joint < 0: no lane); a lane in `far`
    // takes farSlerp(lane) instead.
    template <class FarSlerp>
    void quatLanes(Lanes q, const std::int32_t* joints, Store, int far, const FarSlerp& farSlerp) const
    {
        _MM_TRANSPOSE4_PS(q.c[0], q.c[1], q.c[2], q.c[3]);
        for (int lane = 0; lane < 4; ++lane) {
            const std::int32_t j = joints[lane];
            if (j < 0)
                continue;
            if (far & (1 << lane)) {
                const glm::quat r = farSlerp(lane);
                float* dst = &m_out[j].rotation.x;
                dst[0] = r.x, dst[1] = r.y, dst[2] = r.z, dst[3] = r.w;
            } else {
                _mm_storeu_ps(&m_out[j].rotation.x, q.c[lane]);
            }
        }
    }

    // Translations and scales: x and y as one 8-byte store, z as another.
    void vec3Lanes(Lanes v, const std::int32_t* joints, Store, bool translation) const
    {
        v.c[3] = _mm_setzero_ps();
        _MM_TRANSPOSE4_PS(v.c[0], v.c[1], v.c[2], v.c[3]);
        for (int lane = 0; lane < 4; ++lane)
            if (joints[lane] >= 0)
                vec3(joints[lane], translation, v.c[lane]);
    }

    // One joint's rotation (x, y, z, w) or translation or scale (x, y, z).
    void quat(std::int32_t j, __m128 q) const { _mm_storeu_ps(&m_out[j].rotation.x, q); }
    void vec3(std::int32_t j, bool translation, __m128 v) const
    {
        float* dst = translation ? &m_out[j].translation.x : &m_out[j].scale.x;
        _mm_storel_pi(reinterpret_cast<__m64*>(dst), v);
        _mm_store_ss(dst + 2, _mm_movehl_ps(v, v));
    }

    // Sample(t) sets one channel of t.
    template <class Sample>
    void channel(std::int32_t j, CompiledClip::Kind, const Sample& sample) const
    {
        sample(m_out[j]);
    }

    // Joints [first, end) take rest. (A lone joint copied inline: a library
    // copy per run cost more than the run.)
    void copyRest(std::size_t first, std::size_t end) const
    {
        if (end == first + 1)
            m_out[first] = m_rest[first];
        else
            std::copy(m_rest.begin() + static_cast<std::ptrdiff_t>(first),
                      m_rest.begin() + static_cast<std::ptrdiff_t>(end), m_out + first);
    }

private:
    math::Transform* m_out;
    std::span<const math::Transform> m_rest;
};

class BlocksOut {
public:
    static constexpr bool kBlocks = true;

    BlocksOut(JointBlock* out, std::span<const JointBlock> rest, std::size_t joints)
        : m_out(out)
        , m_rest(rest)
        , m_joints(joints)
    {
    }

    template <class FarSlerp>
    void quatLanes(const Lanes& q, const std::int32_t* joints, Store store, int far, const FarSlerp& farSlerp) const
    {
        lanes(q, joints, store, kRotation, 4);
        for (int left = far; left; left &= left - 1)
            if (const int lane = __builtin_ctz(static_cast<unsigned>(left)); joints[lane] >= 0) {
                const glm::quat r = farSlerp(lane);
                for (int c = 0; c < 4; ++c)
                    *at(joints[lane], kRotation + c) = (&r.x)[c];
            }
    }

    void vec3Lanes(const Lanes& v, const std::int32_t* joints, Store store, bool translation) const
    {
        lanes(v, joints, store, translation ? 0 : kScale, 3);
    }

    void quat(std::int32_t j, __m128 q) const { one(j, q, kRotation, 4); }
    void vec3(std::int32_t j, bool translation, __m128 v) const { one(j, v, translation ? 0 : kScale, 3); }

    // Sample(t) sets one channel of t: only that channel's floats are stored.
    template <class Sample>
    void channel(std::int32_t j, CompiledClip::Kind kind, const Sample& sample) const
    {
        using Kind = CompiledClip::Kind;
        math::Transform t;
        sample(t);
        const int first = kind == Kind::Translation ? 0 : kind == Kind::Rotation ? kRotation : kScale;
        const float* src = kind == Kind::Translation ? &t.translation.x : kind == Kind::Rotation ? &t.rotation.x : &t.scale.x;
        for (int c = 0; c < (kind == Kind::Rotation ? 4 : 3); ++c)
            *at(j, first + c) = src[c];
    }

    // Whole blocks copied as they are (the last one's lanes past the pose's
    // joints with them: rest's); a part of one, joint by joint.
    void copyRest(std::size_t first, std::size_t end) const
    {
        constexpr std::size_t kLanes = JointBlock::kLanes;
        for (std::size_t j = first; j < end;) {
            const std::size_t b = j / kLanes, lane = j % kLanes;
            if (lane == 0 && (j + kLanes <= end || end == m_joints)) {
                // Twenty stores, not an assignment (GCC copies 320 bytes with
                // rep movs, slower to start than these take).
                const auto* src = reinterpret_cast<const float*>(&m_rest[b]);
                auto* dst = reinterpret_cast<float*>(&m_out[b]);
                for (std::size_t f = 0; f < JointBlock::kFloats * kLanes; f += 4)
                    _mm_storeu_ps(dst + f, _mm_loadu_ps(src + f));
                j += kLanes;
                continue;
            }
            float* dst = &m_out[b].c[0][lane];
            const float* src = &m_rest[b].c[0][lane];
            for (std::size_t c = 0; c < JointBlock::kFloats; ++c)
                dst[c * kLanes] = src[c * kLanes];
            ++j;
        }
    }

private:
    static constexpr int kRotation = 3, kScale = 7;  // the first float of each in a block's ten

    float* at(std::int32_t j, int c) const
    {
        return &m_out[static_cast<std::size_t>(j) / JointBlock::kLanes].c[c][static_cast<std::size_t>(j) % JointBlock::kLanes];
    }

    // Components [first, first + comps) of four lanes: a quad's as four
    // floats each (its empty lanes rest's, where restFills), others one
    // float at a time.
    [[gnu::always_inline]] void lanes(const Lanes& v, const std::int32_t* joints, Store store, int first, int comps) const
    {
        if (store.whole || store.restFills) {
            const auto offset = static_cast<std::size_t>(store.at) + JointBlock::kLanes * static_cast<std::size_t>(first);
            float* dst = reinterpret_cast<float*>(m_out) + offset;  // component c's four floats at dst + 8 c
            if (store.whole) {
                for (int c = 0; c < comps; ++c)
                    _mm_storeu_ps(dst + JointBlock::kLanes * static_cast<std::size_t>(c), v.c[c]);
                return;
            }
            // Rest from its own pose, not read back from the output: that
            // would wait on the rest copy's narrower stores.
            const float* rest = reinterpret_cast<const float*>(m_rest.data()) + offset;
            const __m128 keep = _mm_castsi128_ps(
                _mm_cmpgt_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(joints)), _mm_set1_epi32(-1)));
            for (int c = 0; c < comps; ++c) {
                const std::size_t row = JointBlock::kLanes * static_cast<std::size_t>(c);
                _mm_storeu_ps(dst + row, _mm_or_ps(_mm_and_ps(keep, v.c[c]), _mm_andnot_ps(keep, _mm_loadu_ps(rest + row))));
            }
            return;
        }
        alignas(16) float f[4][4];
        for (int c = 0; c < comps; ++c)
            _mm_store_ps(f[c], v.c[c]);
        for (int lane = 0; lane < 4; ++lane)
            if (joints[lane] >= 0)
                for (int c = 0; c < comps; ++c)
                    *at(joints[lane], first + c) = f[c][lane];
    }

    // One joint's components [first, first + comps) from a register's lanes 0 to comps - 1.
    void one(std::int32_t j, __m128 v, int first, int comps) const
    {
        alignas(16) float f[4];
        _mm_store_ps(f, v);
        for (int c = 0; c < comps; ++c)
            *at(j, first + c) = f[c];
    }

    JointBlock* m_out;
    std::span<const JointBlock> m_rest;
    std::size_t m_joints;
};

} // namespace marrow::anim::detail
