// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/brush_mode_bar.h"
#include "widgets/weight_paint/icon_tool_button.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QToolButton>

namespace marrow::ui {

namespace {

struct ModeInfo {
    skin::BrushMode mode;
    const char* icon;
    const char* name;
    const char* tip;
};

// Tooltips name the modifiers because they are not visible anywhere else.
const ModeInfo kModes[] = {
    {skin::BrushMode::Mix, "brush_mix", QT_TRANSLATE_NOOP("BrushModeBar", "Mix"),
     QT_TRANSLATE_NOOP("BrushModeBar", "Mix: move the weight towards the brush weight. Ctrl: towards 0. Shift: smooth.")},
    {skin::BrushMode::Add, "brush_add", QT_TRANSLATE_NOOP("BrushModeBar", "Add"),
     QT_TRANSLATE_NOOP("BrushModeBar", "Add the brush weight. Ctrl: subtract instead. Shift: smooth.")},
    {skin::BrushMode::Subtract, "brush_subtract", QT_TRANSLATE_NOOP("BrushModeBar", "Subtract"),
     QT_TRANSLATE_NOOP("BrushModeBar", "Subtract the brush weight. Ctrl: add instead. Shift: smooth.")},
    {skin::BrushMode::Multiply, "brush_multiply", QT_TRANSLATE_NOOP("BrushModeBar", "Multiply"),
     QT_TRANSLATE_NOOP("BrushModeBar", "Multiply the weight by the brush weight. Shift: smooth.")},
    {skin::BrushMode::Smooth, "brush_smooth", QT_TRANSLATE_NOOP("BrushModeBar", "Smooth"),
     QT_TRANSLATE_NOOP("BrushModeBar",
                       "Smooth: move the weight towards its neighbours' average. Hold Shift in any mode to smooth.")},
    {skin::BrushMode::Sample, "brush_sample", QT_TRANSLATE_NOOP("BrushModeBar", "Sample"),
     QT_TRANSLATE_NOOP("BrushModeBar", "Sample: click the mesh to take the weight under the cursor as the brush weight.")},
};

} // namespace

BrushModeBar::BrushModeBar(QWidget* parent)
    : QWidget(parent)
    , m_group(new QButtonGroup(this))
{
    m_group->setExclusive(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    for (const ModeInfo& info : kModes) {
        QToolButton* button = makeIconToolButton(this, info.icon, tr(info.name), tr(info.tip));
        m_group->addButton(button, static_cast<int>(info.mode));
        layout->addWidget(button);
    }
    layout->addStretch(1);
    m_group->button(static_cast<int>(skin::BrushMode::Mix))->setChecked(true);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) { emit modeChosen(static_cast<skin::BrushMode>(id)); });
}

void BrushModeBar::setMode(skin::BrushMode mode)
{
    const QSignalBlocker block(m_group);
    if (QAbstractButton* b = button(mode))
        b->setChecked(true);
}

skin::BrushMode BrushModeBar::mode() const
{
    return static_cast<skin::BrushMode>(m_group->checkedId());
}

QAbstractButton* BrushModeBar::button(skin::BrushMode mode) const
{
    return m_group->button(static_cast<int>(mode));
}

} // namespace marrow::ui
