// SPDX-License-Identifier: MIT
// Contacts as a person sees them, on real clips (issue 37): pab's legs and
// the Fox's four are found by the skeleton's shape and labelled; a clip's
// own figure never changes with the clip it blends into; pab's clean walk
// slides under 5 cm per metre of leg a cycle; its markers alternate L and R
// with each lift after its landing.
#include "shared_models.h"
#include "core/anim/gait_report.h"
#include "core/anim/sample_clip_job.h"
#include "core/anim/transition_foot_slide.h"
#include "core/io/model_import.h"
#include "core/model/clip_transfer.h"
#include "core/model/foot_markers.h"
#include "core/model/legs.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

const std::string kPab = "ozz-animation/fbx/pab/";

model::Rig pabWithClips()
{
    io::ImportResult main = io::importModel(test::model(kPab + "arnaud.fbx"));
    EXPECT_TRUE(main.ok) << main.error;
    for (const char* clips : {"walk.fbx", "jog.fbx", "run.fbx"}) {
        const io::ImportResult other = io::importModel(test::model(kPab + clips));
        EXPECT_TRUE(other.ok) << other.error;
        model::transferClips(other.rig, main.rig);
        main.rig.clips.back().name = std::string(clips).substr(0, std::string(clips).find('.'));
    }
    return std::move(main.rig);
}

std::string nameOf(const model::Rig& rig, anim::JointIndex j)
{
    return j >= 0 ? rig.skeleton.names[static_cast<std::size_t>(j)] : std::string("-");
}

} // namespace

TEST(GaitFigures, LegsAreFoundByShapeAndLabelled)
{
    const model::Rig pab = pabWithClips();
    const std::vector<model::Leg> legs = model::findLegs(pab);
    ASSERT_EQ(legs.size(), 2u);
    EXPECT_EQ(legs[0].label + ":" + nameOf(pab, legs[0].foot) + "/" + nameOf(pab, legs[0].toe), "L:LeftFoot/LeftFootThumb1");
    EXPECT_EQ(legs[1].label + ":" + nameOf(pab, legs[1].foot) + "/" + nameOf(pab, legs[1].toe),
              "R:RightFoot/RightFootThumb1");
    EXPECT_GT(legs[0].length, 80.f) << "hip to ankle, in pab's centimetres";
    EXPECT_LT(legs[0].length, 110.f);

    const io::ImportResult fox = io::importModel(test::model("real/Fox.glb"));
    ASSERT_TRUE(fox.ok) << fox.error;
    std::map<std::string, std::string> byLabel;
    for (const model::Leg& leg : model::findLegs(fox.rig))
        byLabel[leg.label] = nameOf(fox.rig, leg.foot);
    EXPECT_EQ(byLabel, (std::map<std::string, std::string>{{"FL", "b_LeftHand_011"},
                                                           {"FR", "b_RightHand_08"},
                                                           {"HL", "b_LeftFoot02_018"},
                                                           {"HR", "b_RightFoot02_022"}}))
        << "the front paws are named hands";
}

TEST(GaitFigures, AClipAloneReadsTheSameWhateverItBlendsIntoAndACleanWalkBarelySlides)
{
    const model::Rig rig = pabWithClips();
    const std::vector<model::Leg> legs = model::findLegs(rig);
    const anim::Clip& walk = rig.clips[static_cast<std::size_t>(rig.findClip("walk"))];
    std::vector<double> figures;
    for (const char* other : {"jog", "run"}) {
        anim::TransitionTiming timing;
        timing.lengthA = walk.duration;
        const anim::Clip& b = rig.clips[static_cast<std::size_t>(rig.findClip(other))];
        timing.lengthB = b.duration;
        timing.exit = 0.9;
        timing.duration = 0.3;
        timing.cycleA = timing.cycleB = true;
        anim::TransitionPoser poser(rig.skeleton, walk, b, timing, {}, true);
        const anim::TransitionFootSlide s = anim::measureTransitionFootSlide(rig.skeleton, poser, legs, 30.0);
        figures.push_back(s.a.perLegLength);
        for (const auto& leg : s.a.legs) {  // one stance a cycle, in two when the loop cuts it
            EXPECT_GE(leg.contacts.size(), 1u) << leg.label;
            EXPECT_LE(leg.contacts.size(), 2u) << leg.label;
        }
    }
    EXPECT_EQ(figures[0], figures[1]) << "walk alone, against jog and against run";
    EXPECT_LT(100.0 * figures[0], 5.0) << "cm per metre of leg, per cycle";
    EXPECT_GT(100.0 * figures[0], 0.0) << "the rolling foot's joints do move a little";
}

TEST(GaitFigures, WalkMarkersAlternateAndEachLiftFollowsItsLanding)
{
    const model::Rig rig = pabWithClips();
    for (const char* name : {"walk", "jog", "run"}) {
        const anim::Clip& clip = rig.clips[static_cast<std::size_t>(rig.findClip(name))];
        const auto markers = model::footMarkers(rig, clip);
        const auto falls = model::footfallMarkers(markers);
        ASSERT_EQ(falls.size(), 2u) << name;
        EXPECT_NE(falls[0].name, falls[1].name) << name;
        for (const anim::SyncMarker& m : markers) {
            const double frames = m.time * 30.0;
            EXPECT_NEAR(frames, std::round(frames), 1e-6) << name << " " << m.name << ": on the clip's frame grid";
        }
        ASSERT_EQ(markers.size(), 4u) << name << ": each foot lands and lifts once a cycle";
    }
}

TEST(GaitFigures, AStylisedPawThatSkatesStillLandsOnceACycleAndItsSkatingCounts)
{
    // The Fox's Run is in place, and its stance paws move at 3 to 20 units
    // a frame against each other: no treadmill holds them all still, so the
    // speed rule alone plants some paws never. A viewer still sees every
    // paw land once a cycle; its motion there is the run's own slide.
    const io::ImportResult fox = io::importModel(test::model("real/Fox.glb"));
    ASSERT_TRUE(fox.ok) << fox.error;
    const model::Rig& rig = fox.rig;
    const std::vector<model::Leg> legs = model::findLegs(rig);
    const anim::Clip& run = rig.clips[static_cast<std::size_t>(rig.findClip("Run"))];
    std::vector<anim::LegGround> grounds;
    std::vector<glm::vec3> treadmill;
    const anim::GaitReport cycle = anim::clipGait(rig.skeleton, legs, run, 24.0, {}, &grounds, nullptr, &treadmill);
    ASSERT_EQ(cycle.legs.size(), 4u);
    for (const auto& leg : cycle.legs)
        EXPECT_FALSE(leg.contacts.empty()) << leg.label;
    EXPECT_GT(100.0 * cycle.perLegLength, 5.0) << "cm per metre of leg: the run's paws skate";

    // The strict rule (the blend's own frames keep it: a swinging paw that
    // passes low is not a contact there) plants some paws never, even
    // against the treadmill the planted paws agree on.
    anim::ContactRule strict;
    const auto pose = [&](double t, std::span<math::Transform> out) {
        const anim::SampleClipJob job{&run, t, rig.skeleton.rest, {}, out, {}};
        return job.run();
    };
    const std::size_t frames = anim::cycleFrames(run, 24.0);
    const auto tracks = anim::sampleLegTracks(rig.skeleton, legs, pose, run.start(), frames, 24.0);
    ASSERT_EQ(treadmill.size(), frames) << "the Run is in place";
    int unplanted = 0;
    for (std::size_t l = 0; l < legs.size(); ++l)
        unplanted +=
            anim::legGait(tracks[l], grounds[l], legs[l].length, 24.0, strict, treadmill).contacts.empty() ? 1 : 0;
    EXPECT_GT(unplanted, 0);

    const auto falls = model::footfallMarkers(model::footMarkers(rig, run));
    EXPECT_GE(falls.size(), 2u) << "the hind paws land: Sync has footfalls to pair";
}
