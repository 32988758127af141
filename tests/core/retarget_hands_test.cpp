// SPDX-License-Identifier: MIT
// Hands pinned where the source's rest (issue 40): model::handRests and
// handOffsets, and a retarget whose source leans forward with a hand on a
// prop (held in place by IK in its own clip) onto a character with a
// shorter upper arm and a longer forearm: carried by direction the hand
// drifts off the prop; with the arm's Pin on it stays where it rested, the
// elbow bending one way throughout.
#include "named_humanoid.h"
#include "pose_worlds.h"

#include "core/anim/ik_solve.h"
#include "core/anim/key_ops.h"
#include "core/anim/local_to_world_job.h"
#include "core/model/bone_map.h"
#include "core/model/retarget.h"
#include "core/model/retarget_hands.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace marrow;
using anim::JointIndex;

namespace {

JointIndex idOf(const std::vector<std::string>& ids, const char* id)
{
    return static_cast<JointIndex>(std::find(ids.begin(), ids.end(), id) - ids.begin());
}

// One second at 30 fps: the hips go forward 0.2 and dip 0.05 while the left
// hand stays on a prop in front of the left shoulder (the arm solved by IK each frame).
anim::Clip leanOnAProp(const anim::Skeleton& s, const std::vector<std::string>& ids)
{
    const JointIndex hips = idOf(ids, "hips"), arm = idOf(ids, "armL"), forearm = idOf(ids, "forearmL"),
                     hand = idOf(ids, "handL");
    std::vector<glm::mat4> rest(s.size());
    anim::LocalToWorldJob{s.parents, s.rest, glm::mat4(1.f), rest}.run();
    const glm::vec3 prop = glm::vec3(rest[static_cast<std::size_t>(arm)][3]) + glm::vec3(0.3f, -0.2f, 0.1f);
    anim::Clip clip;
    clip.name = "lean";
    for (const JointIndex j : {hips, arm, forearm, hand})
        clip.tracks.emplace_back().joint = j;
    std::vector<math::Transform> locals = s.rest;
    for (int f = 0; f <= 30; ++f) {
        const float t = static_cast<float>(f) / 30.f;
        locals[static_cast<std::size_t>(hips)].translation =
            s.rest[static_cast<std::size_t>(hips)].translation + glm::vec3(0.f, -0.05f * std::sin(3.14159f * t), 0.2f * t);
        anim::IkRequest request{.end = hand, .bones = 2, .target = prop};
        request.pole = glm::vec3(0.f, 0.f, -1.f);  // the elbow back
        EXPECT_TRUE(anim::solveIk(s, locals, request).reached) << "frame " << f;
        for (anim::JointTrack& track : clip.tracks) {
            const math::Transform& l = locals[static_cast<std::size_t>(track.joint)];
            anim::insertKey(track.translation, t, l.translation, anim::Interpolation::Linear);
            anim::insertKey(track.rotation, t, l.rotation, anim::Interpolation::Linear);
            anim::insertKey(track.scale, t, l.scale, anim::Interpolation::Linear);
        }
    }
    clip.updateDuration();
    return clip;
}

} // namespace

TEST(RetargetHands, ARestIsWhereTheHandStaysPutLongEnough)
{
    std::vector<glm::vec3> track;
    for (int f = 0; f < 20; ++f)  // still for frames 5-11, moving 0.1 a frame otherwise
        track.push_back({0.1f * static_cast<float>(std::clamp(f, 0, 5) + std::max(f - 11, 0)), 0.f, 0.f});
    const std::vector<anim::Contact> rests = model::handRests(track, 0.5f, 30.0);
    ASSERT_EQ(rests.size(), 1u);
    EXPECT_EQ(rests[0], (anim::Contact{6, 10})) << "frames 5 and 11 move on one side";
    // Still for three frames only: no rest.
    std::vector<glm::vec3> brief;
    for (int f = 0; f < 20; ++f)
        brief.push_back({0.1f * static_cast<float>(std::clamp(f, 0, 8) + std::max(f - 10, 0)), 0.f, 0.f});
    EXPECT_TRUE(model::handRests(brief, 0.5f, 30.0).empty());
}

TEST(RetargetHands, AHandOnAPropStaysOnItWithPinAndDriftsWithout)
{
    std::vector<std::string> ids;
    const anim::Skeleton source = test::namedHumanoid(test::kMixamo, ids);
    anim::Skeleton target = source;  // a shorter upper arm, a longer forearm
    target.rest[static_cast<std::size_t>(idOf(ids, "forearmL"))].translation = {0.2f, 0.f, 0.f};
    target.rest[static_cast<std::size_t>(idOf(ids, "handL"))].translation = {0.33f, 0.f, 0.f};
    const anim::Clip clip = leanOnAProp(source, ids);
    const model::BoneMap map = model::proposeBoneMap(source, target);
    model::RetargetInput input{&source, &clip, &target, map, 30.0, {}};
    for (model::ChainOptions& c : input.options.chains)
        c.ik = false;
    model::RetargetInput pinned = input;
    pinned.options[model::RetargetChain::LeftArm].ik = true;
    std::string error;
    const auto carried = model::retargetClip(input, error), held = model::retargetClip(pinned, error);
    ASSERT_TRUE(carried && held) << error;
    EXPECT_GE(held->pinnedFrames, 25);
    EXPECT_EQ(carried->pinnedFrames, 0);

    const auto hand = static_cast<std::size_t>(idOf(ids, "handL")), elbow = static_cast<std::size_t>(idOf(ids, "forearmL")),
               shoulder = static_cast<std::size_t>(idOf(ids, "armL"));
    const glm::vec3 start = test::jointPositionsAt(target, held->clip, 0.0)[hand];
    float carriedDrift = 0.f, heldDrift = 0.f;
    glm::vec3 lastBend(0.f);
    for (int f = 0; f <= 30; ++f) {
        const std::vector<glm::vec3> c = test::jointPositionsAt(target, carried->clip, f / 30.0);
        const std::vector<glm::vec3> h = test::jointPositionsAt(target, held->clip, f / 30.0);
        carriedDrift = std::max(carriedDrift, glm::length(c[hand] - start));
        heldDrift = std::max(heldDrift, glm::length(h[hand] - start));
        // The elbow's side of the shoulder-to-hand line does not flip.
        const glm::vec3 line = h[hand] - h[shoulder], off = h[elbow] - h[shoulder];
        const glm::vec3 bend = off - line * (glm::dot(off, line) / glm::dot(line, line));
        if (f > 0) {
            EXPECT_GT(glm::dot(bend, lastBend), 0.f) << "frame " << f;
        }
        lastBend = bend;
        EXPECT_NEAR(glm::length(h[elbow] - h[shoulder]), 0.2f, 1e-4f) << "bones keep their lengths";
    }
    std::printf("hand off the prop: %.4f carried, %.6f pinned (%d frames pinned)\n", static_cast<double>(carriedDrift),
                static_cast<double>(heldDrift), held->pinnedFrames);
    EXPECT_GT(carriedDrift, 0.02f) << "carried by direction, the other arm's hand leaves the prop";
    EXPECT_LT(heldDrift, 1e-3f) << "pinned, it stays on it";
}
