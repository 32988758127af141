// SPDX-License-Identifier: MIT
#pragma once
#include <QIcon>

namespace marrow::ui {

// The weight-lock padlock shared by the bone tree and the paint panel's bone
// list: closed and bright when locked, open and faint when not.
QIcon lockIcon(bool locked);

} // namespace marrow::ui
