// SPDX-License-Identifier: MIT
#include "core/anim/local_to_world_job.h"
#include "core/model/bind_pose.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

using namespace marrow;

namespace {

// root -> arm -> hand, plus a helper node under arm that no skin binds. The
// rest pose has the arm raised; the skin was bound with the arm level and
// the hand bent, so rest and bind differ.
model::Rig chain()
{
    model::Rig rig;
    anim::Skeleton& s = rig.skeleton;
    s.names = {"root", "arm", "hand", "helper"};
    s.parents = {anim::kNoParent, 0, 1, 1};
    s.rest.resize(4);
    s.rest[0].translation = {0.f, 1.f, 0.f};
    s.rest[1].translation = {.2f, .3f, 0.f};
    s.rest[1].rotation = glm::angleAxis(.8f, glm::vec3(0.f, 0.f, 1.f));
    s.rest[2].translation = {.5f, 0.f, 0.f};
    s.rest[3].translation = {0.f, .1f, 0.f};
    s.rest[3].rotation = glm::angleAxis(.3f, glm::vec3(1.f, 0.f, 0.f));
    const glm::mat4 root = glm::translate(glm::mat4(1.f), {0.f, 1.f, 0.f});
    const glm::mat4 arm = root * glm::translate(glm::mat4(1.f), {.2f, .3f, 0.f});
    const glm::mat4 hand = arm * glm::translate(glm::mat4(1.f), {.5f, 0.f, 0.f}) *
                           glm::rotate(glm::mat4(1.f), -.6f, glm::vec3(0.f, 1.f, 0.f));
    model::Skin skin;
    skin.joints = {0, 1, 2};
    skin.inverseBind = {glm::inverse(root), glm::inverse(arm), glm::inverse(hand)};
    rig.skins.push_back(skin);
    return rig;
}

std::vector<glm::mat4> worldsOf(const model::Rig& rig, const std::vector<math::Transform>& locals)
{
    std::vector<glm::mat4> worlds(locals.size());
    anim::LocalToWorldJob job;
    job.parents = rig.skeleton.parents;
    job.locals = locals;
    job.output = worlds;
    EXPECT_TRUE(job.run());
    return worlds;
}

} // namespace

TEST(BindPoseLocals, PutEverySkinJointWhereItWasBound)
{
    const model::Rig rig = chain();
    const auto locals = model::bindPoseLocals(rig);
    const auto worlds = worldsOf(rig, locals);
    for (std::size_t k = 0; k < 3; ++k) {
        const glm::mat4 palette = worlds[k] * rig.skins[0].inverseBind[k];
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                EXPECT_NEAR(palette[c][r], c == r ? 1.f : 0.f, 1e-6f) << "joint " << k;
    }
    EXPECT_NE(locals[1], rig.skeleton.rest[1]) << "the arm leaves its raised rest";
    EXPECT_EQ(locals[3], rig.skeleton.rest[3]) << "an unbound helper keeps its rest local under its moved parent";
}

TEST(BindPoseLocals, ASingularInverseBindKeepsTheRestLocal)
{
    model::Rig rig = chain();
    rig.skins[0].inverseBind[2] = glm::mat4(0.f);
    const auto locals = model::bindPoseLocals(rig);
    EXPECT_EQ(locals[2], rig.skeleton.rest[2]);
}
