// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/selection.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QVBoxLayout;
class QLabel;

namespace marrow::ui {

class BrushModeBar;
class BrushOptionsBox;
class FalloffPreview;
class PaintBoneList;
class SliderField;

// The Weight Paint dock's contents: which mesh and bone are painted, the
// mesh's bones (filter, locks, vertex counts), the brush mode, weight, radius
// and strength, the falloff, the options and the readout of the vertex under
// the cursor. Every brush control is bound to ws::BrushState both ways (the
// viewport's F-drag moves the radius slider); document edits go through
// commands. Owns only widgets.
class WeightPaintPanel : public QWidget {
    Q_OBJECT
public:
    WeightPaintPanel(doc::Document* document, ws::Selection* selection, ws::BrushState* brush,
                     QWidget* parent = nullptr);

    // The mesh the panel shows: the brush's paint mesh, else the selection's
    // active mesh, else the first skinned mesh (-1 when there is none).
    model::MeshId mesh() const { return m_mesh; }

    QLabel* meshLabel() const { return m_meshLabel; }
    QLabel* boneLabel() const { return m_boneLabel; }
    QLabel* readoutLabel() const { return m_readout; }
    PaintBoneList* boneList() const { return m_bones; }
    BrushModeBar* modeBar() const { return m_modes; }
    SliderField* weightField() const { return m_weight; }
    SliderField* radiusField() const { return m_radius; }
    SliderField* strengthField() const { return m_strength; }
    QComboBox* falloffCombo() const { return m_falloff; }
    QComboBox* falloffShapeCombo() const { return m_shape; }
    FalloffPreview* falloffPreview() const { return m_preview; }
    BrushOptionsBox* options() const { return m_options; }
    // A check box in Options that mirrors a checkable action both ways (the
    // View menu's Rest Position), so the dock and the menu always agree.
    QCheckBox* addActionCheckBox(QAction* action);

private:
    QWidget* buildBrushBox();
    void updateMesh();
    void updateHeader();
    void syncFromBrush();
    template <typename Edit>
    void editSettings(Edit&& edit);

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::BrushState> m_brush;
    model::MeshId m_mesh = -1;
    QLabel* m_meshLabel;
    QLabel* m_boneLabel;
    PaintBoneList* m_bones;
    BrushModeBar* m_modes = nullptr;
    SliderField* m_weight = nullptr;
    SliderField* m_radius = nullptr;
    SliderField* m_strength = nullptr;
    QComboBox* m_falloff = nullptr;
    QComboBox* m_shape = nullptr;
    FalloffPreview* m_preview = nullptr;
    BrushOptionsBox* m_options;
    QVBoxLayout* m_optionsLayout = nullptr;
    QLabel* m_readout;
};

} // namespace marrow::ui
