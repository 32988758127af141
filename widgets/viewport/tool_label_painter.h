// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_tool.h"

#include <QSize>

class QPainter;

namespace marrow::ui {

// Draws a tool's label (the brush's vertex readout) as a dark rounded box
// beside the cursor, word-wrapped and kept inside a view of `viewSize`.
void paintToolLabel(QPainter& painter, const QSize& viewSize, const ToolLabel& label);
// Draws the view's name ("Front Orthographic") small and light grey in the
// top-left corner, as Blender does.
void paintViewTitle(QPainter& painter, const QString& title);

} // namespace marrow::ui
