// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "core/workspace/selection.h"

#include <QPointer>
#include <QSet>
#include <QTreeView>

namespace marrow::ui {

class BoneTreeModel;

// The bone tree dock's view. Its model is a BoneTreeModel, directly or behind
// any chain of QAbstractProxyModels (the name filter). It keeps its
// QItemSelectionModel and the shared ws::Selection in step both ways: a
// click selects the joint in ws::Selection (the clicked row becomes the
// current joint), and ws::Selection::jointsChanged selects the rows, makes
// the current joint's row current and scrolls to it (expanding its parents).
//
// Invariant: ws::Selection is the truth. A guard flag stops each direction
// from echoing back into the other, and joints whose rows are filtered out
// stay selected, so typing in the filter never changes the selection.
class BoneTreeView : public QTreeView {
    Q_OBJECT
public:
    explicit BoneTreeView(QWidget* parent = nullptr);

    // The shared selection (may be null: the view then selects on its own).
    void setJointSelection(ws::Selection* selection);
    ws::Selection* jointSelection() const { return m_selection; }

    void setModel(QAbstractItemModel* model) override;

    // The BoneTreeModel under the proxies, or null.
    BoneTreeModel* boneModel() const;
    QModelIndex viewIndexForJoint(model::JointIndex joint) const;   // invalid when hidden by a filter
    model::JointIndex jointForViewIndex(const QModelIndex& index) const;
    // The joints whose rows are expanded (visible rows only).
    QSet<model::JointIndex> expandedJoints() const;

    // Rigs up to this many joints open fully expanded; larger ones show their
    // first levels, so a 10,000-joint chain does not open as 10,000 indents.
    static constexpr int kExpandAllJoints = 300;
    static constexpr int kExpandedDepth = 3;

protected:
    void mousePressEvent(QMouseEvent* event) override;

public slots:
    // Filters the rows by name through the BoneFilterProxyModel this view
    // shows (if any), expanding every match while filtering and giving back
    // the branches the user had expanded once the filter is cleared.
    void setNameFilter(const QString& text);

private:
    void revealHierarchy();      // on a new model or rig: expand as above
    void syncFromSelection();    // ws::Selection -> rows
    void syncToSelection();      // rows -> ws::Selection

    QPointer<ws::Selection> m_selection;
    QList<QMetaObject::Connection> m_modelConnections;
    bool m_syncing = false;            // inside one sync direction: the other must not echo
    bool m_structureChanging = false;  // between a model's "about to" and "done" signals
    bool m_syncQueued = false;         // a syncFromSelection is waiting in the event loop
    QSet<model::JointIndex> m_expandedBeforeFilter;  // the user's branches while a filter is on
    bool m_revealWhenUnfiltered = false;  // the rig changed under the filter: clearing it shows the new rig as opened
};

} // namespace marrow::ui
