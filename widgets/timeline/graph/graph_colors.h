// SPDX-License-Identifier: MIT
#pragma once
#include <QColor>

namespace marrow::ui::graph {

// X red, Y green, Z blue: bright enough for thin lines on the dark plot; a
// quaternion's W (component 3) a neutral light grey, as Blender draws it.
inline QColor componentColor(int component)
{
    switch (component) {
    case 0: return QColor(232, 86, 82);
    case 1: return QColor(120, 204, 92);
    case 2: return QColor(86, 146, 240);
    default: return QColor(200, 200, 200);
    }
}

} // namespace marrow::ui::graph
