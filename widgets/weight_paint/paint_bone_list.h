// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/workspace/selection.h"

#include <QPointer>
#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace marrow::ui {

class PaintBoneListModel;

// The paint mesh's bones with a name filter: a click on a row makes that
// joint the active bone (Selection::selectJoint), a click on the padlock
// toggles the lock and leaves the selection alone, and the active bone's row
// follows the selection made elsewhere (tree, viewport).
class PaintBoneList : public QWidget {
    Q_OBJECT
public:
    PaintBoneList(doc::Document* document, ws::Selection* selection, QWidget* parent = nullptr);

    void setMesh(model::MeshId mesh);
    PaintBoneListModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTreeView* view() const { return m_view; }
    QLineEdit* filter() const { return m_filter; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void syncFromSelection();

    QPointer<ws::Selection> m_selection;
    PaintBoneListModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QTreeView* m_view;
    bool m_syncing = false;
};

} // namespace marrow::ui
