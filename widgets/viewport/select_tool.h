// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_tool.h"

#include <QPoint>

namespace marrow::ui {

// Click a bone to select it; Ctrl or Shift+click toggles it; a click on
// nothing clears the selection (Blender's "deselect on nothing"), unless a
// modifier is held. A press that moves more than a few pixels before the
// release is not a click and selects nothing.
class SelectTool : public ViewportTool {
public:
    QString name() const override;
    void press(ViewportWidget& viewport, QMouseEvent& event) override;
    void move(ViewportWidget& viewport, QMouseEvent& event) override;
    void release(ViewportWidget& viewport, QMouseEvent& event) override;

private:
    QPoint m_pressPosition;
    bool m_pressed = false;
};

} // namespace marrow::ui
