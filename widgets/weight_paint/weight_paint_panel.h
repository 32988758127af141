// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/selection.h"

#include <QPointer>
#include <QWidget>

#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;

namespace marrow::ui {

class BrushModeBar;
class PaintToolBar;
class BrushOptionsBox;
class CollapsibleSection;
class FalloffPreview;
class MeshChooser;
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

    // The mesh the panel shows: the selection's active mesh when it is
    // skinned (the Mesh combo chooses it), else -1. A bind that skins meshes
    // while no skinned one is active makes the first bound one active, as
    // reopening the file would.
    model::MeshId mesh() const { return m_mesh; }

    MeshChooser* meshChooser() const { return m_meshChooser; }
    QLabel* boneLabel() const { return m_boneLabel; }
    QLabel* readoutLabel() const { return m_readout; }
    PaintBoneList* boneList() const { return m_bones; }
    BrushModeBar* modeBar() const { return m_modes; }
    // The tool buttons and the masking toggle (give it the vertex selection).
    PaintToolBar* toolBar() const { return m_tools; }
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
    // The dock's scroll area sizes its content by heightForWidth, which a
    // layout answers with its preferred height; the lists can give up rows,
    // so the panel asks only for its minimum and scrolls only below that.
    int heightForWidth(int width) const override;

private:
    void buildLayout();
    CollapsibleSection* section(const QString& title, const QString& key);
    QWidget* buildBrushBox();
    model::MeshId paintableMesh() const;  // the active mesh when skinned, else -1
    void updateMesh();
    void followSkins();
    std::vector<bool> skinnedMeshes() const;
    void updateHeader();
    void syncFromBrush();
    template <typename Edit>
    void editSettings(Edit&& edit);

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::BrushState> m_brush;
    model::MeshId m_mesh = -1;
    std::vector<bool> m_skinned;  // per mesh, as last seen: a bind is a mesh turning skinned
    MeshChooser* m_meshChooser;
    QLabel* m_boneLabel;
    PaintBoneList* m_bones;
    PaintToolBar* m_tools = nullptr;
    BrushModeBar* m_modes = nullptr;
    SliderField* m_weight = nullptr;
    SliderField* m_radius = nullptr;
    SliderField* m_strength = nullptr;
    QComboBox* m_falloff = nullptr;
    QComboBox* m_shape = nullptr;
    FalloffPreview* m_preview = nullptr;
    BrushOptionsBox* m_options;
    QLabel* m_readout;
};

} // namespace marrow::ui
