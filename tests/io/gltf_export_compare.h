// SPDX-License-Identifier: MIT
#pragma once
// Rig and pose comparisons for the glTF export round trips.
#include "gltf_export_fixture.h"

namespace marrow::export_test {

// ---- comparisons -----------------------------------------------------------

inline std::map<std::uint16_t, float> rowOf(const mesh::SkinWeights& w, std::size_t v)
{
    std::map<std::uint16_t, float> row;
    for (int k = 0; k < w.stride; ++k)
        if (w.weightRow(v)[static_cast<std::size_t>(k)] != 0.f)
            row[w.jointRow(v)[static_cast<std::size_t>(k)]] = w.weightRow(v)[static_cast<std::size_t>(k)];
    return row;
}

template <class T>
inline void expectSameChannel(const anim::Channel<T>& a, const anim::Channel<T>& b, const std::string& what)
{
    SCOPED_TRACE(what);
    if (a.empty()) {
        EXPECT_TRUE(b.empty());
        return;
    }
    // A channel mixing modes comes back as LINEAR samples (checked by pose elsewhere).
    const std::optional<anim::Interpolation> mode = a.uniformInterpolation();
    if (!mode) {
        EXPECT_EQ(b.uniformInterpolation(), anim::Interpolation::Linear);
        return;
    }
    // One cubic key is written as LINEAR: the same constant.
    const bool oneCubic = *mode == anim::Interpolation::CubicSpline && a.size() == 1;
    EXPECT_EQ(b.uniformInterpolation(), oneCubic ? anim::Interpolation::Linear : *mode);
    EXPECT_EQ(b.times, a.times);
    EXPECT_EQ(b.values, a.values);
    if (*mode == anim::Interpolation::CubicSpline && !oneCubic) {
        EXPECT_EQ(b.inTangents, a.inTangents);
        EXPECT_EQ(b.outTangents, a.outTangents);
    }
}

// The re-imported rig `b` holds what `a` held: the same skeleton, skins,
// meshes, weights (within weightTol) and non-empty clips, keys bit for bit.
inline void expectSameRig(const model::Rig& a, const model::Rig& b, float weightTol)
{
    ASSERT_EQ(b.skeleton.size(), a.skeleton.size());
    for (std::size_t i = 0; i < a.skeleton.size(); ++i) {
        SCOPED_TRACE("joint " + std::to_string(i));
        EXPECT_EQ(b.skeleton.names[i], a.skeleton.names[i].empty() ? "node " + std::to_string(i) : a.skeleton.names[i]);
        EXPECT_EQ(b.skeleton.parents[i], a.skeleton.parents[i]);
        EXPECT_VEC3_NEAR(b.skeleton.rest[i].translation, a.skeleton.rest[i].translation, 1e-6f);
        EXPECT_QUAT_EQUIV(b.skeleton.rest[i].rotation, a.skeleton.rest[i].rotation, 1e-6f);
        EXPECT_VEC3_NEAR(b.skeleton.rest[i].scale, a.skeleton.rest[i].scale, 1e-6f);
    }
    ASSERT_EQ(b.skins.size(), a.skins.size());
    for (std::size_t s = 0; s < a.skins.size(); ++s) {
        EXPECT_EQ(b.skins[s].joints, a.skins[s].joints);
        ASSERT_EQ(b.skins[s].inverseBind.size(), a.skins[s].inverseBind.size());
        for (std::size_t k = 0; k < a.skins[s].inverseBind.size(); ++k)
            EXPECT_MAT4_NEAR(b.skins[s].inverseBind[k], a.skins[s].inverseBind[k], 1e-6f);
    }
    ASSERT_EQ(b.meshes.size(), a.meshes.size());
    for (std::size_t i = 0; i < a.meshes.size(); ++i) {
        const mesh::Mesh& ma = a.meshes[i];
        const mesh::Mesh& mb = b.meshes[i];
        SCOPED_TRACE("mesh " + ma.name);
        EXPECT_EQ(mb.name, ma.name);
        EXPECT_EQ(mb.node, ma.node);
        EXPECT_EQ(mb.skin, ma.skin);
        EXPECT_EQ(mb.positions, ma.positions);
        EXPECT_EQ(mb.uvs, ma.uvs);
        EXPECT_EQ(mb.indices, ma.indices);
        ASSERT_EQ(mb.normals.size(), ma.normals.size());
        for (std::size_t v = 0; v < ma.normals.size(); ++v)
            EXPECT_VEC3_NEAR(mb.normals[v], glm::normalize(ma.normals[v]), 1e-5f);
        ASSERT_EQ(mb.weights.vertexCount(), ma.weights.vertexCount());
        for (std::size_t v = 0; v < ma.weights.vertexCount(); ++v) {
            const auto ra = rowOf(ma.weights, v), rb = rowOf(mb.weights, v);
            ASSERT_EQ(rb.size(), ra.size()) << "vertex " << v;
            for (const auto& [joint, weight] : ra) {
                ASSERT_TRUE(rb.count(joint)) << "vertex " << v << " lost joint " << joint;
                EXPECT_NEAR(rb.at(joint), weight, weightTol) << "vertex " << v << " joint " << joint;
            }
        }
    }
    std::vector<const anim::Clip*> kept;
    for (const anim::Clip& c : a.clips)
        if (std::any_of(c.tracks.begin(), c.tracks.end(), [](const anim::JointTrack& t) { return t.mask() != 0; }))
            kept.push_back(&c);
    ASSERT_EQ(b.clips.size(), kept.size());
    for (std::size_t c = 0; c < kept.size(); ++c) {
        const anim::Clip& ca = *kept[c];
        const anim::Clip& cb = b.clips[c];
        SCOPED_TRACE("clip " + ca.name);
        if (!ca.name.empty()) {
            EXPECT_EQ(cb.name, ca.name);
        }
        EXPECT_FLOAT_EQ(cb.duration, ca.duration);
        for (const anim::JointTrack& ta : ca.tracks) {
            if (ta.mask() == 0)
                continue;
            const anim::JointTrack* tb = cb.findTrack(ta.joint);
            ASSERT_NE(tb, nullptr) << "joint " << ta.joint;
            const std::string j = " of joint " + std::to_string(ta.joint);
            expectSameChannel(ta.translation, tb->translation, "translation" + j);
            expectSameChannel(ta.rotation, tb->rotation, "rotation" + j);
            expectSameChannel(ta.scale, tb->scale, "scale" + j);
        }
    }
}

// Both rigs posed at rest and at five times of every clip give the same joint
// worlds and skinned positions, within 1e-5 of the rest bounding-box diagonal.
inline void expectSamePoses(const model::Rig& a, const model::Rig& b)
{
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const mesh::Mesh& m : a.meshes)
        for (const glm::vec3& p : m.positions) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
    const float diag = a.meshes.empty() ? 1.f : std::max(glm::length(hi - lo), 1e-6f);
    const float tol = 1e-5f * diag;
    model::PosePipeline pa(a), pb(b);
    std::vector<int> clipIndex;  // a's clip index per clip of b
    for (std::size_t c = 0; c < a.clips.size(); ++c)
        if (std::any_of(a.clips[c].tracks.begin(), a.clips[c].tracks.end(), [](const anim::JointTrack& t) { return t.mask(); }))
            clipIndex.push_back(static_cast<int>(c));
    for (int cb = -1; cb < static_cast<int>(clipIndex.size()); ++cb) {
        const int ca = cb < 0 ? -1 : clipIndex[static_cast<std::size_t>(cb)];
        const float d = ca < 0 ? 0.f : a.clips[static_cast<std::size_t>(ca)].duration;
        for (float f : {0.f, 0.37f, 0.5f, 0.81f, 1.f}) {
            SCOPED_TRACE("clip " + std::to_string(ca) + " at " + std::to_string(f * d));
            ASSERT_TRUE(pa.evaluate({ca, f * d}));
            ASSERT_TRUE(pb.evaluate({cb, f * d}));
            for (std::size_t j = 0; j < a.skeleton.size(); ++j) {
                SCOPED_TRACE("joint " + std::to_string(j));
                EXPECT_MAT4_NEAR(pb.worlds()[j], pa.worlds()[j], tol);
            }
            for (std::size_t m = 0; m < a.meshes.size(); ++m) {
                std::vector<glm::vec3> qa(a.meshes[m].vertexCount()), qb(qa.size());
                ASSERT_TRUE(pa.skinMesh(m, mesh::SkinningMethod::Linear, qa, {}));
                ASSERT_TRUE(pb.skinMesh(m, mesh::SkinningMethod::Linear, qb, {}));
                float worst = 0.f;
                for (std::size_t v = 0; v < qa.size(); ++v)
                    worst = std::max(worst, glm::length(qa[v] - qb[v]));
                EXPECT_LE(worst, tol) << "mesh " << m;
            }
            if (ca < 0)
                break;  // the rest pose has no time
        }
    }
}

inline model::Rig roundTrip(const model::Rig& rig, const std::string& file)
{
    if (auto err = io::exportGltf(rig, file))
        ADD_FAILURE() << *err;
    io::ImportResult back = io::importModel(file);
    EXPECT_TRUE(back.ok) << back.error;
    return std::move(back.rig);
}


} // namespace marrow::export_test
