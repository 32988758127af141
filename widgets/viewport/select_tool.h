// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_tool.h"

#include <QPoint>

namespace marrow::ui {

// Click a bone to select it; Ctrl or Shift+click toggles it; a click on
// nothing clears the selection (Blender's "deselect on nothing"), unless a
// modifier is held. A press that moves more than a few pixels before the
// release is not a click and selects nothing. Picks the bones in
// ctx.bones (none while they are hidden) through the context's camera.
class SelectTool : public ViewportTool {
    Q_OBJECT
public:
    explicit SelectTool(QObject* parent = nullptr);
    QList<KeyBinding> keyHelp() const override;

    void press(ToolContext& ctx, QMouseEvent& event) override;
    void release(ToolContext& ctx, QMouseEvent& event) override;
    void deactivate(ToolContext& ctx) override;

private:
    QPoint m_pressPosition;
    bool m_pressed = false;
};

} // namespace marrow::ui
