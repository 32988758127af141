// SPDX-License-Identifier: MIT
// The every-model matrix, Edit Skeleton (issue 36): on every model with
// bones, each edit of the Skeleton menu as its action builds it (core/model's
// skeleton edits pushed as one RestructureRigCommand) and Rename: Add Joint,
// Extrude mirrored, Move to, Subdivide, Parent (keep transform), Delete,
// Symmetrize; then Apply Pose as Rest. After each the rig is valid, the
// character stands at rest exactly where it stood (skeleton edits keep
// skinned meshes where they are, as Blender's), Apply Pose as Rest shows
// the pose it applied, and the edit is one undo entry that undoes byte for
// byte.
#include "real_bench.h"
#include "real_invariants.h"
#include "real_poses.h"

#include "core/commands/rename_joint_command.h"
#include "core/commands/restructure_rig_command.h"
#include "core/model/apply_pose_as_rest.h"
#include "core/model/joint_name_mirror.h"
#include "core/model/skeleton_edit.h"
#include "core/model/skeleton_edit_tools.h"
#include "pose_worlds.h"

#include <cstdio>
#include <functional>

using namespace marrow;

namespace {

class SkeletonMatrix : public ::testing::TestWithParam<test::RealModel> {};

struct Edit {
    const char* name;
    std::function<std::optional<std::string>(model::Rig&)> apply;  // nullopt: done, else why not
};

// The bone the edits work on: a weighted skin joint with a parent and a
// child, the one with the most descendants (a spine, an upper arm).
model::JointIndex editedBone(const model::Rig& rig)
{
    const anim::Skeleton& s = rig.skeleton;
    const std::vector<std::uint8_t> bones = rig.boneMask();
    std::vector<int> descendants(s.size(), 0);
    for (std::size_t j = s.size(); j-- > 0;)
        if (s.parents[j] >= 0)
            descendants[static_cast<std::size_t>(s.parents[j])] += descendants[j] + 1;
    model::JointIndex best = -1;
    for (std::size_t j = 0; j < s.size(); ++j)
        if (bones[j] && s.parents[j] >= 0 && descendants[j] > 0 &&
            (best < 0 || descendants[j] > descendants[static_cast<std::size_t>(best)]))
            best = static_cast<model::JointIndex>(j);
    return best;
}

// A bone without children (a finger tip, an end joint), -1 when none.
model::JointIndex leafBone(const model::Rig& rig, model::JointIndex not_)
{
    const anim::Skeleton& s = rig.skeleton;
    const std::vector<std::uint8_t> bones = rig.boneMask();
    std::vector<int> children(s.size(), 0);
    for (std::size_t j = 0; j < s.size(); ++j)
        if (s.parents[j] >= 0)
            ++children[static_cast<std::size_t>(s.parents[j])];
    for (std::size_t j = s.size(); j-- > 0;)
        if (bones[j] && children[j] == 0 && s.parents[j] >= 0 && s.parents[j] != not_ &&
            static_cast<model::JointIndex>(j) != not_)
            return static_cast<model::JointIndex>(j);
    return -1;
}

} // namespace

TEST_P(SkeletonMatrix, EverySkeletonEditKeepsTheRestAndUndoesExactly)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    doc::Document& d = b.document;
    const model::Rig opened = b.rig();
    const model::JointIndex bone = editedBone(opened);
    if (bone < 0)
        return;  // no bone with a parent and a child: nothing the Skeleton menu would edit here
    const std::string openedBytes = test::bytesOf(d);
    const int base = d.undoStack()->index();
    const std::vector<glm::vec3> rest = test::posedPoints(opened, {}, true);
    const auto worlds = test::worldsOf(opened.skeleton, opened.skeleton.rest);
    const glm::vec3 head(worlds[static_cast<std::size_t>(bone)][3]);
    const float size = std::max(test::diagonalOf(rest), 1e-3f);
    const model::JointIndex leaf = leafBone(opened, bone);
    std::vector<anim::JointIndex> sided;
    for (std::size_t j = 0; j < opened.skeleton.size(); ++j)
        if (model::mirroredJointName(opened.skeleton.names[j]))
            sided.push_back(static_cast<anim::JointIndex>(j));

    const glm::vec3 up(0.f, .05f * size, 0.f);
    const std::vector<Edit> edits = {
        {"Add Joint", [&](model::Rig& r) { return model::addJointAt(r, bone, head + up, "matrix") ? std::nullopt : std::optional<std::string>("refused"); }},
        {"Extrude Mirrored", [&](model::Rig& r) { return model::extrudeMirrored(r, bone, head + up) ? std::nullopt : std::optional<std::string>("refused"); }},
        {"Move Joint", [&](model::Rig& r) { return model::moveJointTo(r, bone, head + up, true); }},
        {"Move Joint Alone", [&](model::Rig& r) { return model::moveJointTo(r, bone, head + up, false); }},
        {"Subdivide", [&](model::Rig& r) { return model::subdivideJoint(r, bone, 2); }},
        {"Parent Keep Transform", [&](model::Rig& r) { return leaf < 0 ? std::optional<std::string>("no leaf") : model::reparentJoint(r, leaf, bone); }},
        {"Delete Joint", [&](model::Rig& r) { return model::deleteJoint(r, bone); }},
        {"Symmetrize", [&](model::Rig& r) { return sided.empty() ? std::optional<std::string>("no sides") : model::symmetrize(r, sided); }},
    };
    int done = 0;
    for (const Edit& edit : edits) {
        const std::string what = b.label + ": " + edit.name;
        model::Rig rig = d.rig();
        const std::optional<std::string> refused = edit.apply(rig);
        if (refused) {
            EXPECT_FALSE(refused->empty()) << what << ": a refusal says why";
            continue;
        }
        EXPECT_FALSE(rig.validate().has_value()) << what << ": " << rig.validate().value_or("");
        test::expectOneUndoEntry(
            d, [&] { d.undoStack()->push(new cmd::RestructureRigCommand(&d, std::move(rig), QString::fromStdString(what))); },
            what);
        EXPECT_LT(test::relativeGap(rest, test::posedPoints(d.rig(), {}, true)), 1e-5f)
            << what << ": the character moved at rest (Rest Position must show what it showed)";
        ++done;
        test::undoTo(d, base, openedBytes, what);
    }

    {
        const std::string what = b.label + ": Rename";
        test::expectOneUndoEntry(
            d, [&] { d.undoStack()->push(new cmd::RenameJointCommand(&d, bone, "matrix renamed")); }, what);
        EXPECT_EQ(d.rig().skeleton.names[static_cast<std::size_t>(bone)], "matrix renamed") << what;
        test::undoTo(d, base, openedBytes, what);
    }

    // Apply Pose as Rest at the first clip's middle: the new rest shows that pose.
    if (!opened.clips.empty()) {
        const std::string what = b.label + ": Apply Pose as Rest";
        model::PosePipeline pipeline(opened);
        const model::PoseRequest mid{.clip = 0, .time = .5 * opened.clips[0].duration};
        ASSERT_TRUE(pipeline.evaluate(mid));
        const std::vector<math::Transform> pose(pipeline.locals().begin(), pipeline.locals().end());
        // The pose's bones, without the clip's morph weights (the rest keeps the defaults).
        const std::vector<glm::vec3> posed = test::posedPoints(opened, {.locals = pose});
        model::Rig rig = opened;
        if (!model::applyPoseAsRest(rig, pose)) {
            test::expectOneUndoEntry(
                d, [&] { d.undoStack()->push(new cmd::RestructureRigCommand(&d, std::move(rig), QStringLiteral("Apply Pose as Rest Pose"))); },
                what);
            EXPECT_LT(test::relativeGap(posed, test::posedPoints(d.rig())), 1e-4f)
                << what << ": the new rest does not show the pose applied";
            test::undoTo(d, base, openedBytes, what);
        }
    }
    std::printf("[real skeleton] %-60s on %s: %d of %zu edits applied\n", b.label.c_str(),
                opened.skeleton.names[static_cast<std::size_t>(bone)].c_str(), done, edits.size());
}

INSTANTIATE_TEST_SUITE_P(Real, SkeletonMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
