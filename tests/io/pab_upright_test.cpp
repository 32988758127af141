// SPDX-License-Identifier: MIT
// The pab clips (walk, run, jog, locomotions) transferred by name onto the pab
// characters must pose them standing: Assimp gives each FBX joint a chain of
// helper nodes, and a clip's root channel holds the joint's whole local
// transform, so playing it under unfolded helpers laid the character on its side.
#include "core/io/model_import.h"
#include "core/model/clip_transfer.h"
#include "core/model/pose_pipeline.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <tuple>

namespace marrow {
namespace {

// What a person checks to call a character upright (Y up): head above hips
// above both feet, and the mesh about as tall as at rest.
// The run's deepest crouch is 0.877 of the rest height (0.884 on skeleton.fbx),
// so 10 % is too tight for a correct run; lying on its side the character is
// well under half its height.
constexpr float kHeightTolerance = 0.15f;

struct Stance {
    float head = 0.f, hips = 0.f, leftFoot = 0.f, rightFoot = 0.f, height = 0.f;
};

anim::JointIndex jointNamed(const model::Rig& rig, const std::string& name)
{
    const auto& names = rig.skeleton.names;
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<anim::JointIndex>(it - names.begin());
}

Stance stanceOf(const model::Rig& rig, model::PosePipeline& pipeline, const model::PoseRequest& request)
{
    Stance s;
    EXPECT_TRUE(pipeline.evaluate(request));
    auto y = [&](const char* name) {
        const anim::JointIndex j = jointNamed(rig, name);
        EXPECT_GE(j, 0) << "no joint " << name;
        return j < 0 ? 0.f : pipeline.worlds()[static_cast<std::size_t>(j)][3].y;
    };
    s.head = y("Head");
    s.hips = y("Hips");
    s.leftFoot = y("LeftFoot");
    s.rightFoot = y("RightFoot");
    float low = INFINITY, high = -INFINITY;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        std::vector<glm::vec3> posed(rig.meshes[m].positions.size());
        EXPECT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, posed, {}));
        for (const glm::vec3& p : posed) {
            low = std::min(low, p.y);
            high = std::max(high, p.y);
        }
    }
    s.height = high - low;
    return s;
}

std::set<float> keyTimes(const anim::Clip& clip)
{
    std::set<float> times;
    for (const anim::JointTrack& t : clip.tracks) {
        times.insert(t.translation.times.begin(), t.translation.times.end());
        times.insert(t.rotation.times.begin(), t.rotation.times.end());
        times.insert(t.scale.times.begin(), t.scale.times.end());
    }
    return times;
}

using Case = std::tuple<const char*, const char*>;  // target character, clip file
class PabUpright : public ::testing::TestWithParam<Case> {};

TEST_P(PabUpright, EveryKeyTimeStandsUpright)
{
    const std::string dir = "ozz-animation/fbx/pab/";
    io::ImportResult target = io::importModel(test::model(dir + std::get<0>(GetParam())));
    ASSERT_TRUE(target.ok) << target.error;
    const io::ImportResult clips = io::importModel(test::model(dir + std::get<1>(GetParam())));
    ASSERT_TRUE(clips.ok) << clips.error;
    for (const std::string& name : target.rig.skeleton.names)
        EXPECT_EQ(name.find("$AssimpFbx$"), std::string::npos) << "helper node left in the skeleton: " << name;
    const std::size_t first = target.rig.clips.size();
    model::transferClips(clips.rig, target.rig);
    ASSERT_GT(target.rig.clips.size(), first);
    ASSERT_FALSE(target.rig.validate()) << *target.rig.validate();
    ASSERT_FALSE(target.rig.meshes.empty());

    model::PosePipeline pipeline(target.rig);
    const Stance rest = stanceOf(target.rig, pipeline, {});
    // The rest pose itself must pass what the clips are held to.
    ASSERT_GT(rest.head, rest.hips);
    ASSERT_GT(rest.hips, std::max(rest.leftFoot, rest.rightFoot));
    ASSERT_GT(rest.height, 100.f) << "a person in centimetres";

    for (std::size_t c = first; c < target.rig.clips.size(); ++c) {
        const anim::Clip& clip = target.rig.clips[c];
        const std::set<float> times = keyTimes(clip);
        ASSERT_GT(times.size(), 1u) << clip.name;
        std::size_t bad = 0;
        float lowest = INFINITY, highest = 0.f;
        for (float t : times) {
            const Stance s = stanceOf(target.rig, pipeline, {static_cast<int>(c), t});
            lowest = std::min(lowest, s.height / rest.height);
            highest = std::max(highest, s.height / rest.height);
            const bool upright = s.head > s.hips && s.hips > std::max(s.leftFoot, s.rightFoot) &&
                                 std::fabs(s.height - rest.height) < kHeightTolerance * rest.height;
            if (!upright && bad++ < 3)
                ADD_FAILURE() << "clip '" << clip.name << "' at " << t << " s: head " << s.head << ", hips " << s.hips
                              << ", feet " << s.leftFoot << "/" << s.rightFoot << ", height " << s.height
                              << " (rest " << rest.height << ")";
        }
        std::printf("  clip '%s' on %s: %zu key times, height %.3f to %.3f of rest\n", clip.name.c_str(),
                    std::get<0>(GetParam()), times.size(), lowest, highest);
        EXPECT_EQ(bad, 0u) << "clip '" << clip.name << "': " << bad << " of " << times.size() << " key times not upright";
    }
}

std::string caseName(const ::testing::TestParamInfo<Case>& p)
{
    auto stem = [](std::string f) { return f.substr(0, f.find('.')); };
    return stem(std::get<1>(p.param)) + "_on_" + stem(std::get<0>(p.param));
}

INSTANTIATE_TEST_SUITE_P(Pab, PabUpright,
                         ::testing::Combine(::testing::Values("arnaud.fbx", "skeleton.fbx"),
                                            ::testing::Values("walk.fbx", "run.fbx", "jog.fbx", "locomotions.fbx")),
                         caseName);

} // namespace
} // namespace marrow
