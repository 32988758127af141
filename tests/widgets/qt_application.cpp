// SPDX-License-Identifier: MIT
// The QApplication for the widget tests (see qt_app_environment.h).
#include "qt_app_environment.h"

#include <QApplication>

namespace {
[[maybe_unused]] ::testing::Environment* const g_qtEnvironment = ::testing::AddGlobalTestEnvironment(
    new marrow::test::QtAppEnvironment<QApplication>("marrow_widgets_tests"));
} // namespace
