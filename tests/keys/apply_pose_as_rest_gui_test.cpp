// SPDX-License-Identifier: MIT
// Pose › Apply Pose as Rest Pose (issue 22) in the editor: with a bone
// posed by hand, the action makes the pose on screen the rest pose in one
// undo entry (the pose edit dropped with it); the meshes at rest are now
// where the pose had them; Ctrl+Z gives the document back byte for byte.
#include "tests/document/document_fixture.h"
#include "tests/editor/editor_fixture.h"

#include "core/commands/set_joint_pose_command.h"
#include "core/model/pose_pipeline.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <QAction>
#include <QMenuBar>

using namespace marrow;

namespace {

using ApplyPoseAsRestGuiTest = test::EditorTest;

// Every mesh's positions in a pose request on a rig.
std::vector<std::vector<glm::vec3>> meshesAt(const model::Rig& rig, const model::PoseRequest& request)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate(request));
    std::vector<std::vector<glm::vec3>> out;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        out.emplace_back(rig.meshes[m].vertexCount());
        if (rig.meshes[m].skinned()) {
            EXPECT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, out.back(), {}));
        }
    }
    return out;
}

} // namespace

TEST_F(ApplyPoseAsRestGuiTest, ThePoseOnScreenBecomesTheRestInOneEntry)
{
    doc::Document& d = window().document();
    const model::Rig& rig = d.rig();
    window().selection().setActiveClip(-1);  // the rest pose, plus our edit
    const auto thigh = rig.skeleton.find("thigh_L");
    ASSERT_TRUE(thigh);
    math::Transform bent = rig.skeleton.rest[static_cast<std::size_t>(*thigh)];
    bent.rotation = glm::normalize(bent.rotation * glm::angleAxis(0.6f, glm::vec3(1.f, 0.f, 0.f)));
    d.undoStack()->push(new cmd::SetJointPoseCommand(&d, *thigh, bent, d.beginInteraction()));
    QApplication::processEvents();
    const std::vector<math::Transform> pose(window().evaluator().locals().begin(), window().evaluator().locals().end());
    std::vector<model::JointOverride> overrides{{*thigh, bent}};
    model::PoseRequest posed;
    posed.overrides = overrides;
    const auto shown = meshesAt(rig, posed);
    const std::string before = test::bytesOf(d);
    const int entries = d.undoStack()->count();

    QAction* apply = window().findChild<QAction*>(QStringLiteral("apply_pose_as_rest"));
    ASSERT_NE(apply, nullptr);
    apply->trigger();
    QApplication::processEvents();
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_EQ(d.undoStack()->undoText(), "Apply Pose as Rest Pose");
    EXPECT_TRUE(d.poseOverrides().empty()) << "the pose is the rest now";
    EXPECT_EQ(d.rig().skeleton.rest[static_cast<std::size_t>(*thigh)].rotation,
              glm::normalize(pose[static_cast<std::size_t>(*thigh)].rotation));
    const auto atRest = meshesAt(d.rig(), {});
    ASSERT_EQ(atRest.size(), shown.size());
    for (std::size_t m = 0; m < shown.size(); ++m) {
        if (!d.rig().meshes[m].skinned())
            continue;
        float worst = 0.f;
        for (std::size_t v = 0; v < shown[m].size(); ++v)
            worst = std::max(worst, glm::length(atRest[m][v] - shown[m][v]));
        EXPECT_LT(worst, 1e-4f) << "mesh " << m;
    }
    d.undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(d) == before);
}
