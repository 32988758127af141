// SPDX-License-Identifier: MIT
#pragma once
// One Qt application object for a whole gtest binary (QTimer, QUndoStack
// signals, tr() and views want one). gtest_main provides main(), so a global
// test environment creates it: App is QCoreApplication, QGuiApplication or
// QApplication. Without any display, the offscreen platform is chosen so
// widget tests run either under xvfb-run (CI) or without it.
#include <QCoreApplication>
#include <QtGlobal>

#include <gtest/gtest.h>

namespace marrow::test {

template <class App>
class QtAppEnvironment : public ::testing::Environment {
public:
    explicit QtAppEnvironment(const char* name) { qstrncpy(m_name, name, sizeof m_name); }
    void SetUp() override
    {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
            qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        if (!QCoreApplication::instance())
            m_app = new App(m_argc, m_argv);
    }
    void TearDown() override
    {
        delete m_app;
        m_app = nullptr;
    }

private:
    int m_argc = 1;
    char m_name[64] = {};
    char* m_argv[2] = {m_name, nullptr};
    App* m_app = nullptr;
};

} // namespace marrow::test
