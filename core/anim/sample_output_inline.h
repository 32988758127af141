// SPDX-License-Identifier: MIT
#pragma once
// Where sampleCompiledClip's lanes go (SSE2 builds): a pose of Transforms,
// each lane transposed to its joint, or a pose of JointBlocks, a quad's
// components stored as they lie (CompiledClip::Block::quad) and any other
// lane's float by float. One interface, so the sampler is written once.
#include "core/anim/joint_blocks.h"

#include <algorithm>
#include <cstdint>
#include <span>

#include <emmintrin.h>

namespace marrow::anim::detail {

// Four lanes of a block at one time, component by component (x, y, z[, w]).
struct Lanes {
    __m128 c[4];
};

class TransformsOut {
public:
    TransformsOut(math::Transform* out, std::span<const math::Transform> rest)
        : m_out(out)
        , m_rest(rest)
    {
    }

    // Four rotations to their joints (a joint < 0: no lane); a lane in `far`
    // takes farSlerp(lane) instead.
    template <class FarSlerp>
    void quatLanes(Lanes q, const std::int32_t* joints, std::int32_t, bool, int far, const FarSlerp& farSlerp) const
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
    void vec3Lanes(Lanes v, const std::int32_t* joints, std::int32_t, bool, bool translation) const
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

    template <class Edit>
    void edit(std::int32_t j, const Edit& e) const
    {
        e(m_out[j]);
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
    BlocksOut(JointBlock* out, std::span<const JointBlock> rest, std::size_t joints)
        : m_out(out)
        , m_rest(rest)
        , m_joints(joints)
    {
    }

    template <class FarSlerp>
    void quatLanes(const Lanes& q, const std::int32_t* joints, std::int32_t quad, bool restFills, int far,
                   const FarSlerp& farSlerp) const
    {
        lanes(q, joints, quad, restFills, kRotation, 4);
        for (int left = far; left; left &= left - 1)
            if (const int lane = __builtin_ctz(static_cast<unsigned>(left)); joints[lane] >= 0) {
                const glm::quat r = farSlerp(lane);
                for (int c = 0; c < 4; ++c)
                    *at(joints[lane], kRotation + c) = (&r.x)[c];
            }
    }

    void vec3Lanes(const Lanes& v, const std::int32_t* joints, std::int32_t quad, bool restFills, bool translation) const
    {
        lanes(v, joints, quad, restFills, translation ? 0 : kScale, 3);
    }

    void quat(std::int32_t j, __m128 q) const { one(j, q, kRotation, 4); }
    void vec3(std::int32_t j, bool translation, __m128 v) const { one(j, v, translation ? 0 : kScale, 3); }

    template <class Edit>
    void edit(std::int32_t j, const Edit& e) const
    {
        const std::span<JointBlock> all(m_out, m_rest.size());
        math::Transform t = jointOf(all, static_cast<std::size_t>(j));
        e(t);
        setJoint(all, static_cast<std::size_t>(j), t);
    }

    // Whole blocks copied as they are (the last one's lanes past the pose's
    // joints with them: rest's); a part of one, joint by joint.
    void copyRest(std::size_t first, std::size_t end) const
    {
        constexpr std::size_t kLanes = JointBlock::kLanes;
        for (std::size_t j = first; j < end;) {
            const std::size_t b = j / kLanes, lane = j % kLanes;
            if (lane == 0 && (j + kLanes <= end || end == m_joints)) {
                m_out[b] = m_rest[b];
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
    void lanes(const Lanes& v, const std::int32_t* joints, std::int32_t quad, bool restFills, int first, int comps) const
    {
        if (quad >= 0) {
            const __m128i present = _mm_cmpgt_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(joints)),
                                                    _mm_set1_epi32(-1));
            const bool whole = _mm_movemask_epi8(present) == 0xFFFF;
            if (whole || restFills) {
                const auto b = static_cast<std::size_t>(quad) / JointBlock::kLanes;
                const auto lane = static_cast<std::size_t>(quad) % JointBlock::kLanes;
                float* dst = &m_out[b].c[first][lane];  // component c's four floats at dst + 8 c
                const float* rest = &m_rest[b].c[first][lane];
                if (whole) {
                    for (int c = 0; c < comps; ++c)
                        _mm_storeu_ps(dst + JointBlock::kLanes * static_cast<std::size_t>(c), v.c[c]);
                    return;
                }
                // Rest from its own pose, not read back from the output: that
                // would wait on the rest copy's narrower stores.
                const __m128 keep = _mm_castsi128_ps(present);
                for (int c = 0; c < comps; ++c) {
                    const std::size_t row = JointBlock::kLanes * static_cast<std::size_t>(c);
                    _mm_storeu_ps(dst + row, _mm_or_ps(_mm_and_ps(keep, v.c[c]), _mm_andnot_ps(keep, _mm_loadu_ps(rest + row))));
                }
                return;
            }
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
