// SPDX-License-Identifier: MIT
#pragma once
#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PaintSelection;
class Selection;
}

namespace marrow::ui {

class WeightTableModel;

// The Weight Table dock's content: an order chooser (Hierarchy or Name), the
// WeightTableModel in a table view, and a line saying what to do when no
// vertex is selected. With the table focused, Ctrl+C copies the selected
// cells as tab-separated text and Ctrl+V pastes such a block at the current
// cell (one undo entry), as between spreadsheets.
class WeightTablePanel : public QWidget {
    Q_OBJECT
public:
    WeightTablePanel(doc::Document* document, ws::Selection* selection, ws::PaintSelection* vertices,
                     QWidget* parent = nullptr);

    WeightTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QComboBox* orderBox() const { return m_order; }
    // Copies the selected cells (a bounding block) as TSV to the clipboard.
    void copySelection();
    // Pastes the clipboard's TSV at the current cell; false when nothing changed.
    bool paste();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateEmptyState();

    WeightTableModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    QComboBox* m_order = nullptr;
    QLabel* m_empty = nullptr;
};

} // namespace marrow::ui
