// SPDX-License-Identifier: MIT
// The workspace's view state (brush, key channels, auto-key, the Transitions
// dock's display options, the timeline's editor) survives a restart: one
// window changes it and closes, a second one on the same settings shows it.
#include "app/editor/editor_docks.h"
#include "app/editor/editor_options.h"
#include "app/editor/key_actions.h"
#include "app/editor/main_window.h"
#include "core/document/document.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/transition_preview.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/transitions/transitions_panel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

namespace marrow::test {
namespace {

class ViewSettingsPersistTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_stateDir.isValid());
        ASSERT_TRUE(m_configDir.isValid());
        // QSettings() goes to the temporary folder, never the user's file.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_configDir.path());
    }
    void TearDown() override
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                           QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation));
    }

    // A window that keeps its settings, as the app's; shown, with the sample open.
    std::unique_ptr<app::MainWindow> openWindow()
    {
        auto window = std::make_unique<app::MainWindow>(m_stateDir.path(), true);
        window->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        EXPECT_TRUE(window->openFile(app::bundledSamplePath()));
        QApplication::processEvents();
        return window;
    }
    static void close(std::unique_ptr<app::MainWindow>& window)
    {
        window->document().undoStack()->setClean();
        window->close();
        window.reset();
    }

    QTemporaryDir m_stateDir;
    QTemporaryDir m_configDir;
};

skin::BrushSettings changedBrush()
{
    skin::BrushSettings s;
    s.mode = skin::BrushMode::Subtract;
    s.weight = 0.35f;
    s.radius = 80.f;
    s.strength = 0.6f;
    s.falloff = skin::FalloffPreset::Sharp;
    s.falloffShape = skin::FalloffShape::Projected;
    s.spacing = 0.25f;
    s.frontFacesOnly = false;
    s.accumulate = true;
    s.autoNormalize = false;
    s.xMirror = true;
    return s;
}

TEST_F(ViewSettingsPersistTest, ChangedViewStateComesBackInTheNextWindow)
{
    auto first = openWindow();
    ASSERT_NE(first->brushState().settings(), changedBrush());
    first->brushState().setSettings(changedBrush());
    first->brushState().setMirrorMode(model::MirrorPlaneMode::AxisY);
    first->brushState().setShowZeroWeights(true);
    // Through the menus, as a user would.
    first->keyActions().autoKey->trigger();
    first->keyActions().keyLocation->trigger();
    first->keyActions().keyScale->trigger();
    // The dock's box is enabled only with a transition chosen; it follows the preview.
    first->transitionPreview().setGhostsVisible(true);
    first->docks().transitionsPanel->bakeRangeBox()->setCurrentIndex(1);
    first->timeline().viewSelector()->setCurrentIndex(1);
    first->timeline().keyTrackView()->onlySelectedButton()->click();
    ASSERT_TRUE(first->transitionPreview().ghostsVisible());
    ASSERT_FALSE(first->timeline().keyTrackView()->onlySelected());
    close(first);

    auto second = openWindow();
    EXPECT_EQ(second->brushState().settings(), changedBrush());
    EXPECT_EQ(second->brushState().mirrorMode(), model::MirrorPlaneMode::AxisY);
    EXPECT_TRUE(second->brushState().showZeroWeights());
    EXPECT_TRUE(second->poseEditor().autoKey());
    EXPECT_TRUE(second->keyActions().autoKey->isChecked());
    EXPECT_EQ(second->poseEditor().keyChannels(), anim::kRotationBit);
    EXPECT_FALSE(second->keyActions().keyLocation->isChecked());
    EXPECT_TRUE(second->keyActions().keyRotation->isChecked());
    EXPECT_FALSE(second->keyActions().keyScale->isChecked());
    EXPECT_TRUE(second->transitionPreview().ghostsVisible());
    EXPECT_TRUE(second->docks().transitionsPanel->ghostsBox()->isChecked());
    EXPECT_EQ(second->docks().transitionsPanel->bakeRangeBox()->currentIndex(), 1);
    EXPECT_EQ(second->timeline().viewSelector()->currentIndex(), 1);
    EXPECT_FALSE(second->timeline().keyTrackView()->onlySelected());
    EXPECT_FALSE(second->timeline().keyTrackView()->onlySelectedButton()->isChecked());
    close(second);
}

TEST_F(ViewSettingsPersistTest, UnreadableValuesKeepTheDefaults)
{
    {
        QSettings settings;
        for (const char* key : {"brush/mode", "brush/falloff", "brush/shape", "brush/mirrorPlane", "brush/weight",
                                "brush/radius", "brush/xMirror", "keys/autoKey", "keys/channels",
                                "transitions/ghosts", "timeline/view", "timeline/onlySelected"})
            settings.setValue(key, QStringLiteral("sideways"));
    }
    auto window = openWindow();
    EXPECT_EQ(window->brushState().settings(), skin::BrushSettings{});
    EXPECT_EQ(window->brushState().mirrorMode(), model::MirrorPlaneMode::FitJoints);
    EXPECT_FALSE(window->poseEditor().autoKey());
    EXPECT_EQ(window->poseEditor().keyChannels(), anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit);
    EXPECT_FALSE(window->transitionPreview().ghostsVisible());
    EXPECT_EQ(window->timeline().viewSelector()->currentIndex(), 0);
    EXPECT_TRUE(window->timeline().keyTrackView()->onlySelected());
    close(window);
}

TEST_F(ViewSettingsPersistTest, OutOfRangeNumbersAreClamped)
{
    {
        QSettings settings;
        settings.setValue("brush/radius", 99999);
        settings.setValue("brush/weight", -4);
        settings.setValue("brush/spacing", 0);
    }
    auto window = openWindow();
    EXPECT_FLOAT_EQ(window->brushState().settings().radius, ws::BrushState::kMaxRadius);
    EXPECT_FLOAT_EQ(window->brushState().settings().weight, 0.f);
    EXPECT_FLOAT_EQ(window->brushState().settings().spacing, 0.01f);
    close(window);
}

} // namespace
} // namespace marrow::test
