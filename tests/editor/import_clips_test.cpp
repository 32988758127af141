// SPDX-License-Identifier: MIT
// File › Import Clips: the pab walk, run and jog brought onto arnaud.fbx in
// the editor play upright (the helper chains are folded on import), as one
// undo entry each import; several files at once are one entry too, and a
// clip whose name is taken comes in under its file's name.
#include "app/editor/document_controller.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/timeline/timeline_widget.h"

#include <QComboBox>

#include <set>

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

QString pab(const char* file)
{
    return QString::fromStdString(model(std::string("ozz-animation/fbx/pab/") + file));
}

std::vector<std::string> clipNames(app::MainWindow& w)
{
    std::vector<std::string> names;
    for (const anim::Clip& clip : w.document().rig().clips)
        names.push_back(clip.name);
    return names;
}

TEST_F(EditorTest, ClipsImportedUnderATakenNameGetTheirFilesName)
{
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/fbx/pab/arnaud.fbx"))));
    ASSERT_TRUE(window().document().rig().clips.empty());
    const int entries = window().document().undoStack()->count();
    // Two files in one go (as the file dialog hands them over): walk.fbx's
    // "walk", then locomotions.fbx's jog, run and a second "walk".
    ASSERT_TRUE(window().importClips(QStringList{pab("walk.fbx"), pab("locomotions.fbx")}))
        << window().files().lastError().toStdString();
    EXPECT_EQ(clipNames(window()), (std::vector<std::string>{"walk", "jog", "run", "locomotions"}));
    // One action, one undo entry, as a Blender import of several files.
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
    EXPECT_EQ(window().document().undoStack()->undoText(), QStringLiteral("Import Clips from 2 files"));
    EXPECT_EQ(window().selection().activeClip(), 0);
    // The same file again: its name is taken too, so Blender's numbering.
    ASSERT_TRUE(window().importClips(pab("walk.fbx")));
    EXPECT_EQ(clipNames(window()).back(), "walk.001");
    EXPECT_EQ(window().document().undoStack()->undoText(), QStringLiteral("Import Clips from walk.fbx"));
    // The clip chooser can tell every clip apart.
    QComboBox* chooser = window().timeline().clipChooser();
    std::set<QString> shown;
    for (int i = 0; i < chooser->count(); ++i)
        shown.insert(chooser->itemText(i));
    EXPECT_EQ(shown.size(), static_cast<std::size_t>(chooser->count()));
    EXPECT_GE(chooser->count(), 5);
    window().document().undoStack()->undo();
    window().document().undoStack()->undo();
    EXPECT_TRUE(window().document().rig().clips.empty());
}

TEST_F(EditorTest, AFileThatFailsDoesNotStopTheOthers)
{
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/fbx/pab/arnaud.fbx"))));
    const int entries = window().document().undoStack()->count();
    EXPECT_TRUE(window().importClips(QStringList{pab("no_such_file.fbx"), pab("run.fbx")}));
    if (QWidget* dialog = window().files().errorDialog())
        dialog->close();
    EXPECT_EQ(clipNames(window()), (std::vector<std::string>{"run"}));
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
    // Nothing readable: no empty undo entry.
    EXPECT_FALSE(window().importClips(QStringList{pab("no_such_file.fbx")}));
    if (QWidget* dialog = window().files().errorDialog())
        dialog->close();
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
}

} // namespace
} // namespace marrow::test
