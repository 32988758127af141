// SPDX-License-Identifier: MIT
// A clip cut from a range of another (issue 37, clips from one long take):
// the cut poses at every time t as the source did at start + t, whatever
// the channels' interpolation (Step, Linear, cubic through the cut, a hold
// before or after a channel's keys), quaternion, Euler and morph tracks
// alike; keys inside are copied, both ends keyed, markers moved.
#include "mixed_channel.h"
#include "tiny_rigs.h"

#include "core/anim/clip_cut.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/clip_from_range.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace marrow;

namespace {

// Three joints: a mixed-mode translation, a linear and a cubic quaternion,
// an Euler curve, a scale keyed only between 1 and 2 (holds outside), and
// a cubic morph track of two weights.
anim::Clip takeClip()
{
    anim::Clip c;
    c.name = "take";
    anim::JointTrack hip;
    hip.joint = 0;
    hip.translation = test::mixedModeChannel();  // keys 0..3
    hip.rotation = test::quatChannel({0.f, 1.5f, 3.f}, {test::axisAngle({0, 1, 0}, 0.f), test::axisAngle({0, 1, 0}, 80.f),
                                                        test::axisAngle({1, 1, 0}, -30.f)});
    hip.scale = test::vec3Channel({1.f, 2.f}, {glm::vec3(1.f), glm::vec3(2.f, 1.f, 1.f)}, anim::Interpolation::CubicSpline);
    hip.scale.inTangents = {glm::vec3(5.f), glm::vec3(-3.f)};
    hip.scale.outTangents = {glm::vec3(4.f), glm::vec3(7.f)};  // unused past the last key
    anim::JointTrack knee;
    knee.joint = 1;
    knee.rotation = test::quatChannel({0.f, 1.f, 2.f, 3.f},
                                      {test::axisAngle({0, 0, 1}, 0.f), test::axisAngle({0, 0, 1}, 40.f),
                                       test::axisAngle({0, 1, 1}, 70.f), test::axisAngle({0, 0, 1}, 10.f)},
                                      anim::Interpolation::CubicSpline);
    knee.rotation.inTangents = {glm::quat(0, 0, 0, 0), glm::quat(.1f, .2f, 0, .3f), glm::quat(0, .4f, .1f, 0), glm::quat(0, 0, 0, 0)};
    knee.rotation.outTangents = {glm::quat(0, .3f, 0, .1f), glm::quat(.2f, 0, .1f, .3f), glm::quat(.1f, 0, .2f, 0), glm::quat(0, 0, 0, 0)};
    anim::JointTrack ankle;
    ankle.joint = 2;
    ankle.rotationMode = anim::RotationMode::EulerXYZ;
    ankle.euler = test::vec3Channel({0.5f, 2.f}, {glm::vec3(0.f), glm::vec3(1.f, -2.f, .5f)});
    c.tracks = {hip, knee, ankle};
    anim::MorphTrack face;
    face.mesh = 0;
    face.interpolation = anim::Interpolation::CubicSpline;
    face.times = {0.5f, 1.5f, 2.5f};
    // Per key: in-tangents, values, out-tangents (two weights each).
    face.values = {0, 0, 0, 1, 2, 1, /**/ -1, 1, 1, 0, .5f, -2, /**/ 3, 0, .2f, .8f, 9, 9};
    c.morphTracks = {face};
    c.syncMarkers = std::vector<anim::SyncMarker>{{"L", 0.2}, {"R", 1.0}, {"L", 1.9}, {"R", 2.6}};
    c.updateDuration();
    return c;
}

std::vector<math::Transform> localsAt(const anim::Clip& clip, const anim::Skeleton& s, double t)
{
    std::vector<math::Transform> out(s.size());
    EXPECT_TRUE((anim::SampleClipJob{&clip, t, s.rest, {}, out, {}}.run()));
    return out;
}

std::vector<float> weightsAt(const anim::Clip& clip, double t)
{
    std::vector<float> w(2, -7.f);
    anim::sampleMorphTrack(clip.morphTracks.at(0), static_cast<float>(t), w);
    return w;
}

// The cut at 241 times over its length against the source at start + t.
void expectPlaysAsTheSource(const anim::Clip& source, const anim::Clip& cut, double start, double end)
{
    const anim::Skeleton s = test::threeJointChain();
    const double length = end - start;
    ASSERT_NEAR(cut.duration, length, 1e-6);
    for (int k = 0; k <= 240; ++k) {
        const double t = length * k / 240.0;
        const auto a = localsAt(source, s, start + t), b = localsAt(cut, s, t);
        for (std::size_t j = 0; j < s.size(); ++j) {
            EXPECT_LT(glm::distance(a[j].translation, b[j].translation), 1e-5f) << "joint " << j << " at " << t;
            EXPECT_LT(glm::distance(a[j].scale, b[j].scale), 1e-5f) << "joint " << j << " at " << t;
            const glm::vec4 qa(a[j].rotation.x, a[j].rotation.y, a[j].rotation.z, a[j].rotation.w);
            const glm::vec4 qb(b[j].rotation.x, b[j].rotation.y, b[j].rotation.z, b[j].rotation.w);
            EXPECT_LT(std::min(glm::distance(qa, qb), glm::distance(qa, -qb)), 1e-5f) << "joint " << j << " at " << t;
        }
        const auto wa = weightsAt(source, start + t), wb = weightsAt(cut, t);
        EXPECT_NEAR(wa[0], wb[0], 1e-5f) << "at " << t;
        EXPECT_NEAR(wa[1], wb[1], 1e-5f) << "at " << t;
    }
}

} // namespace

TEST(ClipCut, PlaysAsTheSourceThroughEveryKindOfSegment)
{
    const anim::Clip take = takeClip();
    ASSERT_FALSE(take.validate(3));
    // Through a Step segment and a cubic one; before and after the Euler and
    // scale keys; an end exactly on a key; the whole clip.
    for (const auto& [start, end] : {std::pair{0.25, 2.75}, std::pair{1.2, 1.7}, std::pair{0.1, 0.4},
                                     std::pair{2.2, 3.0}, std::pair{1.0, 2.0}, std::pair{0.0, 3.0}}) {
        SCOPED_TRACE(testing::Message() << "[" << start << ", " << end << "]");
        const anim::Clip cut = anim::cutClip(take, start, end);
        EXPECT_FALSE(cut.validate(3));
        expectPlaysAsTheSource(take, cut, start, end);
    }
}

TEST(ClipCut, CopiesTheKeysInsideAndKeysBothEnds)
{
    const anim::Clip cut = anim::cutClip(takeClip(), 0.25, 2.75);
    const anim::Vec3Channel& t = cut.tracks[0].translation;
    ASSERT_EQ(t.times, (std::vector<float>{0.f, .75f, 1.75f, 2.5f}));
    EXPECT_EQ(t.values[0], glm::vec3(0, 1, 0)) << "the Step segment holds key 0's value";
    EXPECT_EQ(t.values[1], glm::vec3(10, 2, 0));
    EXPECT_EQ(t.values[2], glm::vec3(20, 3, 0));
    EXPECT_EQ(t.interpolations[0], anim::Interpolation::Step);
    EXPECT_EQ(t.interpolations[2], anim::Interpolation::CubicSpline);
    EXPECT_EQ(t.outTangents[2], glm::vec3(10, 0, 0)) << "a copied key keeps its tangents";
    // Every animated channel is keyed at both ends.
    for (const anim::JointTrack& track : cut.tracks) {
        for (const anim::Vec3Channel* c : {&track.translation, &track.scale, &track.euler})
            if (!c->empty()) {
                EXPECT_EQ(c->times.front(), 0.f);
                EXPECT_EQ(c->times.back(), 2.5f);
            }
        if (!track.rotation.empty()) {
            EXPECT_EQ(track.rotation.times.front(), 0.f);
            EXPECT_EQ(track.rotation.times.back(), 2.5f);
        }
    }
    EXPECT_EQ(cut.morphTracks[0].times, (std::vector<float>{0.f, .25f, 1.25f, 2.25f, 2.5f}));
    EXPECT_EQ(cut.tracks[2].rotationMode, anim::RotationMode::EulerXYZ);
    EXPECT_FALSE(cut.range);
    EXPECT_EQ(cut.name, "take");
}

TEST(ClipCut, TheUsersMarkersInsideComeAlongMoved)
{
    const anim::Clip cut = anim::cutClip(takeClip(), 0.9, 2.5);
    ASSERT_TRUE(cut.syncMarkers);
    ASSERT_EQ(cut.syncMarkers->size(), 2u);
    EXPECT_EQ((*cut.syncMarkers)[0].name, "R");
    EXPECT_NEAR((*cut.syncMarkers)[0].time, 0.1, 1e-12);
    EXPECT_NEAR((*cut.syncMarkers)[1].time, 1.0, 1e-12);
    EXPECT_FALSE(anim::cutClip(takeClip(), 1.1, 1.8).syncMarkers) << "none inside: the feet's, found when asked";
}

TEST(ClipFromRange, ChecksTheClipAndRangeAndNamesTheCut)
{
    model::Rig rig = test::fourVertexSkinRig();  // "bend" 0..1 s, "lift" 0..2 s
    std::string why;
    EXPECT_FALSE(model::clipFromRange(rig, 2, 0.0, 1.0, "x", &why));
    EXPECT_NE(why.find("no clip 2"), std::string::npos) << why;
    EXPECT_FALSE(model::clipFromRange(rig, -1, 0.0, 1.0, "x", &why));
    EXPECT_FALSE(model::clipFromRange(rig, 1, std::nan(""), 1.0, "x", &why));
    EXPECT_NE(why.find("finite"), std::string::npos) << why;
    EXPECT_FALSE(model::clipFromRange(rig, 1, 1.0, 1.0, "x", &why));
    EXPECT_NE(why.find("before the end"), std::string::npos) << why;
    EXPECT_FALSE(model::clipFromRange(rig, 1, 0.5, 2.5, "x", &why));
    EXPECT_NE(why.find("past the end of 'lift'"), std::string::npos) << why;
    EXPECT_FALSE(model::clipFromRange(rig, 1, -0.5, 1.0, "x", &why));
    EXPECT_NE(why.find("before 'lift' starts"), std::string::npos) << why;

    // A hair outside is clamped; a taken name is numbered; no name: the source's.
    const auto cut = model::clipFromRange(rig, 1, -5e-5, 2.0 + 5e-5, "bend", &why);
    ASSERT_TRUE(cut) << why;
    EXPECT_EQ(cut->name, "bend.001");
    EXPECT_FLOAT_EQ(cut->duration, 2.f);
    EXPECT_EQ(*cut, [&] {
        anim::Clip c = anim::cutClip(rig.clips[1], 0.0, 2.0);
        c.name = "bend.001";
        return c;
    }());
    const auto unnamed = model::clipFromRange(rig, 0, 0.25, 0.75, "", &why);
    ASSERT_TRUE(unnamed);
    EXPECT_EQ(unnamed->name, "bend.001");
    EXPECT_FLOAT_EQ(unnamed->duration, .5f);
    rig.clips.push_back(*unnamed);
    EXPECT_FALSE(rig.validate()) << *rig.validate();
}
