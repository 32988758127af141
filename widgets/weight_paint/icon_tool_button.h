// SPDX-License-Identifier: MIT
#pragma once
#include <QString>

class QToolButton;
class QWidget;

namespace marrow::ui {

// A checkable, auto-raised tool button showing :/icons/<icon>.svg at 20 px,
// named (text and accessible name) and tipped: the Weight Paint dock's tool
// and brush-mode rows.
QToolButton* makeIconToolButton(QWidget* parent, const char* icon, const QString& name, const QString& tip);

} // namespace marrow::ui
