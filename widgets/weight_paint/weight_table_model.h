// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "core/skin/weight_table_edit.h"

#include <QAbstractTableModel>
#include <QPointer>

#include <vector>

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class BrushState;
class PaintSelection;
class Selection;
}

namespace marrow::ui {

// The weight table (Maya's Component Editor, Smooth Skins): the active
// mesh's selected vertices as rows, under a first "hold" row marking the
// locked bones, and as columns the bones that weight any of them (bones at
// zero on every row hidden), by name or by hierarchy; the active bone's
// column is tinted. Cells are weights; typing one sets it and the row's
// other unlocked bones share the rest (skin::tableEditDelta), one undo
// entry; setBlock pastes many cells as one. Rows are computed when the view
// asks (10,000 selected vertices cost a vertex list); the table follows the
// brush, the vertex selection, locks and undo as they happen.
class WeightTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Order { Name, Hierarchy };

    WeightTableModel(doc::Document* document, ws::Selection* selection, ws::PaintSelection* vertices,
                     QObject* parent = nullptr);

    Order order() const { return m_order; }
    void setOrder(Order order);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // Pastes `values` (rows of columns) with its top-left at `topLeft`, one
    // undo entry ("Paste Weights"); cells past the table are dropped. False
    // when nothing changed.
    bool setBlock(const QModelIndex& topLeft, const std::vector<std::vector<float>>& values);

    // The row's vertex (-1 for the hold row or out of range) and the column's skin joint.
    std::int64_t vertexAt(int row) const;
    int skinJointAt(int column) const;
    model::MeshId mesh() const { return m_mesh; }
    // Whose X-Mirror edits follow (edits written to the mirror position too); null: none.
    void setBrush(const ws::BrushState* brush);
    static constexpr int kHoldRow = 0;

signals:
    // A typed or pasted value the locks make impossible left its row as it
    // was: why ("Hips is locked", "the other influences are all locked ...").
    void editRefused(const QString& why);

private:
    void rebuild();
    void onWeightsChanged(int mesh);
    std::vector<int> weightedColumns() const;
    bool lockedColumn(int column) const;
    bool apply(const std::vector<skin::CellEdit>& edits, const QString& text);

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    QPointer<ws::PaintSelection> m_vertices;
    QPointer<const ws::BrushState> m_brush;
    Order m_order = Order::Hierarchy;
    model::MeshId m_mesh = -1;
    std::vector<std::uint32_t> m_rows;  // the selected vertices
    std::vector<int> m_columns;         // skin joints, in m_order
};

} // namespace marrow::ui
