// SPDX-License-Identifier: MIT
// Root motion blended as velocity on real locomotion (issue 21): baking
// pab's walk into its run with Match root (exit 1.1 s, 8 frames,
// smoothstep), and the bundled walk into its run, the root's ground speed at
// every frame of the blend lies between the two clips' speeds at the times
// sampled (5 % either way: no lunge; before issue 21 pab's reached 27 cm a
// frame against the run's 16), and where the clips travel (pab's; the
// bundled ones walk in place) the baked root path never steps back.
#include "cli_pose_runner.h"

#include "core/anim/root_match.h"
#include "core/io/model_import.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

using namespace marrow;

namespace {

struct Case {
    std::vector<std::string> input;  // model and --clips-from
    double exit = 0.0, duration = 0.0;
};

const anim::Clip& velocityClipNamed(const model::Rig& rig, const std::string& name)
{
    const int k = rig.findClip(name);
    EXPECT_GE(k, 0) << name;
    return rig.clips[static_cast<std::size_t>(std::max(k, 0))];
}

void expectNoLunge(const Case& c, const std::string& label)
{
    const auto out = test::scratchFile("marrow_cli_root_velocity", label + ".glb");
    std::vector<std::string> args{test::cliExecutable(), "transition"};
    args.insert(args.end(), c.input.begin(), c.input.end());
    args.insert(args.end(), {"--from", "walk", "--to", "run", "--exit", test::fullPrecision(c.exit), "--duration",
                             test::fullPrecision(c.duration), "--curve", "smoothstep", "--match-root", "-o",
                             out.string()});
    const test::ProcessResult r = test::runProcess(args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const io::ImportResult baked = io::importModel(out.string());
    ASSERT_TRUE(baked.ok) << baked.error;
    const anim::Skeleton& s = baked.rig.skeleton;
    const anim::Clip &walk = velocityClipNamed(baked.rig, "walk"), &run = velocityClipNamed(baked.rig, "run"),
                     &blend = velocityClipNamed(baked.rig, "walk to run");
    const anim::JointIndex root = anim::rootMotionJoint(s, blend);
    ASSERT_GE(root, 0);
    const glm::vec3 up(0.f, 1.f, 0.f);  // the root's parent is unrotated in both files
    const auto ground = [&](const anim::Clip& clip, double t) {
        return anim::alongTheGround(anim::jointTranslationAt(s, clip, t, root), up);
    };
    const double frame = 1.0 / 30.0;
    const glm::vec3 travel = ground(blend, blend.duration) - ground(blend, 0.0);
    const float tolerance = 1e-4f * std::max(1.f, glm::length(travel));
    // An in-place walk's root only sways: no path to step back along.
    const bool travels = anim::clipTravels(s, walk) || anim::clipTravels(s, run);
    EXPECT_EQ(travels, label == "pab");
    int checked = 0;
    for (int k = 1; k * frame <= blend.duration + 1e-9; ++k) {
        const double t = k * frame, before = t - frame;
        const glm::vec3 step = ground(blend, t) - ground(blend, before);
        if (travels) {
            EXPECT_GE(glm::dot(step, travel), -tolerance * glm::length(travel)) << label << ": a step back at " << t;
        }
        if (before < c.exit - 1e-9 || t > c.exit + c.duration + 1e-9)
            continue;
        // The two clips' own speeds over the same frame: A at t, B at its
        // offset (0) + t - e. Travelling: forward speeds, bounded both ways;
        // in place the root only sways (the sides' sways may cancel), so
        // only the upper bound means something.
        const glm::vec3 stepA = ground(walk, t) - ground(walk, before);
        const glm::vec3 stepB = ground(run, t - c.exit) - ground(run, std::max(0.0, before - c.exit));
        const glm::vec3 forward = travels ? glm::normalize(travel) : glm::vec3(0.f);
        const auto speed = [&](const glm::vec3& d) { return travels ? glm::dot(d, forward) : glm::length(d); };
        const float v = speed(step), va = speed(stepA), vb = speed(stepB);
        if (travels) {
            EXPECT_GE(v, 0.95f * std::min(va, vb) - tolerance) << label << " at " << t << ": " << va << " " << vb;
        }
        EXPECT_LE(v, 1.05f * std::max(va, vb) + tolerance) << label << " at " << t << ": " << va << " " << vb;
        ++checked;
    }
    EXPECT_GE(checked, 7) << label << ": every frame of the blend";
    std::filesystem::remove(out);
}

} // namespace

TEST(CliRootVelocity, PabWalkIntoRunHasNoLunge)
{
    const std::string pab = test::model("ozz-animation/fbx/pab");
    expectNoLunge({{pab + "/arnaud.fbx", "--clips-from", pab + "/walk.fbx", "--clips-from", pab + "/run.fbx"},
                   1.1, 8.0 / 30.0},
                  "pab");
}

TEST(CliRootVelocity, BundledWalkIntoRunHasNoLunge)
{
    const std::string bundled =
        (std::filesystem::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "resources/samples/marrow_character.gltf")
            .string();
    expectNoLunge({{bundled}, 0.8, 0.3}, "bundled");
}
