// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/paint_tool_bar.h"

#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "widgets/weight_paint/icon_tool_button.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>

namespace marrow::ui {

namespace {

struct ToolInfo {
    ws::PaintTool tool;
    const char* icon;
    const char* name;
    const char* tip;
};

const ToolInfo kTools[] = {
    {ws::PaintTool::Brush, "paint_brush", QT_TRANSLATE_NOOP("PaintToolBar", "Brush"),
     QT_TRANSLATE_NOOP("PaintToolBar", "Brush: drag to paint the selected bone's weights")},
    {ws::PaintTool::LinearGradient, "gradient_linear", QT_TRANSLATE_NOOP("PaintToolBar", "Linear Gradient"),
     QT_TRANSLATE_NOOP("PaintToolBar", "Linear gradient: drag a line; the brush weight at its start falls to 0 at its "
                                       "end with the falloff")},
    {ws::PaintTool::RadialGradient, "gradient_radial", QT_TRANSLATE_NOOP("PaintToolBar", "Radial Gradient"),
     QT_TRANSLATE_NOOP("PaintToolBar", "Radial gradient: drag from a centre; the brush weight there falls to 0 at the "
                                       "drag's length")},
    {ws::PaintTool::Select, "select_vertices", QT_TRANSLATE_NOOP("PaintToolBar", "Select Vertices"),
     QT_TRANSLATE_NOOP("PaintToolBar", "Select vertices: click, Shift+click, drag a box (Shift adds, Ctrl removes); "
                                       "B box selects in any tool, L selects linked")},
};

} // namespace

PaintToolBar::PaintToolBar(ws::BrushState* brush, ws::Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_brush(brush)
    , m_selection(selection)
    , m_group(new QButtonGroup(this))
    , m_mask(makeIconToolButton(this, "mask_vertices", tr("Mask"),
                                tr("Vertex selection masking (V): the brush, the gradient and the Weights menu touch "
                                   "only the selected vertices")))
    , m_count(new QLabel(this))
{
    m_group->setExclusive(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    for (const ToolInfo& info : kTools) {
        QToolButton* b = makeIconToolButton(this, info.icon, tr(info.name), tr(info.tip));
        m_group->addButton(b, static_cast<int>(info.tool));
        layout->addWidget(b);
    }
    layout->addSpacing(8);
    m_mask->setAccessibleName(tr("Vertex Selection Masking"));
    layout->addWidget(m_mask);
    layout->addWidget(m_count);
    layout->addStretch(1);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) {
        if (m_brush)
            m_brush->setTool(static_cast<ws::PaintTool>(id));
    });
    connect(m_mask, &QToolButton::toggled, this, [this](bool on) {
        if (m_paintSelection)
            m_paintSelection->setMasking(on);
    });
    if (m_brush)
        connect(m_brush, &ws::BrushState::toolChanged, this, &PaintToolBar::syncTool);
    if (m_selection)
        connect(m_selection, &ws::Selection::activeMeshChanged, this, &PaintToolBar::syncMask);
    syncTool();
    syncMask();
}

void PaintToolBar::setPaintSelection(ws::PaintSelection* paintSelection)
{
    if (m_paintSelection)
        disconnect(m_paintSelection, nullptr, this, nullptr);
    m_paintSelection = paintSelection;
    if (m_paintSelection) {
        connect(m_paintSelection, &ws::PaintSelection::maskingChanged, this, &PaintToolBar::syncMask);
        connect(m_paintSelection, &ws::PaintSelection::changed, this, &PaintToolBar::syncMask);
    }
    syncMask();
}

QAbstractButton* PaintToolBar::button(ws::PaintTool tool) const
{
    return m_group->button(static_cast<int>(tool));
}

void PaintToolBar::syncTool()
{
    if (QAbstractButton* b = button(m_brush ? m_brush->tool() : ws::PaintTool::Brush)) {
        const QSignalBlocker block(m_group);
        b->setChecked(true);
    }
}

void PaintToolBar::syncMask()
{
    {
        const QSignalBlocker block(m_mask);
        m_mask->setChecked(m_paintSelection && m_paintSelection->masking());
    }
    m_mask->setEnabled(m_paintSelection != nullptr);
    const model::MeshId mesh = m_selection ? m_selection->activeMesh() : -1;
    const std::size_t n = m_paintSelection && mesh >= 0 ? m_paintSelection->count(mesh) : 0;
    m_count->setText(n > 0 ? tr("%n selected", nullptr, static_cast<int>(n)) : QString());
}

} // namespace marrow::ui
