// SPDX-License-Identifier: MIT
#pragma once
#include <QString>

class QMouseEvent;

namespace marrow::ui {

class ViewportWidget;

// What the left mouse button does in the viewport when it is not navigating:
// select bones now; paint weights and pose bones later. The viewport hands
// every press, move and release that navigation does not claim to the
// active tool, with itself for the camera, the bone layout and the shared
// selection. Tools hold view state only; edits go through commands.
class ViewportTool {
public:
    virtual ~ViewportTool() = default;
    virtual QString name() const = 0;
    virtual void press(ViewportWidget& viewport, QMouseEvent& event) = 0;
    virtual void move(ViewportWidget& viewport, QMouseEvent& event) = 0;
    virtual void release(ViewportWidget& viewport, QMouseEvent& event) = 0;
};

} // namespace marrow::ui
