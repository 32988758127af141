// SPDX-License-Identifier: MIT
// PreferencesDialog shows the settings it was built from unchanged, every
// control feeds settings(), and the dialog lays out tidily under the dark
// Fusion look the editor uses (MARROW_SNAPSHOT_DIR=<dir> saves the PNG).
#include "preferences_test_support.h"

#include "widgets/preferences/preferences_dialog.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QPalette>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <gtest/gtest.h>

using marrow::ui::EditorSettings;
using marrow::ui::PreferencesDialog;

namespace marrow::test {
namespace {

template <class T>
T* control(const PreferencesDialog& dialog, const char* name)
{
    T* widget = dialog.findChild<T*>(QString::fromLatin1(name));
    EXPECT_NE(widget, nullptr) << name;
    return widget;
}

// Clicks a radio button or check box on its indicator: a button stretched by
// its layout only reacts to clicks on its indicator and text, not its centre.
void clickButton(QAbstractButton* button)
{
    ASSERT_NE(button, nullptr);
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(6, button->height() / 2));
}

EditorSettings nonDefaultSettings()
{
    EditorSettings s;
    s.navigation = EditorSettings::Navigation::Maya;
    s.autosaveIntervalSeconds = 0;
    s.fps = 23.976;
    s.dualQuaternionSkinning = true;
    s.showGrid = false;
    s.showBones = false;
    s.showWireframe = true;
    s.loopPlayback = false;
    s.maxRecentFiles = 4;
    return s;
}

TEST(PreferencesDialogTest, TitleGroupsAndButtons)
{
    const PreferencesDialog dialog;
    EXPECT_EQ(dialog.windowTitle(), "Preferences");
    QStringList groups;
    for (const QGroupBox* box : dialog.findChildren<QGroupBox*>())
        groups.append(box->title());
    EXPECT_EQ(groups, (QStringList{"Viewport", "Timeline", "Files"}));
    const auto* buttons = dialog.findChild<QDialogButtonBox*>();
    ASSERT_NE(buttons, nullptr);
    EXPECT_NE(buttons->button(QDialogButtonBox::Ok), nullptr);
    EXPECT_NE(buttons->button(QDialogButtonBox::Cancel), nullptr);
}

TEST(PreferencesDialogTest, ReturnsTheSettingsItWasBuiltFrom)
{
    EXPECT_EQ(PreferencesDialog(EditorSettings{}).settings(), EditorSettings{});
    EXPECT_EQ(PreferencesDialog(nonDefaultSettings()).settings(), nonDefaultSettings());

    // The extremes of every range survive too.
    EditorSettings extremes;
    extremes.autosaveIntervalSeconds = EditorSettings::kMaxAutosaveIntervalSeconds;
    extremes.fps = EditorSettings::kMaxFps;
    extremes.maxRecentFiles = EditorSettings::kMaxRecentFiles;
    EXPECT_EQ(PreferencesDialog(extremes).settings(), extremes);
    extremes.fps = EditorSettings::kMinFps;
    extremes.maxRecentFiles = EditorSettings::kMinRecentFiles;
    EXPECT_EQ(PreferencesDialog(extremes).settings(), extremes);
}

TEST(PreferencesDialogTest, SetSettingsReplacesEveryControl)
{
    PreferencesDialog dialog(nonDefaultSettings());
    dialog.setSettings(EditorSettings{});
    EXPECT_EQ(dialog.settings(), EditorSettings{});
    dialog.setSettings(nonDefaultSettings());
    EXPECT_EQ(dialog.settings(), nonDefaultSettings());
}

TEST(PreferencesDialogTest, ChangingControlsChangesSettings)
{
    PreferencesDialog dialog;
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));

    clickButton(control<QRadioButton>(dialog, "navigationMaya"));
    clickButton(control<QRadioButton>(dialog, "skinningDqs"));
    clickButton(control<QCheckBox>(dialog, "showGrid"));
    clickButton(control<QCheckBox>(dialog, "showBones"));
    clickButton(control<QCheckBox>(dialog, "showWireframe"));
    clickButton(control<QCheckBox>(dialog, "loopPlayback"));
    control<QDoubleSpinBox>(dialog, "fps")->setValue(23.976);
    control<QSpinBox>(dialog, "autosaveInterval")->setValue(0);
    control<QSpinBox>(dialog, "maxRecentFiles")->setValue(4);
    EXPECT_EQ(dialog.settings(), nonDefaultSettings());

    // Back again, one control at a time.
    clickButton(control<QRadioButton>(dialog, "navigationBlender"));
    EXPECT_EQ(dialog.settings().navigation, EditorSettings::Navigation::Blender);
    clickButton(control<QRadioButton>(dialog, "skinningLbs"));
    EXPECT_FALSE(dialog.settings().dualQuaternionSkinning);
}

TEST(PreferencesDialogTest, NavigationAndSkinningChoicesAreIndependent)
{
    // The four radio buttons share one parent; each pair must stay exclusive
    // only among itself.
    PreferencesDialog dialog;
    control<QRadioButton>(dialog, "navigationMaya")->setChecked(true);
    control<QRadioButton>(dialog, "skinningDqs")->setChecked(true);
    const EditorSettings s = dialog.settings();
    EXPECT_EQ(s.navigation, EditorSettings::Navigation::Maya);
    EXPECT_TRUE(s.dualQuaternionSkinning);
    EXPECT_FALSE(control<QRadioButton>(dialog, "navigationBlender")->isChecked());
    EXPECT_FALSE(control<QRadioButton>(dialog, "skinningLbs")->isChecked());
}

TEST(PreferencesDialogTest, ExplainsBothNavigationMappings)
{
    const PreferencesDialog dialog;
    QStringList texts;
    for (const QLabel* label : dialog.findChildren<QLabel*>())
        texts.append(label->text());
    EXPECT_TRUE(texts.contains("MMB orbit, Shift+MMB pan, wheel zoom, Home frame all, F frame selected"))
        << texts.join('|').toStdString();
    // Maya: A frames all and F the selection (the hint once said F frames all).
    EXPECT_TRUE(texts.contains("Alt+LMB orbit, Alt+MMB pan, Alt+RMB zoom, A frame all, F frame selected"))
        << texts.join('|').toStdString();
}

TEST(PreferencesDialogTest, SpinBoxesShowOffAndWholeFrameRates)
{
    EditorSettings s;
    s.autosaveIntervalSeconds = 0;
    s.fps = 24;
    PreferencesDialog dialog(s);
    auto* autosave = control<QSpinBox>(dialog, "autosaveInterval");
    EXPECT_EQ(autosave->text(), "Off");
    autosave->setValue(90);
    EXPECT_EQ(autosave->text(), "90 s");
    auto* fps = control<QDoubleSpinBox>(dialog, "fps");
    EXPECT_EQ(fps->text(), "24 fps");
    fps->setValue(29.97);
    EXPECT_EQ(fps->text(), "29.97 fps");
    EXPECT_DOUBLE_EQ(dialog.settings().fps, 29.97);
}

TEST(PreferencesDialogTest, RestoreDefaultsResetsControlsOnly)
{
    PreferencesDialog dialog(nonDefaultSettings());
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    ASSERT_NE(buttons, nullptr);
    QPushButton* restore = buttons->button(QDialogButtonBox::RestoreDefaults);
    ASSERT_NE(restore, nullptr);
    restore->click();
    EXPECT_EQ(dialog.settings(), EditorSettings{});
    EXPECT_EQ(dialog.result(), QDialog::Rejected);  // still open, nothing accepted
}

TEST(PreferencesDialogTest, OkAcceptsAndCancelRejects)
{
    PreferencesDialog dialog;
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    ASSERT_NE(buttons, nullptr);
    dialog.show();
    buttons->button(QDialogButtonBox::Ok)->click();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
    dialog.show();
    buttons->button(QDialogButtonBox::Cancel)->click();
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
}

// The editor's look: Fusion with a dark palette. Restores the application's
// style and palette afterwards so other tests see the default look.
class DarkFusion {
public:
    DarkFusion() : m_style(QApplication::style()->name()), m_palette(QApplication::palette())
    {
        QApplication::setStyle(QStyleFactory::create("Fusion"));
        QPalette p;
        p.setColor(QPalette::Window, QColor("#2b2f37"));
        p.setColor(QPalette::WindowText, QColor("#d8dee9"));
        p.setColor(QPalette::Base, QColor("#1f2329"));
        p.setColor(QPalette::AlternateBase, QColor("#262a31"));
        p.setColor(QPalette::Text, QColor("#d8dee9"));
        p.setColor(QPalette::Button, QColor("#353a44"));
        p.setColor(QPalette::ButtonText, QColor("#d8dee9"));
        p.setColor(QPalette::Highlight, QColor("#f0a050"));
        p.setColor(QPalette::HighlightedText, QColor("#1f2329"));
        p.setColor(QPalette::PlaceholderText, QColor("#8890a0"));
        p.setColor(QPalette::ToolTipBase, QColor("#353a44"));
        p.setColor(QPalette::ToolTipText, QColor("#d8dee9"));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor("#6a7180"));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor("#6a7180"));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor("#6a7180"));
        QApplication::setPalette(p);
    }
    ~DarkFusion()
    {
        QApplication::setStyle(QStyleFactory::create(m_style));
        QApplication::setPalette(m_palette);
    }
    DarkFusion(const DarkFusion&) = delete;
    DarkFusion& operator=(const DarkFusion&) = delete;

private:
    QString m_style;
    QPalette m_palette;
};

TEST(PreferencesDialogTest, LaysOutUnderDarkFusion)
{
    const DarkFusion look;
    PreferencesDialog dialog(EditorSettings{});
    dialog.adjustSize();
    const QPixmap shot = dialog.grab();
    ASSERT_FALSE(shot.isNull());
    // A compact dialog: wide enough for the longest hint, never sprawling.
    EXPECT_GE(shot.width(), 300);
    EXPECT_LE(shot.width(), 900);
    EXPECT_LE(shot.height(), 700);

    // The three forms' fields start at one x, so the groups read as one form.
    const auto fieldX = [&](const char* name) {
        const QWidget* w = control<QWidget>(dialog, name);
        return w ? w->mapTo(&dialog, QPoint(0, 0)).x() : -1;
    };
    EXPECT_EQ(fieldX("fps"), fieldX("autosaveInterval"));
    EXPECT_EQ(fieldX("fps"), fieldX("maxRecentFiles"));
    EXPECT_EQ(fieldX("fps"), fieldX("navigationBlender"));
    EXPECT_EQ(fieldX("fps"), fieldX("skinningLbs"));
    EXPECT_EQ(fieldX("fps"), fieldX("showGrid"));

    const QByteArray dir = qgetenv("MARROW_SNAPSHOT_DIR");
    if (!dir.isEmpty()) {
        EXPECT_TRUE(shot.save(QString::fromLocal8Bit(dir) + "/preferences_dialog.png"));
    }
}

} // namespace
} // namespace marrow::test
