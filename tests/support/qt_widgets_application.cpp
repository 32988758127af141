// SPDX-License-Identifier: MIT
// The QApplication for every widget test binary (linked as an object library) (see qt_app_environment.h).
#include "qt_app_environment.h"

#include <QApplication>

namespace {
[[maybe_unused]] ::testing::Environment* const g_qtEnvironment = ::testing::AddGlobalTestEnvironment(
    new marrow::test::QtAppEnvironment<QApplication>("marrow_widget_tests"));
} // namespace
