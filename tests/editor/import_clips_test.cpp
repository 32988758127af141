// SPDX-License-Identifier: MIT
// File › Import Clips: the pab walk, run and jog brought onto arnaud.fbx in
// the editor play upright (the helper chains are folded on import), as one
// undo entry each import.
#include "app/editor/document_controller.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "shared_models.h"

namespace marrow::test {
namespace {

float worldY(app::MainWindow& w, const char* joint)
{
    const auto j = w.document().rig().skeleton.find(joint);
    EXPECT_TRUE(j.has_value()) << joint;
    return j ? w.evaluator().worlds()[static_cast<std::size_t>(*j)][3].y : 0.f;
}

TEST_F(EditorTest, ThePabWalkImportedOntoArnaudPlaysUpright)
{
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/fbx/pab/arnaud.fbx"))));
    const float restHead = worldY(window(), "Head");
    for (const char* clip : {"walk.fbx", "run.fbx", "jog.fbx"}) {
        SCOPED_TRACE(clip);
        const int entries = window().document().undoStack()->count();
        const std::size_t clips = window().document().rig().clips.size();
        ASSERT_TRUE(window().importClips(QString::fromStdString(model(std::string("ozz-animation/fbx/pab/") + clip))))
            << window().files().lastError().toStdString();
        EXPECT_EQ(window().document().rig().clips.size(), clips + 1);
        EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
        EXPECT_TRUE(window().document().undoStack()->text(entries).startsWith(QStringLiteral("Import Clips from ")));
        EXPECT_EQ(window().selection().activeClip(), static_cast<int>(clips));
        const double duration = window().playback().duration();
        ASSERT_GT(duration, 0.0);
        for (double t = 0.0; t <= duration; t += duration / 8.0) {
            window().playback().setTime(t);
            const float head = worldY(window(), "Head"), hips = worldY(window(), "Hips");
            const float foot = std::min(worldY(window(), "LeftFoot"), worldY(window(), "RightFoot"));
            EXPECT_GT(head, hips) << "t " << t;
            EXPECT_GT(hips, foot) << "t " << t;
            EXPECT_NEAR(head, restHead, 0.2f * restHead) << "t " << t;  // standing, not lying down
        }
    }
    // Undo takes the clips away again, one import at a time.
    window().document().undoStack()->undo();
    EXPECT_EQ(window().document().rig().clips.size(), 2u);
}

} // namespace
} // namespace marrow::test
