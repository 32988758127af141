// SPDX-License-Identifier: MIT
// Clip › Retarget From… through the editor (issue 40, label retarget): the
// dock's automatic map on Mixamo-, Unreal-, biped- and Blender-named
// skeletons, pairing and unpairing through its trees, a source that is no
// biped named as such, the preview (the character plays the carried clip,
// the source's bones beside it) and Bake as one undo entry that undo and
// redo take back and restore.
#include "tests/editor/editor_fixture.h"

#include "named_humanoid.h"
#include "shared_models.h"

#include "app/editor/editor_actions.h"
#include "app/editor/editor_docks.h"
#include "app/editor/retarget_dock.h"
#include "core/anim/sample_clip_job.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/retarget_preview.h"
#include "core/workspace/selection.h"
#include "widgets/retarget/bone_pair_trees.h"
#include "widgets/retarget/retarget_panel.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QUndoStack>

using namespace marrow;

namespace {

class RetargetDockTest : public test::EditorTest {
protected:
    void SetUp() override
    {
        test::EditorTest::SetUp();
        // The character made for transitions: thigh_L, shin_L, upperarm_L... and a walk.
        const QString character = app::bundledSamplePath(QStringLiteral("marrow_character.gltf"));
        ASSERT_FALSE(character.isEmpty());
        ASSERT_TRUE(window().openFile(character));
    }
    ws::RetargetPreview& preview() { return window().retargetPreview(); }
    ui::RetargetPanel& panel() { return *window().docks().retargetPanel; }

    // A source named in convention c, as Open… hands it over.
    void useSource(std::size_t c)
    {
        std::vector<std::string> ids;
        model::Rig source;
        source.skeleton = test::namedHumanoid(c, ids);
        source.clips.push_back(test::namedHumanoidClip(source.skeleton, ids));
        preview().setSource(std::move(source), QStringLiteral("generated.glb"));
        // The dock in front, as Clip › Retarget From… leaves it.
        window().docks().retarget->show();
        window().docks().retarget->raise();
        window().resizeDocks({window().docks().retarget}, {520}, Qt::Horizontal);
        QApplication::processEvents();
    }
    // Selects `target` in the character's tree and clicks Unpair.
    void unpairInTrees(const char* target)
    {
        const auto joint = window().document().rig().skeleton.find(target);
        ASSERT_TRUE(joint) << target;
        panel().trees()->setCurrentTarget(*joint);
        QTest::mouseClick(panel().unpairButton(), Qt::LeftButton);
    }
    // What the target tree shows beside a bone: the source bone it follows.
    QString followed(const char* target)
    {
        const auto joint = window().document().rig().skeleton.find(target);
        EXPECT_TRUE(joint) << target;
        const QList<QTreeWidgetItem*> items =
            panel().trees()->targetTree()->findItems(QString::fromUtf8(target), Qt::MatchExactly | Qt::MatchRecursive);
        return items.size() == 1 ? items.front()->text(1) : QStringLiteral("(no row)");
    }
};

} // namespace

TEST_F(RetargetDockTest, TheClipMenuShowsTheDock)
{
    QMenu* clipMenu = nullptr;
    for (QAction* a : window().menuBar()->actions())
        if (a->menu() && a->text().remove('&') == QStringLiteral("Clip"))
            clipMenu = a->menu();
    ASSERT_TRUE(clipMenu);
    EXPECT_TRUE(clipMenu->actions().contains(window().actions().retargetFrom));
    EXPECT_FALSE(window().docks().retarget->isVisible()) << "hidden until asked for";
    useSource(test::kMixamo);  // a source already chosen: the action asks for no file
    window().actions().retargetFrom->trigger();
    QApplication::processEvents();
    EXPECT_TRUE(window().docks().retarget->isVisible());
}

class RetargetConventions : public RetargetDockTest, public testing::WithParamInterface<std::size_t> {};

// The bundled character's bones (Blender-style, _L/_R) each follow the same bone of the source.
TEST_P(RetargetConventions, TheAutomaticMapPairsTheSameBones)
{
    useSource(GetParam());
    const auto name = [&](const char* id) {
        for (const test::NamedBone& b : test::kNamedHumanoid)
            if (std::string(b.id) == id)
                return QString::fromUtf8(b.names[GetParam()]);
        return QString();
    };
    EXPECT_EQ(followed("hips"), name("hips"));
    EXPECT_EQ(followed("thigh_L"), name("thighL"));
    EXPECT_EQ(followed("shin_R"), name("shinR"));
    EXPECT_EQ(followed("foot_L"), name("footL"));
    EXPECT_EQ(followed("upperarm_R"), name("armR"));
    EXPECT_EQ(followed("forearm_L"), name("forearmL"));
    EXPECT_EQ(followed("head"), name("head"));
    EXPECT_TRUE(panel().previewBox()->isEnabled());
    EXPECT_TRUE(panel().statusLabel()->text().contains(QStringLiteral("bones paired"))) << panel().statusLabel()->text().toStdString();
}
INSTANTIATE_TEST_SUITE_P(Names, RetargetConventions,
                         testing::Values(test::kMixamo, test::kUnreal, test::kBiped, test::kBlender));

TEST_F(RetargetDockTest, PairingAndUnpairingThroughTheTrees)
{
    useSource(test::kMixamo);
    ui::BonePairTrees* trees = panel().trees();
    const auto hand = window().document().rig().skeleton.find("hand_L");
    ASSERT_TRUE(hand);
    trees->setCurrentTarget(*hand);
    // Double-click the source's head: the hand now follows it.
    const QList<QTreeWidgetItem*> head = trees->sourceTree()->findItems("mixamorig:Head", Qt::MatchExactly | Qt::MatchRecursive);
    ASSERT_EQ(head.size(), 1);
    trees->sourceTree()->scrollToItem(head.front());
    QApplication::processEvents();  // laid out where it scrolled to
    ASSERT_TRUE(trees->sourceTree()->viewport()->rect().contains(trees->sourceTree()->visualItemRect(head.front()).center()));
    // A user's double-click: a click, then the second press arrives as a double-click.
    const QPoint at = trees->sourceTree()->visualItemRect(head.front()).center();
    QTest::mouseClick(trees->sourceTree()->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(trees->sourceTree()->viewport(), Qt::LeftButton, {}, at);
    EXPECT_EQ(followed("hand_L"), QStringLiteral("mixamorig:Head"));
    EXPECT_EQ(followed("head"), QStringLiteral("rest")) << "one source bone, one target: the head lost it";
    trees->setCurrentTarget(*hand);
    QTest::mouseClick(panel().unpairButton(), Qt::LeftButton);
    EXPECT_EQ(followed("hand_L"), QStringLiteral("rest"));
    EXPECT_FALSE(preview().map().sourceOf(*hand));
    QTest::mouseClick(panel().autoButton(), Qt::LeftButton);
    EXPECT_EQ(followed("hand_L"), QStringLiteral("mixamorig:LeftHand"));
}

// Save Map… then Load Map… gives the edited pairs and options back after
// Auto threw them away; a map naming a bone the character lacks is refused
// with its name, the map on screen untouched.
TEST_F(RetargetDockTest, AMapSavedAsJsonLoadsBack)
{
    useSource(test::kMixamo);
    unpairInTrees("hand_L");
    panel().followBox(model::RetargetChain::LeftArm)->setCurrentIndex(1);  // Local
    ASSERT_EQ(preview().options()[model::RetargetChain::LeftArm].follow, model::ChainOptions::Follow::Local);
    const QString path = m_stateDir.filePath(QStringLiteral("mixamo.json"));
    QString error;
    ASSERT_TRUE(app::saveRetargetMap(preview(), path, error)) << error.toStdString();
    const model::BoneMap edited = preview().map();
    QTest::mouseClick(panel().autoButton(), Qt::LeftButton);
    panel().followBox(model::RetargetChain::LeftArm)->setCurrentIndex(0);
    EXPECT_EQ(followed("hand_L"), QStringLiteral("mixamorig:LeftHand"));
    ASSERT_TRUE(app::loadRetargetMap(preview(), path, error)) << error.toStdString();
    EXPECT_EQ(preview().map().pairs, edited.pairs);
    EXPECT_EQ(followed("hand_L"), QStringLiteral("rest"));
    EXPECT_EQ(panel().followBox(model::RetargetChain::LeftArm)->currentIndex(), 1);
    // Hand-edited to name a bone this character lacks.
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    file.close();
    text.replace("\"thigh_L\"", "\"Thigh_Of_Nobody\"");
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
    file.close();
    EXPECT_FALSE(app::loadRetargetMap(preview(), path, error));
    EXPECT_TRUE(error.contains(QStringLiteral("Thigh_Of_Nobody"))) << error.toStdString();
    EXPECT_EQ(preview().map().pairs, edited.pairs);
}

TEST_F(RetargetDockTest, ASourceThatIsNoBipedIsNamedAndCannotBePreviewed)
{
    model::Rig tail;
    tail.skeleton.names = {"tail_01", "tail_02", "tail_03"};
    tail.skeleton.parents = {anim::kNoParent, 0, 1};
    tail.skeleton.rest.resize(3);
    tail.clips.emplace_back().name = "wag";
    preview().setSource(std::move(tail), QStringLiteral("tail.glb"));
    QApplication::processEvents();
    const QString status = panel().statusLabel()->text();
    EXPECT_TRUE(status.contains(QStringLiteral("tail.glb has no hips"))) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("left thigh"))) << status.toStdString();
    EXPECT_FALSE(panel().previewBox()->isEnabled());
    EXPECT_FALSE(panel().bakeButton()->isEnabled());
}

TEST_F(RetargetDockTest, ThePreviewPlaysTheCarriedClipWithTheSourceBeside)
{
    useSource(test::kUnreal);
    QTest::mouseClick(panel().previewBox(), Qt::LeftButton);
    ASSERT_TRUE(preview().isActive());
    window().playback().setTime(0.25);
    QApplication::processEvents();
    const anim::Skeleton& s = window().document().rig().skeleton;
    std::vector<math::Transform> want(s.size());
    ASSERT_TRUE((anim::SampleClipJob{&preview().result()->clip, 0.25, s.rest, {}, want, {}}.run()));
    const auto shown = window().evaluator().locals();
    ASSERT_EQ(shown.size(), s.size());
    const std::size_t thigh = static_cast<std::size_t>(*s.find("thigh_L"));
    EXPECT_LT(glm::length(glm::vec4(shown[thigh].rotation.x, shown[thigh].rotation.y, shown[thigh].rotation.z, shown[thigh].rotation.w) -
                          glm::vec4(want[thigh].rotation.x, want[thigh].rotation.y, want[thigh].rotation.z, want[thigh].rotation.w)),
              1e-5f);
    EXPECT_GT(glm::angle(shown[thigh].rotation * glm::inverse(s.rest[thigh].rotation)), 0.1f) << "the thigh swings";
    // The source's bones beside the character, a line pair per mapped bone.
    EXPECT_GE(window().viewport().guideLines().size(), 20u);
    QTest::mouseClick(panel().previewBox(), Qt::LeftButton);
    QApplication::processEvents();
    EXPECT_FALSE(preview().isActive());
    EXPECT_TRUE(window().viewport().guideLines().empty());
}

TEST_F(RetargetDockTest, BakeIsOneUndoEntryThatUndoAndRedoTakeBackAndRestore)
{
    useSource(test::kBiped);
    QTest::mouseClick(panel().previewBox(), Qt::LeftButton);
    const model::Rig& rig = window().document().rig();
    const std::size_t clips = rig.clips.size();
    QUndoStack* undo = window().document().undoStack();
    const int entries = undo->count();
    const anim::Clip carried = preview().result()->clip;
    QTest::mouseClick(panel().bakeButton(), Qt::LeftButton);
    ASSERT_EQ(rig.clips.size(), clips + 1);
    EXPECT_EQ(undo->count(), entries + 1);
    EXPECT_EQ(rig.clips.back().name, "stride (retargeted)");
    EXPECT_EQ(rig.clips.back().tracks.size(), carried.tracks.size());
    EXPECT_EQ(rig.clips.back().tracks.front().rotation.size(), carried.tracks.front().rotation.size());
    EXPECT_EQ(window().selection().activeClip(), static_cast<int>(clips)) << "the baked clip is active";
    EXPECT_FALSE(preview().isActive()) << "the character plays its own new clip";
    EXPECT_TRUE(undo->text(undo->index() - 1).startsWith(QStringLiteral("Retarget stride (retargeted) from")));
    // The map it was made with is kept with the document, in the same entry.
    ASSERT_EQ(window().document().boneMaps().count("generated.glb"), 1u);
    undo->undo();
    EXPECT_EQ(rig.clips.size(), clips);
    EXPECT_TRUE(window().document().boneMaps().empty());
    undo->redo();
    ASSERT_EQ(rig.clips.size(), clips + 1);
    EXPECT_EQ(rig.clips.back().tracks.size(), carried.tracks.size());
    EXPECT_EQ(window().document().boneMaps().count("generated.glb"), 1u);
}

// A map edited, baked and saved comes back with the document: the same
// source opened again pairs its bones as they were, not as proposed.
TEST_F(RetargetDockTest, TheMapBakedWithComesBackWithTheDocument)
{
    useSource(test::kMixamo);
    unpairInTrees("hand_L");
    QTest::mouseClick(panel().bakeButton(), Qt::LeftButton);
    const QString path = m_stateDir.filePath(QStringLiteral("kept.marrow"));
    ASSERT_TRUE(window().files().saveTo(path)) << window().files().lastError().toStdString();
    ASSERT_TRUE(window().openFile(path));
    useSource(test::kMixamo);
    EXPECT_TRUE(preview().mapFromDocument());
    EXPECT_EQ(followed("hand_L"), QStringLiteral("rest"));
    EXPECT_TRUE(panel().statusLabel()->text().contains(QStringLiteral("kept with this document")));
    QTest::mouseClick(panel().autoButton(), Qt::LeftButton);
    EXPECT_EQ(followed("hand_L"), QStringLiteral("mixamorig:LeftHand"));
}

// Keys: Source's keys bakes the clip keyed where the source is (11 keys a
// second apart from namedHumanoidClip), not at every frame.
TEST_F(RetargetDockTest, SourceKeysBakeASparseClip)
{
    useSource(test::kBlender);
    const std::size_t everyFrame = preview().result()->clip.tracks.front().rotation.size();
    panel().keysBox()->setCurrentIndex(1);
    ASSERT_TRUE(preview().options().atSourceKeys);
    const std::size_t sparse = preview().result()->clip.tracks.front().rotation.size();
    EXPECT_EQ(sparse, 11u);
    EXPECT_GT(everyFrame, sparse);
    QTest::mouseClick(panel().bakeButton(), Qt::LeftButton);
    EXPECT_EQ(window().document().rig().clips.back().tracks.front().rotation.size(), sparse);
}

TEST_F(RetargetDockTest, PabsRunFromItsFileOntoTheCharacter)
{
    const std::string run = test::model("ozz-animation/fbx/pab/run.fbx");
    if (!std::filesystem::exists(run))
        GTEST_SKIP() << "pab is not in ../shared/models";
    ASSERT_TRUE(app::startRetarget(window().docks(), &preview(), &window().files(), QString::fromStdString(run)))
        << preview().error().toStdString();
    EXPECT_TRUE(window().docks().retarget->isVisible());
    QTest::qWait(50);
    EXPECT_FALSE(window().docks().retarget->visibleRegion().isEmpty()) << "in front of the docks it is tabbed with";
    EXPECT_TRUE(preview().isActive());
    EXPECT_TRUE(panel().clipBox()->currentText().size() > 0);
    // Plant is on for the legs by default; unticking one leg's carries that leg by direction alone.
    QCheckBox* plant = panel().ikBox(model::RetargetChain::LeftLeg);
    EXPECT_TRUE(plant->isChecked());
    QTest::mouseClick(plant, Qt::LeftButton);
    EXPECT_FALSE(preview().options()[model::RetargetChain::LeftLeg].ik);
    EXPECT_TRUE(preview().options()[model::RetargetChain::RightLeg].ik);
    ASSERT_TRUE(preview().result());
    // An arm's Pin is off by default; ticked, the status line counts the frames its hand is pinned.
    QCheckBox* pin = panel().ikBox(model::RetargetChain::LeftArm);
    EXPECT_TRUE(pin->isVisible());
    EXPECT_EQ(pin->text(), QStringLiteral("Pin"));
    EXPECT_FALSE(pin->isChecked());
    EXPECT_FALSE(panel().statusLabel()->text().contains(QStringLiteral("hands pinned")));
    QTest::mouseClick(pin, Qt::LeftButton);
    EXPECT_TRUE(preview().options()[model::RetargetChain::LeftArm].ik);
    EXPECT_FALSE(preview().options()[model::RetargetChain::RightArm].ik);
    EXPECT_TRUE(panel().statusLabel()->text().contains(QStringLiteral("hands pinned on")))
        << panel().statusLabel()->text().toStdString();
    EXPECT_FALSE(panel().ikBox(model::RetargetChain::Spine)->isVisible()) << "a spine has nothing to pin";
}

TEST_F(RetargetDockTest, TheTimelineNamesThePreviewAndChoosingAClipLeavesIt)
{
    useSource(test::kMixamo);
    ui::TimelineWidget& timeline = *window().docks().timelineWidget;
    const int active = window().selection().activeClip();
    ASSERT_GE(active, 0);
    QTest::mouseClick(panel().previewBox(), Qt::LeftButton);
    ASSERT_TRUE(preview().isActive());
    QApplication::processEvents();
    // The chooser names what plays, with no clip of the document chosen; the ruler spans its length.
    EXPECT_EQ(timeline.clipChooser()->currentIndex(), -1);
    EXPECT_TRUE(timeline.clipChooser()->placeholderText().contains(QStringLiteral("generated.glb")))
        << timeline.clipChooser()->placeholderText().toStdString();
    EXPECT_FALSE(timeline.keyTrackView()->isVisible()) << "the active clip's keys are not what plays";
    EXPECT_NEAR(timeline.geometry().visibleEnd() - timeline.geometry().visibleStart(),
                preview().result()->clip.duration, 0.25 * preview().result()->clip.duration);
    // Choosing the clip that was active (no change of clip) still leaves the preview.
    timeline.clipChooser()->setCurrentIndex(active);
    emit timeline.clipChooser()->activated(active);
    QApplication::processEvents();
    EXPECT_FALSE(preview().isActive());
    EXPECT_EQ(timeline.clipChooser()->currentIndex(), active);
    EXPECT_TRUE(timeline.previewing().isEmpty());
    EXPECT_TRUE(timeline.keyTrackView()->isVisible());
}
