// SPDX-License-Identifier: MIT
// The SIMD paths (issue 39) against plain reference code written here from
// the definitions, in double precision: linear blend skinning (positions,
// and normals by the inverse transpose of the blended 3x3) on rows of 4 and
// 8 influences, padded, unnormalised, under non-uniform scale and mirrors;
// and the pose blend (lerp, shortest-arc slerp) on joints close, far (over
// 91 degrees: the one-by-one path), one-sided and unanimated, with a blend
// profile and the output aliasing a pose. Within 1e-6. Cubic rotation keys
// sampled four channels at a time equal the one-channel sampler bit for bit;
// the palette is world times inverse bind.
#include "core/anim/blend_poses_job.h"
#include "core/anim/channel_sampling.h"
#include "core/anim/sample_clip_job.h"
#include "core/anim/skinning_palette_job.h"
#include "core/mesh/cpu_skinning_job.h"
#include "core/mesh/skin_linear_simd.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <random>

using namespace marrow;

namespace {

glm::dmat4 toDouble(const glm::mat4& m)
{
    return glm::dmat4(m);
}

struct Rows {
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
};

// Rows sorted largest first, zero-padded after 1..K influences; every fifth row unnormalised.
Rows randomRows(std::size_t n, int k, std::uint16_t palette, std::mt19937& rng)
{
    std::uniform_real_distribution<float> u(0.05f, 1.f);
    Rows r;
    for (std::size_t v = 0; v < n; ++v) {
        const int used = 1 + static_cast<int>(rng() % static_cast<unsigned>(k));
        std::vector<float> w(static_cast<std::size_t>(used));
        float sum = 0.f;
        for (float& x : w)
            sum += x = u(rng);
        std::sort(w.begin(), w.end(), std::greater<>());
        const float scale = v % 5 == 0 ? 0.7f : 1.f;
        for (int i = 0; i < k; ++i) {
            r.joints.push_back(static_cast<std::uint16_t>(rng() % palette));
            r.weights.push_back(i < used ? scale * w[static_cast<std::size_t>(i)] / sum : 0.f);
        }
    }
    return r;
}

// The angle between two rotations, precise near zero (no acos of a dot near 1).
double angleToReference(const glm::quat& a, const glm::dquat& b)
{
    const glm::dquat d = glm::conjugate(b) * glm::normalize(glm::dquat(a));
    return 2.0 * std::atan2(glm::length(glm::dvec3(d.x, d.y, d.z)), std::fabs(d.w));
}

} // namespace

// With a palette of non-uniform scales (normals by the cofactor) and one
// of rotations times one scale each (conformal: normals by the blended 3x3;
// the AVX2 kernel takes two vertices at once there), with and without
// normals, four and eight influences, some rows not summing to 1.
TEST(SimdPaths, LinearBlendSkinningMatchesTheDefinition)
{
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    for (const bool conformal : {false, true}) {
        std::vector<glm::mat4> palette;
        for (int j = 0; j < 24; ++j) {
            glm::mat4 m = glm::translate(glm::mat4(1.f), glm::vec3(u(rng), u(rng), u(rng)));
            m = glm::rotate(m, 3.f * u(rng), glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.f, 0.f, 2.f)));
            const float one = 1.f + 0.5f * u(rng);
            const glm::vec3 s = conformal ? glm::vec3(j % 7 == 0 ? -one : one)
                                          : glm::vec3(1.f + 0.5f * u(rng), 1.f + 0.5f * u(rng), j % 7 == 0 ? -1.f : one);
            palette.push_back(glm::scale(m, s));  // every seventh mirrored
        }
        ASSERT_EQ(mesh::conformalPalette(palette), conformal);
        for (const int k : {4, 8})
            for (const bool withNormals : {true, false}) {
                const std::size_t n = 2003;
                const Rows rows = randomRows(n, k, static_cast<std::uint16_t>(palette.size()), rng);
                std::vector<glm::vec3> positions(n), normals(n), outP(n), outN(n);
                for (std::size_t v = 0; v < n; ++v) {
                    positions[v] = glm::vec3(u(rng), u(rng), u(rng)) * 3.f;
                    normals[v] = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.f, 0.01f, 0.f));
                }
                mesh::CpuSkinningJob job;
                job.stride = k;
                job.positions = positions;
                if (withNormals)
                    job.normals = normals, job.outNormals = outN;
                job.joints = rows.joints;
                job.weights = rows.weights;
                job.palette = palette;
                job.outPositions = outP;
                ASSERT_TRUE(job.run());
                double worstP = 0.0, worstN = 0.0;
                for (std::size_t v = 0; v < n; ++v) {
                    glm::dmat4 m(0.0);
                    double sum = 0.0;
                    for (int i = 0; i < k; ++i) {
                        const std::size_t at = v * static_cast<std::size_t>(k) + static_cast<std::size_t>(i);
                        sum += rows.weights[at];
                        m += double(rows.weights[at]) * toDouble(palette[rows.joints[at]]);
                    }
                    if (std::fabs(sum - 1.0) > 1e-4)
                        m /= sum;  // an unnormalised row deforms as if divided by its sum
                    const glm::dvec3 p = glm::dvec3(m * glm::dvec4(glm::dvec3(positions[v]), 1.0));
                    worstP = std::max(worstP, glm::length(p - glm::dvec3(outP[v])) / std::max(1.0, glm::length(p)));
                    if (withNormals) {
                        // Conformal: the blended 3x3 (the shader's rule); else its inverse transpose.
                        const glm::dmat3 toNormal = conformal ? glm::dmat3(m) : glm::inverse(glm::transpose(glm::dmat3(m)));
                        const glm::dvec3 nn = glm::normalize(toNormal * glm::dvec3(normals[v]));
                        worstN = std::max(worstN, glm::length(nn - glm::dvec3(outN[v])));
                    }
                }
                const std::string label = std::to_string(k) + " influences" + (conformal ? ", conformal" : "") +
                                          (withNormals ? ", with normals" : ", positions only");
                EXPECT_LT(worstP, 1e-6) << label << ": positions";
                EXPECT_LT(worstN, 1e-5) << label << ": normals";
            }
    }
}

TEST(SimdPaths, PoseBlendMatchesLerpAndShortestArcSlerp)
{
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    const std::size_t n = 203;
    std::vector<math::Transform> a(n), b(n), rest(n);
    std::vector<anim::ChannelMask> inA(n, anim::kRotationBit), inB(n, anim::kRotationBit);
    std::vector<float> profile(n);
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec3 axis = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.f, 0.f, 0.01f));
        a[i].rotation = glm::angleAxis(3.f * u(rng), axis);
        // Mostly close (the four-at-a-time path), every ninth far apart (one by one), some opposite in sign.
        const float apart = i % 9 == 0 ? 2.5f : 0.6f * u(rng);
        b[i].rotation = glm::angleAxis(apart, glm::normalize(glm::vec3(u(rng), u(rng), 1.f))) * a[i].rotation;
        if (i % 4 == 1)
            b[i].rotation = -b[i].rotation;
        a[i].translation = glm::vec3(u(rng), u(rng), u(rng));
        b[i].translation = glm::vec3(u(rng), u(rng), u(rng));
        a[i].scale = glm::vec3(1.f + 0.2f * u(rng));
        b[i].scale = glm::vec3(1.f + 0.2f * u(rng));
        rest[i].translation = glm::vec3(7.f);
        if (i % 23 == 5)
            inA[i] = 0;
        if (i % 29 == 7)
            inB[i] = 0;
        profile[i] = 0.5f + 0.5f * u(rng);
    }
    for (const bool withProfile : {false, true}) {
        std::vector<math::Transform> out = a;  // aliases a
        anim::BlendPosesJob job{out, b, rest, inA, inB, 0.3f, out, {}};
        if (withProfile)
            job.jointWeights = profile;
        ASSERT_TRUE(job.run());
        double worstAngle = 0.0, worstMove = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const double w = withProfile ? profile[i] : 0.3;
            glm::dquat want;
            glm::dvec3 t;
            if (inA[i] && inB[i]) {
                glm::dquat qa(a[i].rotation), qb(b[i].rotation);
                if (glm::dot(qa, qb) < 0.0)
                    qb = -qb;
                want = glm::slerp(qa, qb, w);
                t = glm::dvec3(a[i].translation) + (glm::dvec3(b[i].translation) - glm::dvec3(a[i].translation)) * w;
            } else {
                const math::Transform& only = inA[i] ? a[i] : inB[i] ? b[i] : rest[i];
                want = glm::dquat(only.rotation);
                t = glm::dvec3(only.translation);
            }
            worstAngle = std::max(worstAngle, angleToReference(out[i].rotation, want));
            worstMove = std::max(worstMove, glm::length(t - glm::dvec3(out[i].translation)));
        }
        EXPECT_LT(worstAngle, 1e-6) << (withProfile ? "with a profile" : "uniform") << ": radians from the slerp";
        EXPECT_LT(worstMove, 1e-6);
    }
}

TEST(SimdPaths, CubicRotationsSampledFourAtATimeEqualTheChannelSampler)
{
    // Nine tracks (two groups of four and one over), mixed with linear and
    // one-key channels, sampled between keys and at them: every rotation is
    // the single-channel sampler's, bit for bit.
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    anim::Clip clip;
    clip.name = "c";
    for (int j = 0; j < 9; ++j) {
        anim::JointTrack t;
        t.joint = j;
        const int keys = j == 4 ? 1 : 5;
        for (int k = 0; k < keys; ++k) {
            t.rotation.times.push_back(0.25f * static_cast<float>(k));
            t.rotation.values.push_back(glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
            t.rotation.inTangents.push_back(glm::quat(u(rng), u(rng), u(rng), u(rng)));
            t.rotation.outTangents.push_back(glm::quat(u(rng), u(rng), u(rng), u(rng)));
            t.rotation.interpolations.push_back(j == 6 ? anim::Interpolation::Linear : anim::Interpolation::CubicSpline);
        }
        clip.tracks.push_back(t);
    }
    clip.duration = 1.f;
    std::vector<math::Transform> rest(9), out(9);
    for (const double time : {0.0, 0.1, 0.25, 0.37, 0.8, 1.2}) {
        anim::SampleClipJob job{&clip, time, rest, {}, out, {}};
        ASSERT_TRUE(job.run());
        for (const anim::JointTrack& t : clip.tracks) {
            std::uint32_t cursor = 0;
            const glm::quat want = anim::sampleChannel(t.rotation, time, cursor);
            const glm::quat got = out[static_cast<std::size_t>(t.joint)].rotation;
            EXPECT_TRUE(got.x == want.x && got.y == want.y && got.z == want.z && got.w == want.w)
                << "joint " << t.joint << " at " << time;
        }
    }
}

TEST(SimdPaths, ThePaletteIsWorldTimesInverseBind)
{
    std::mt19937 rng(13);
    std::uniform_real_distribution<float> u(-2.f, 2.f);
    const auto randomMatrix = [&] {
        glm::mat4 m(1.f);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 3; ++r)
                m[c][r] = u(rng);
        return m;
    };
    std::vector<glm::mat4> worlds(9), inverseBind(6), palette(6);
    for (glm::mat4& m : worlds)
        m = randomMatrix();
    for (glm::mat4& m : inverseBind)
        m = randomMatrix();
    const std::vector<anim::JointIndex> joints{8, 0, 3, 3, 5, 1};
    const anim::SkinningPaletteJob job{worlds, joints, inverseBind, palette, {}};
    ASSERT_TRUE(job.run());
    for (std::size_t k = 0; k < joints.size(); ++k) {
        const glm::dmat4 want = glm::dmat4(worlds[static_cast<std::size_t>(joints[k])]) * glm::dmat4(inverseBind[k]);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                EXPECT_NEAR(palette[k][c][r], want[c][r], 1e-5 * (1.0 + std::fabs(want[c][r]))) << k << " " << c << r;
    }
}
