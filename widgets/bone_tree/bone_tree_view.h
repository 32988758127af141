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
// from echoing back into the other. Typing in the filter never changes the
// selection: joints whose rows it hides stay selected, and Ctrl/Shift+click
// adds to them. A plain click (or arrow key) replaces the whole selection,
// hidden joints included, so R and I never act on a bone the user cannot
// see; hiddenSelectedCount() says how many the filter hides.
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
    // Selected joints whose rows the name filter hides (0 without a filter).
    int hiddenSelectedCount() const { return m_hiddenSelected; }

    // Rigs up to this many joints open fully expanded; larger ones show their
    // first levels, so a 10,000-joint chain does not open as 10,000 indents.
    static constexpr int kExpandAllJoints = 300;
    static constexpr int kExpandedDepth = 3;

signals:
    void hiddenSelectedCountChanged(int count);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    QItemSelectionModel::SelectionFlags selectionCommand(const QModelIndex& index,
                                                         const QEvent* event = nullptr) const override;

public slots:
    // Filters the rows by name through the BoneFilterProxyModel this view
    // shows (if any), expanding every match while filtering and giving back
    // the branches the user had expanded once the filter is cleared.
    void setNameFilter(const QString& text);

private:
    void revealHierarchy();      // on a new model or rig: expand as above
    void syncFromSelection();    // ws::Selection -> rows
    void syncToSelection();      // rows -> ws::Selection
    void updateHiddenCount();
    // After a user event: a replacing command that changed no visible row
    // (a click on the one row already selected) still drops hidden joints.
    void finishUserSelection();

    QPointer<ws::Selection> m_selection;
    QList<QMetaObject::Connection> m_modelConnections;
    bool m_syncing = false;            // inside one sync direction: the other must not echo
    bool m_structureChanging = false;  // between a model's "about to" and "done" signals
    bool m_syncQueued = false;         // a syncFromSelection is waiting in the event loop
    QSet<model::JointIndex> m_expandedBeforeFilter;  // the user's branches while a filter is on
    bool m_revealWhenUnfiltered = false;  // the rig changed under the filter: clearing it shows the new rig as opened
    bool m_userEvent = false;             // inside a mouse or key handler
    mutable bool m_replaceHidden = false;  // that event's selection command clears: hidden joints go too
    int m_hiddenSelected = 0;
};

} // namespace marrow::ui
