// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/workspace/brush_state.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;

namespace marrow::ui {

// The brush's switches: auto-normalise, front faces only, accumulate,
// spacing, X-mirror and its plane, show zero weights (bound to BrushState
// both ways), and the paint mesh's max influences, which is document data:
// choosing 4 or 8 pushes SetMaxInfluencesCommand, and the combo follows the
// mesh's row stride through undo and redo.
class BrushOptionsBox : public QWidget {
    Q_OBJECT
public:
    BrushOptionsBox(doc::Document* document, ws::BrushState* brush, QWidget* parent = nullptr);

    void setMesh(model::MeshId mesh);
    // Another switch in the grid's next free cell (the View menu's Rest
    // Position, mirrored by the panel).
    void addOption(QWidget* option);

    QCheckBox* autoNormalize() const { return m_autoNormalize; }
    QCheckBox* frontFacesOnly() const { return m_frontFaces; }
    QCheckBox* accumulate() const { return m_accumulate; }
    QDoubleSpinBox* spacing() const { return m_spacing; }
    QCheckBox* xMirror() const { return m_xMirror; }
    QComboBox* mirrorPlane() const { return m_mirrorPlane; }
    QCheckBox* showZeroWeights() const { return m_showZero; }
    QComboBox* maxInfluences() const { return m_maxInfluences; }

private:
    void syncFromBrush();
    void syncMaxInfluences();
    template <typename Edit>
    void editSettings(Edit&& edit);

    QPointer<doc::Document> m_document;
    QPointer<ws::BrushState> m_brush;
    model::MeshId m_mesh = -1;
    QCheckBox* m_autoNormalize;
    QCheckBox* m_frontFaces;
    QCheckBox* m_accumulate;
    QDoubleSpinBox* m_spacing;
    QCheckBox* m_xMirror;
    QComboBox* m_mirrorPlane;
    QCheckBox* m_showZero;
    QComboBox* m_maxInfluences;
    QGridLayout* m_grid = nullptr;
};

} // namespace marrow::ui
