// SPDX-License-Identifier: MIT
// Issue 36 item 7: reopening a document showed its first clip at frame 0, not
// the clip being edited. A .marrow now keeps the active clip, the time and
// the mode (doc::ViewState); saving them is no edit (nothing modified), and a
// pose saved there comes back instead of being dropped by the move.
#include "app/editor/document_controller.h"
#include "app/editor/skeleton_edit_mode.h"
#include "core/commands/set_joint_pose_command.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <QAction>

namespace marrow::test {
namespace {

class ReopenViewStateTest : public EditorTest {
protected:
    QString saved(const char* name)
    {
        const QString path = m_stateDir.filePath(QString::fromLatin1(name));
        EXPECT_TRUE(window().files().saveTo(path)) << window().files().lastError().toStdString();
        EXPECT_FALSE(window().document().isModified()) << "the view state is no edit";
        return path;
    }
    // Another file in between, so nothing is left over from before the save.
    void openSomethingElse()
    {
        ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"))));
        EXPECT_EQ(window().selection().activeClip(), 0);
        EXPECT_EQ(window().playback().time(), 0.0);
    }
    const ui::ViewportTool* activeTool() { return window().viewport().tools().activeTool(); }
};

TEST_F(ReopenViewStateTest, TheSecondClipAtFrame12InWeightPaintComesBack)
{
    ASSERT_GE(window().document().rig().clips.size(), 2u);
    window().selection().setActiveClip(1);
    window().playback().setFrame(12);
    const double time = window().playback().time();
    ASSERT_GT(time, 0.0);
    ASSERT_TRUE(window().viewport().tools().setActiveTool(&window().brushTool()));
    EXPECT_FALSE(window().document().isModified()) << "switching clip, frame and mode edits nothing";
    const QString path = saved("clip2_frame12.marrow");

    openSomethingElse();
    ASSERT_TRUE(window().viewport().tools().setActiveTool(window().poseMode().tool));
    ASSERT_TRUE(window().openFile(path));
    EXPECT_EQ(window().selection().activeClip(), 1);
    EXPECT_EQ(window().playback().frame(), 12);
    EXPECT_EQ(window().playback().time(), time);
    EXPECT_EQ(activeTool(), &window().brushTool()) << "Weight Paint again";
    EXPECT_FALSE(window().document().isModified());
    EXPECT_EQ(window().document().viewState().clip, 1);
}

TEST_F(ReopenViewStateTest, EditSkeletonAndPoseComeBackToo)
{
    QAction* editSkeleton = window().skeletonMode().toggle;
    window().selection().setActiveClip(2);
    window().playback().setFrame(5);
    editSkeleton->setChecked(true);
    const QString skeleton = saved("edit_skeleton.marrow");
    editSkeleton->setChecked(false);
    ASSERT_TRUE(window().viewport().tools().setActiveTool(&window().brushTool()));
    window().selection().setActiveClip(0);
    const QString pose = saved("pose.marrow");  // clip 0, frame 5, Weight Paint: still not the default

    openSomethingElse();
    ASSERT_TRUE(window().openFile(skeleton));
    EXPECT_TRUE(editSkeleton->isChecked());
    EXPECT_EQ(activeTool(), window().poseMode().tool);
    EXPECT_EQ(window().selection().activeClip(), 2);
    EXPECT_EQ(window().playback().frame(), 5);
    ASSERT_TRUE(window().openFile(pose));
    EXPECT_FALSE(editSkeleton->isChecked()) << "the saved mode leaves Edit Skeleton";
    EXPECT_EQ(activeTool(), &window().brushTool());
    EXPECT_EQ(window().selection().activeClip(), 0);
    EXPECT_EQ(window().playback().frame(), 5);
}

TEST_F(ReopenViewStateTest, APoseSavedMidClipIsNotDroppedOnReopen)
{
    window().selection().setActiveClip(1);
    window().playback().setFrame(12);
    const auto joint = window().document().rig().skeleton.find("head");
    ASSERT_TRUE(joint.has_value());
    math::Transform posed = window().evaluator().locals()[static_cast<std::size_t>(*joint)];
    posed.translation.x += 0.25f;
    doc::Document& document = window().document();
    document.undoStack()->push(new cmd::SetJointPoseCommand(&document, *joint, posed, document.beginInteraction()));
    ASSERT_EQ(window().document().poseOverrides().size(), 1u);
    const QString path = saved("posed_mid_clip.marrow");

    openSomethingElse();
    ASSERT_TRUE(window().openFile(path));
    EXPECT_EQ(window().playback().frame(), 12);
    ASSERT_EQ(window().document().poseOverrides().size(), 1u) << "moving to the saved frame is no time change";
    EXPECT_FLOAT_EQ(window().evaluator().locals()[static_cast<std::size_t>(*joint)].translation.x, posed.translation.x);
    EXPECT_FALSE(window().document().isModified());
}

} // namespace
} // namespace marrow::test
