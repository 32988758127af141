// SPDX-License-Identifier: MIT
#pragma once
#include <QIcon>

namespace marrow::ui {

// The Deform flag in the bone tree: a small bone, bright when the joint
// deforms (a heat source for automatic weights), faint when it does not.
QIcon deformIcon(bool deforms);

} // namespace marrow::ui
