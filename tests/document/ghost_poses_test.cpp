// SPDX-License-Identifier: MIT
// Ghosts stand beside a travelling transition: across its travel on the
// ground, far enough that neither side's ghost touches the blend.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/edit_transitions_command.h"
#include "core/workspace/ghost_poses.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "core/workspace/transition_preview.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <limits>

using namespace marrow;

namespace {

// The four-vertex arm (3 wide along X, flat in Z) with two clips that carry
// it `distance` along `direction` over 2 s, and a transition between them.
model::Rig travellingArm(glm::vec3 direction, float distance)
{
    model::Rig rig = test::fourVertexSkinRig();
    rig.clips.clear();
    for (const char* name : {"go", "go_on"}) {
        anim::Clip clip;
        clip.name = name;
        anim::JointTrack shoulder;
        shoulder.joint = 0;
        const glm::vec3 start(0.f, 1.f, 0.f);
        shoulder.translation = test::vec3Channel({0.f, 2.f}, {start, start + direction * distance});
        clip.tracks.push_back(shoulder);
        clip.duration = 2.f;
        rig.clips.push_back(clip);
    }
    model::Transition t;
    t.name = "go_to_go_on";
    t.clipA = 0;
    t.clipB = 1;
    t.exit = 1.0;
    t.duration = 0.5;
    rig.transitions.push_back(t);
    return rig;
}

struct GhostWorkspace {
    explicit GhostWorkspace(model::Rig rig) : document(test::documentWith(std::move(rig)))
    {
        evaluator.setTransitionPreview(&preview);
        preview.setActive(0);
        preview.setGhostsVisible(true);
    }
    std::unique_ptr<doc::Document> document;
    ws::Selection selection{document.get()};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    ws::TransitionPreview preview{document.get(), &playback};
    ws::GhostPoses ghosts{document.get(), &playback, &preview};
};

// The joints' extent along `axis`.
std::pair<float, float> extent(std::span<const glm::mat4> worlds, glm::vec3 axis)
{
    float lo = std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::lowest();
    for (const glm::mat4& w : worlds) {
        lo = std::min(lo, glm::dot(glm::vec3(w[3]), axis));
        hi = std::max(hi, glm::dot(glm::vec3(w[3]), axis));
    }
    return {lo, hi};
}

} // namespace

TEST(GhostPoses, TravelAlongZPutsTheGhostsAlongXClearOfTheBlend)
{
    GhostWorkspace w(travellingArm({0.f, 0.f, 1.f}, 3.f));
    ASSERT_TRUE(w.ghosts.visible());
    const glm::vec3 b = w.ghosts.offset(ws::GhostPoses::B);
    EXPECT_NEAR(b.z, 0.f, 1e-5f);
    EXPECT_NEAR(b.y, 0.f, 1e-5f);
    EXPECT_GT(std::abs(b.x), 3.f) << "the arm is 3 wide across its travel";
    EXPECT_EQ(w.ghosts.offset(ws::GhostPoses::A), -b);
    const glm::vec3 side = glm::normalize(b);
    for (double t : {0.0, 0.8, 1.25, 2.0}) {
        w.playback.setTime(t);
        const auto blend = extent(w.evaluator.worlds(), side);
        for (auto s : {ws::GhostPoses::A, ws::GhostPoses::B}) {
            const auto ghost = extent(w.ghosts.worlds(s), side);
            EXPECT_TRUE(ghost.second < blend.first || ghost.first > blend.second) << "t " << t << " side " << s;
        }
    }
}

TEST(GhostPoses, TravelAlongXPutsTheGhostsAlongZ)
{
    GhostWorkspace w(travellingArm({1.f, 0.f, 0.f}, 3.f));
    ASSERT_TRUE(w.ghosts.visible());
    const glm::vec3 b = w.ghosts.offset(ws::GhostPoses::B);
    EXPECT_NEAR(b.x, 0.f, 1e-5f);
    EXPECT_GT(std::abs(b.z), 0.5f);
}

TEST(GhostPoses, InPlaceTheGhostsStandAlongX)
{
    GhostWorkspace w(travellingArm({0.f, 0.f, 1.f}, 0.f));
    ASSERT_TRUE(w.ghosts.visible());
    const glm::vec3 b = w.ghosts.offset(ws::GhostPoses::B);
    EXPECT_GT(b.x, 3.f);
    EXPECT_FLOAT_EQ(b.z, 0.f);
}
