// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "core/workspace/brush_state.h"

#include <QPointer>
#include <QWidget>

class QAbstractButton;
class QButtonGroup;
class QLabel;
class QToolButton;

namespace marrow::ws {
class PaintSelection;
class Selection;
}

namespace marrow::ui {

// The Weight Paint tools (Brush, Linear and Radial Gradient, Select), one
// exclusive button each bound to ws::BrushState::tool both ways, then the
// vertex selection masking toggle (V) bound to ws::PaintSelection, and how
// many vertices of the active mesh are selected.
class PaintToolBar : public QWidget {
    Q_OBJECT
public:
    PaintToolBar(ws::BrushState* brush, ws::Selection* selection, QWidget* parent = nullptr);
    void setPaintSelection(ws::PaintSelection* paintSelection);

    QAbstractButton* button(ws::PaintTool tool) const;
    QToolButton* maskButton() const { return m_mask; }
    QLabel* countLabel() const { return m_count; }

private:
    void syncTool();
    void syncMask();

    QPointer<ws::BrushState> m_brush;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::PaintSelection> m_paintSelection;
    QButtonGroup* m_group;
    QToolButton* m_mask;
    QLabel* m_count;
};

} // namespace marrow::ui
