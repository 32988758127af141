// SPDX-License-Identifier: MIT
#pragma once
// A real main window on the bundled sample, for the editor's GUI tests. It
// keeps no user settings and writes recovery files to a temporary folder.
// Runs under xvfb-run with the xcb platform (a QOpenGLWidget needs it).
#include "app/editor/document_controller.h"
#include "app/editor/editor_options.h"
#include "app/editor/main_window.h"
#include "core/document/document.h"

#include <QCursor>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

namespace marrow::test {

class EditorTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_stateDir.isValid());
        m_window = std::make_unique<app::MainWindow>(m_stateDir.path(), false);
        const QString sample = app::bundledSamplePath();
        ASSERT_FALSE(sample.isEmpty()) << "bundled sample not found";
        ASSERT_TRUE(m_window->openFile(sample)) << m_window->files().lastError().toStdString();
        m_window->resize(1280, 800);
        m_window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(m_window.get()));
        // Window shortcuts (Space, Ctrl+Z) only fire in the active window.
        m_window->activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
        // Keys go to the area under the pointer (AreaKeyRouter): park it on
        // the status bar, over no area, so keys go to the focus until a test
        // moves it (the X pointer outlives each test's process).
        QCursor::setPos(m_window->statusBar()->mapToGlobal(m_window->statusBar()->rect().center()));
        // One paint, so the camera is framed and the renderer initialised.
        QTest::qWait(50);
        QApplication::processEvents();
    }
    void TearDown() override
    {
        if (!m_window)
            return;  // the test closed it itself
        // Close without the "save changes?" question.
        m_window->document().undoStack()->setClean();
        m_window->close();
        m_window.reset();
    }

    app::MainWindow& window() { return *m_window; }

    QTemporaryDir m_stateDir;
    std::unique_ptr<app::MainWindow> m_window;
};

} // namespace marrow::test
