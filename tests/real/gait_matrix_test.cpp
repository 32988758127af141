// SPDX-License-Identifier: MIT
// The every-model matrix, contacts and markers (issue 37): on every model,
// the legs found by shape have distinct labels and valid joints; on each of
// its first three clips every leg's contacts lie inside the cycle, the slide
// is finite and not negative, and the markers found from the contacts lie
// on the keys' frame grid inside the clip, name a leg (or its lift), and
// alternate landing and lift per leg; the footfalls sync pairs never hold
// one name twice in a row. Only a four-legged one stands on "arms" (a
// skeleton-only FBX's cameras once stretched its height until the hands
// hung "low": the pab run's markers were its fingers').
#include "real_bench.h"

#include "core/anim/gait_report.h"
#include "core/model/foot_markers.h"
#include "core/model/legs.h"

#include <cmath>
#include <set>

using namespace marrow;

namespace {
class GaitMatrix : public ::testing::TestWithParam<test::RealModel> {};
} // namespace

TEST_P(GaitMatrix, ContactsAndMarkersKeepTheirShape)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    const model::Rig& rig = b.rig();
    const std::vector<model::Leg> legs = model::findLegs(rig);
    std::set<std::string> labels;
    for (const model::Leg& leg : legs) {
        EXPECT_TRUE(labels.insert(leg.label).second) << leg.label;
        ASSERT_GE(leg.foot, 0);
        ASSERT_LT(static_cast<std::size_t>(leg.foot), rig.skeleton.size());
        EXPECT_LT(leg.toe, static_cast<anim::JointIndex>(rig.skeleton.size()));
        EXPECT_TRUE(std::isfinite(leg.length) && leg.length >= 0.f);
        if (legs.size() == 4)
            continue;  // a quadruped's front legs may well be named hands (the Fox's b_LeftHand)
        for (anim::JointIndex j = leg.foot; j >= 0; j = rig.skeleton.parents[static_cast<std::size_t>(j)]) {
            const std::string& name = rig.skeleton.names[static_cast<std::size_t>(j)];
            if (name.find("Armature") != std::string::npos)
                continue;  // Blender's skeleton object, above every bone
            for (const char* arm : {"Arm", "Hand", "Finger", "Shoulder", "Clavicle"})
                EXPECT_EQ(name.find(arm), std::string::npos) << leg.label << " stands on " << name;
        }
    }
    const double fps = model::markerFrameRate(rig);
    for (std::size_t c = 0; c < rig.clips.size() && c < 3; ++c) {
        const anim::Clip& clip = rig.clips[c];
        const anim::GaitReport gait = anim::clipGait(rig.skeleton, legs, clip, fps);
        EXPECT_TRUE(std::isfinite(gait.total) && gait.total >= 0.0) << clip.name;
        for (const auto& leg : gait.legs)
            for (const anim::Contact& k : leg.contacts) {
                EXPECT_LE(0, k.first);
                EXPECT_LE(k.first, k.last);
                EXPECT_LT(static_cast<std::size_t>(k.last), gait.frames);
            }
        const auto markers = model::footMarkers(rig, clip, fps);
        std::map<std::string, std::vector<bool>> events;  // per leg: landing (true) or lift, in time order
        for (const anim::SyncMarker& m : markers) {
            EXPECT_GE(m.time, static_cast<double>(clip.start()) - 1e-9) << clip.name;
            EXPECT_LT(m.time, static_cast<double>(clip.duration) + 1e-9) << clip.name;
            const double frame = (m.time - clip.start()) * fps;
            EXPECT_NEAR(frame, std::round(frame), 1e-4) << clip.name << " " << m.name;
            const bool lift = m.name.size() > 3 && m.name.ends_with(" up");
            const std::string leg = lift ? m.name.substr(0, m.name.size() - 3) : m.name;
            EXPECT_TRUE(labels.contains(leg)) << clip.name << " " << m.name;
            events[leg].push_back(!lift);
        }
        for (const auto& [leg, e] : events)
            for (std::size_t i = 1; i < e.size(); ++i)  // (a lift may come first: a stance across the loop)
                EXPECT_NE(e[i], e[i - 1]) << clip.name << " " << leg << ": landings and lifts alternate";
        const auto falls = model::footfallMarkers(markers);
        for (std::size_t i = 1; i < falls.size(); ++i)
            EXPECT_NE(falls[i].name, falls[i - 1].name) << clip.name;
    }
}

INSTANTIATE_TEST_SUITE_P(Real, GaitMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
