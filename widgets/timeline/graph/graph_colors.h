// SPDX-License-Identifier: MIT
#pragma once
#include <QColor>

namespace marrow::ui::graph {

// X red, Y green, Z blue: bright enough for thin lines on the dark plot.
inline QColor componentColor(int component)
{
    switch (component) {
    case 0: return QColor(232, 86, 82);
    case 1: return QColor(120, 204, 92);
    default: return QColor(86, 146, 240);
    }
}

} // namespace marrow::ui::graph
