// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/weight_health.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PaintSelection;
class Selection;
}

namespace marrow::ui {

// The Weight Health dock: the active mesh's figures (model::checkWeightHealth):
// vertices over the export profile's influence limit, asymmetric above a
// tolerance, weightless, unnormalised, changed on import; deforming bones with no weights and
// non-deforming bones with weights. Clicking a vertex row selects those
// vertices in Weight Paint (so the mask and the Weights menu act on them);
// clicking a bone row selects those bones. Refreshed a moment after each
// change (weights, locks, flags, the profile, the active mesh) while shown;
// a hidden panel catches up when it is shown.
class WeightHealthPanel : public QWidget {
    Q_OBJECT
public:
    WeightHealthPanel(doc::Document* document, ws::Selection* selection, ws::PaintSelection* vertices,
                      QWidget* parent = nullptr);

    enum class Row {
        OverInfluences,
        Asymmetric,
        Weightless,
        Unnormalised,
        ChangedOnImport,  // rows the import repaired (Document::importChanges)
        DeformingWithoutWeights,
        NonDeformingWithWeights
    };
    QTreeWidget* tree() const { return m_tree; }
    QDoubleSpinBox* toleranceBox() const { return m_tolerance; }
    QTreeWidgetItem* item(Row row) const;
    // Recomputes now (tests; the panel does it a moment after a change).
    void refresh();
    // What clicking the row does: selects its vertices or bones.
    void activate(Row row);
    const model::WeightHealth& health() const { return m_health; }
    // Puts the heat map's view selector (the app's) at the panel's top.
    void setViewSelector(QWidget* selector);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void scheduleRefresh();

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::PaintSelection> m_vertices;
    QTreeWidget* m_tree = nullptr;
    QDoubleSpinBox* m_tolerance = nullptr;
    QLabel* m_mesh = nullptr;
    QTimer m_refresh;
    model::WeightHealth m_health;
    std::vector<std::uint32_t> m_changed;  // the active mesh's vertices changed on import
    int m_checkedMesh = -1;
    bool m_stale = false;  // a change came while hidden
};

} // namespace marrow::ui
