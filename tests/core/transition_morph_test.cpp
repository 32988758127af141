// SPDX-License-Identifier: MIT
// Morph-target weights through a transition: the preview blends A's weights
// toward B's like translations, and the bake writes the same weights.
#include "core/anim/transition_bake.h"
#include "core/model/morph_weights.h"
#include "core/model/pose_pipeline.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <vector>

using namespace marrow;

namespace {

// The four-vertex skin with two targets (Lift: +Z, Push: +X) and defaults
// (0.25, 0.5); clip "a" keys the mesh (0, 0) -> (1, 0) over [0, 1], clip
// "b" holds it at (0.75, 1).
model::Rig rigWithKeyedTargets()
{
    model::Rig rig = test::fourVertexSkinRig();
    mesh::Mesh& m = rig.meshes[0];
    m.morphTargets.push_back({"Lift", std::vector<glm::vec3>(m.vertexCount(), glm::vec3(0, 0, 1)), {}});
    m.morphTargets.push_back({"Push", std::vector<glm::vec3>(m.vertexCount(), glm::vec3(1, 0, 0)), {}});
    m.morphWeights = {0.25f, 0.5f};
    rig.clips.resize(1);  // keep "bend", whose joint track gives the bake something to pose
    anim::Clip a = rig.clips[0];
    a.name = "a";
    a.morphTracks.push_back({0, anim::Interpolation::Linear, {0.f, 1.f}, {0.f, 0.f, 1.f, 0.f}});
    a.updateDuration();
    anim::Clip b = rig.clips[0];
    b.name = "b";
    b.morphTracks.push_back({0, anim::Interpolation::Step, {0.f}, {0.75f, 1.f}});
    b.updateDuration();
    rig.clips = {a, b};
    return rig;
}

anim::TransitionTiming timing(const model::Rig& rig)
{
    anim::TransitionTiming t;
    t.lengthA = rig.clips[0].duration;
    t.lengthB = rig.clips[1].duration;
    t.exit = 0.25;
    t.duration = 0.5;
    return t;
}

// What the preview poses: the poser's locals, morphs from A at tA toward B at tB.
std::vector<float> previewWeights(const model::Rig& rig, model::PosePipeline& pipeline, anim::TransitionPoser& poser,
                                  double t)
{
    std::vector<math::Transform> locals(rig.skeleton.size());
    EXPECT_TRUE(poser.pose(t, locals));
    const anim::TransitionFrame f = anim::sampleTransition(poser.timing(), t);
    model::PoseRequest r;
    r.locals = locals;
    r.clip = 0;
    r.time = f.timeA;
    r.blendClip = 1;
    r.blendTime = f.timeB;
    r.weight = f.weight;
    EXPECT_TRUE(pipeline.evaluate(r));
    const auto w = pipeline.morphWeights(0);
    return {w.begin(), w.end()};
}

} // namespace

TEST(TransitionMorph, ThePreviewBlendsAsWeightsTowardBsLikeATranslation)
{
    const model::Rig rig = rigWithKeyedTargets();
    model::PosePipeline pipeline(rig);
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1], timing(rig));
    // Before the blend: A alone, keyed to (t, 0).
    std::vector<float> w = previewWeights(rig, pipeline, poser, 0.1);
    EXPECT_NEAR(w[0], 0.1f, 1e-6f);
    EXPECT_EQ(w[1], 0.f);
    // Halfway through (t = 0.5, tA = 0.5): A's (0.5, 0) toward B's (0.75, 1)
    // by the blend curve's weight there, strictly between the two.
    const float weight = anim::sampleTransition(poser.timing(), 0.5).weight;
    ASSERT_GT(weight, 0.f);
    ASSERT_LT(weight, 1.f);
    w = previewWeights(rig, pipeline, poser, 0.5);
    EXPECT_NEAR(w[0], 0.5f + 0.25f * weight, 1e-6f);
    EXPECT_NEAR(w[1], weight, 1e-6f);
    // After it: B alone.
    w = previewWeights(rig, pipeline, poser, 0.9);
    EXPECT_EQ(w, (std::vector<float>{0.75f, 1.f}));
    // The skinned mesh moves with them: vertex 0, bound rigidly to the root
    // at (0, 1, 0), is lifted 0.75 and pushed 1.
    std::vector<glm::vec3> p(4);
    ASSERT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, p, {}));
    EXPECT_NEAR(p[0].z, 0.75f, 1e-6f);
    EXPECT_NEAR(p[0].x, 1.f, 1e-6f);
}

TEST(TransitionMorph, TheBakeWritesThePreviewsWeightsAtEveryKey)
{
    const model::Rig rig = rigWithKeyedTargets();
    model::PosePipeline pipeline(rig);
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1], timing(rig));
    const auto defaults = model::defaultMorphWeights(rig.meshes);
    for (const anim::BakeRange range : {anim::BakeRange::Full, anim::BakeRange::Blend}) {
        std::string why;
        const auto baked = anim::bakeTransition(poser, 30.0, range, "baked", &why, defaults);
        ASSERT_TRUE(baked) << why;
        ASSERT_EQ(baked->morphTracks.size(), 1u);
        const anim::MorphTrack& track = baked->morphTracks[0];
        EXPECT_EQ(track.mesh, 0u);
        EXPECT_EQ(track.interpolation, anim::Interpolation::Linear);
        ASSERT_EQ(track.targetCount(), 2u);
        ASSERT_EQ(track.times, baked->tracks.at(0).rotation.times) << "one key per baked frame";
        const double start = range == anim::BakeRange::Full ? 0.0 : 0.25;
        bool changed = false;
        for (std::size_t k = 0; k < track.times.size(); ++k) {
            // The bake samples frame k at k / fps exactly; the key stores it as a float.
            const double end = range == anim::BakeRange::Full ? poser.timing().length() - start : 0.5;
            const double t = k + 1 < track.times.size() ? static_cast<double>(k) / 30.0 : end;
            const std::vector<float> expected = previewWeights(rig, pipeline, poser, start + t);
            EXPECT_EQ(track.values[2 * k], expected[0]) << "key " << k;
            EXPECT_EQ(track.values[2 * k + 1], expected[1]) << "key " << k;
            changed = changed || track.values[2 * k] != track.values[0];
        }
        EXPECT_TRUE(changed) << "the weights move during the bake";
    }
}

TEST(TransitionMorph, ABakeWithoutMorphTracksAddsNone)
{
    model::Rig rig = rigWithKeyedTargets();
    for (anim::Clip& c : rig.clips)
        c.morphTracks.clear();
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1], timing(rig));
    const auto baked = anim::bakeTransition(poser, 30.0, anim::BakeRange::Full, "baked", nullptr,
                                            model::defaultMorphWeights(rig.meshes));
    ASSERT_TRUE(baked);
    EXPECT_TRUE(baked->morphTracks.empty()) << "unkeyed meshes stay at their defaults without a track";
}
