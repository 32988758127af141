// SPDX-License-Identifier: MIT
// The QCoreApplication for the every-model matrix (see qt_app_environment.h).
#include "qt_app_environment.h"

namespace {
[[maybe_unused]] ::testing::Environment* const g_qtEnvironment = ::testing::AddGlobalTestEnvironment(
    new marrow::test::QtAppEnvironment<QCoreApplication>("marrow_real_tests"));
} // namespace
