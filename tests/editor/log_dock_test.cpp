// SPDX-License-Identifier: MIT
// Import warnings and failed opens land in the Log dock (View menu), with the
// file name and the time, kept for the session.
#include "app/editor/document_controller.h"
#include "app/editor/editor_docks.h"
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/log/log_panel.h"

#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>

namespace marrow::test {
namespace {

using Severity = ui::LogPanel::Severity;

int countWhere(const ui::LogPanel& log, Severity severity, const QString& needle)
{
    int n = 0;
    for (int row = 0; row < log.entryCount(); ++row)
        if (log.entrySeverity(row) == severity && log.entryText(row).contains(needle))
            ++n;
    return n;
}

TEST_F(EditorTest, ImportWarningsAndErrorsAreListedInTheLog)
{
    ui::LogPanel& log = window().log();
    const int before = log.entryCount();
    // cesium_man's weights do not sum to 1: the import repairs and says so.
    const QString cesium = QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"));
    ASSERT_TRUE(window().openFile(cesium));
    EXPECT_GE(countWhere(log, Severity::Warning, QStringLiteral("cesium_man.gltf: ")), 1);
    EXPECT_EQ(countWhere(log, Severity::Info, QStringLiteral("cesium_man.gltf: Opened")), 1);
    // The dock comes forward so the warnings are seen.
    EXPECT_TRUE(window().docks().log->isVisible());

    EXPECT_FALSE(window().openFile(QString::fromStdString(model("hostile/node_cycle.gltf"))));
    if (QWidget* dialog = window().files().errorDialog())
        dialog->close();
    EXPECT_EQ(countWhere(log, Severity::Error, QStringLiteral("node_cycle.gltf: ")), 1);
    // The count under the list speaks English: "1 error", not "1 errors".
    QString summary;
    for (const QLabel* label : log.findChildren<QLabel*>())
        if (label->text().contains(QStringLiteral("message")))
            summary = label->text();
    EXPECT_TRUE(summary.endsWith(QStringLiteral(", 1 error"))) << summary.toStdString();
    // Kept for the session: a later open adds, never replaces.
    ASSERT_TRUE(window().openFile(app::bundledSamplePath()));
    EXPECT_GE(countWhere(log, Severity::Warning, QStringLiteral("cesium_man.gltf: ")), 1);
    EXPECT_GT(log.entryCount(), before + 2);
}

// What Assimp leaves out of the pab files is said in the log, not only on the CLI's stderr.
TEST_F(EditorTest, WhatAnImportLeavesOutIsInTheLog)
{
    ui::LogPanel& log = window().log();
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/fbx/pab/arnaud.fbx"))));
    EXPECT_EQ(countWhere(log, Severity::Warning, QStringLiteral("animation stack 'Take 001' was not read")), 1);
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/fbx/pab/skeleton.fbx"))));
    EXPECT_EQ(countWhere(log, Severity::Warning, QStringLiteral("comes out 0 s long")), 1);
    for (int row = 0; row < log.entryCount(); ++row) {
        if (log.entryText(row).contains(QStringLiteral("0 s long"))) {
            EXPECT_TRUE(log.entryText(row).startsWith(QStringLiteral("skeleton.fbx: ")))
                << log.entryText(row).toStdString();
        }
    }
}

// A long message is elided in its row (the whole text in the tooltip): it
// never widens the Log dock, nor the Inspector and Weight Paint docks beside it.
TEST_F(EditorTest, ALongLogMessageKeepsTheRightDocksWidth)
{
    const app::EditorDocks& docks = window().docks();
    window().resize(1600, 1000);
    docks.log->show();
    docks.log->raise();
    QApplication::processEvents();
    QTest::qWait(50);
    QApplication::processEvents();
    const int logWidth = docks.log->width(), inspectorWidth = docks.inspector->width();
    const int hintWidth = docks.log->sizeHint().width();
    const QString message = QStringLiteral("a very long warning that goes on ").repeated(40);
    window().log().addEntry(Severity::Warning, QStringLiteral("a_rather_long_file_name_for_a_model.gltf"), message);
    QApplication::processEvents();
    QTest::qWait(50);
    QApplication::processEvents();
    EXPECT_EQ(docks.log->sizeHint().width(), hintWidth);
    EXPECT_EQ(docks.log->width(), logWidth);
    EXPECT_EQ(docks.inspector->width(), inspectorWidth);
    EXPECT_TRUE(window().log().entryText(window().log().entryCount() - 1).endsWith(message));
}

TEST_F(EditorTest, TheViewMenuTogglesTheLog)
{
    QAction* toggle = window().docks().log->toggleViewAction();
    bool inViewMenu = false;
    for (QAction* menu : window().menuBar()->actions())
        if (menu->menu() && menu->text().remove(QLatin1Char('&')) == QStringLiteral("View"))
            inViewMenu = menu->menu()->actions().contains(toggle);
    EXPECT_TRUE(inViewMenu);
    toggle->trigger();
    const bool shown = window().docks().log->isVisible();
    toggle->trigger();
    EXPECT_NE(window().docks().log->isVisible(), shown);
}

} // namespace
} // namespace marrow::test
