// SPDX-License-Identifier: MIT
#include "widgets/bone_tree/bone_tree_view.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QMouseEvent>
#include "widgets/bone_tree/bone_filter_proxy_model.h"

#include "core/workspace/selection.h"
#include "widgets/bone_tree/bone_tree_model.h"
#include "widgets/common/elided_name_delegate.h"

#include <QAbstractProxyModel>
#include <QItemSelectionModel>

#include <utility>

namespace marrow::ui {

namespace {

// RAII for the re-entrancy flag, so an early return cannot leave it set.
class SyncGuard {
public:
    explicit SyncGuard(bool& flag)
        : m_flag(flag)
    {
        m_flag = true;
    }
    ~SyncGuard() { m_flag = false; }
    SyncGuard(const SyncGuard&) = delete;
    SyncGuard& operator=(const SyncGuard&) = delete;

private:
    bool& m_flag;
};

// Follows proxy source models down to the source; the chain of proxies is
// short (normally one), so walking it per lookup is cheap.
QModelIndex toSource(QModelIndex index)
{
    while (index.isValid()) {
        const auto* proxy = qobject_cast<const QAbstractProxyModel*>(index.model());
        if (!proxy)
            break;
        index = proxy->mapToSource(index);
    }
    return index;
}

} // namespace

BoneTreeView::BoneTreeView(QWidget* parent)
    : QTreeView(parent)
{
    setHeaderHidden(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    setUniformRowHeights(true);  // joints are one line each; speeds up big rigs
    // Long names (mixamorig:RightHandThumb4) keep their end, where the side
    // and the number tell joints apart; the tooltip gives the whole name.
    setTextElideMode(Qt::ElideMiddle);
    setItemDelegateForColumn(BoneTreeModel::NameColumn, new ElidedNameDelegate(this));
}

void BoneTreeView::mousePressEvent(QMouseEvent* event)
{
    // A click on a padlock or a Deform bone toggles it and leaves the
    // selection alone (as Blender's toggles do).
    const QModelIndex index = indexAt(event->position().toPoint());
    const bool toggle = index.column() == BoneTreeModel::LockColumn || index.column() == BoneTreeModel::DeformColumn;
    if (event->button() == Qt::LeftButton && index.isValid() && toggle) {
        if (BoneTreeModel* bones = boneModel()) {
            const model::JointIndex joint = jointForViewIndex(index);
            if (joint >= 0) {
                if (index.column() == BoneTreeModel::LockColumn)
                    bones->toggleLock(joint);
                else
                    bones->toggleDeform(joint);
                event->accept();
                return;
            }
        }
    }
    {
        SyncGuard user(m_userEvent);
        QTreeView::mousePressEvent(event);
    }
    finishUserSelection();
}

void BoneTreeView::mouseReleaseEvent(QMouseEvent* event)
{
    {
        SyncGuard user(m_userEvent);
        QTreeView::mouseReleaseEvent(event);
    }
    finishUserSelection();
}

void BoneTreeView::keyPressEvent(QKeyEvent* event)
{
    {
        SyncGuard user(m_userEvent);
        QTreeView::keyPressEvent(event);
    }
    finishUserSelection();
}

QItemSelectionModel::SelectionFlags BoneTreeView::selectionCommand(const QModelIndex& index,
                                                                   const QEvent* event) const
{
    const QItemSelectionModel::SelectionFlags command = QTreeView::selectionCommand(index, event);
    // Qt clears the visible rows for a plain click, an arrow key or a click
    // on empty space; the user means the whole selection (Blender's click).
    if (m_userEvent && command.testFlag(QItemSelectionModel::Clear))
        m_replaceHidden = true;
    return command;
}

void BoneTreeView::finishUserSelection()
{
    if (m_replaceHidden)
        syncToSelection();
    m_replaceHidden = false;
}

void BoneTreeView::setJointSelection(ws::Selection* selection)
{
    if (m_selection)
        disconnect(m_selection, nullptr, this, nullptr);
    m_selection = selection;
    if (m_selection)
        connect(m_selection, &ws::Selection::jointsChanged, this, &BoneTreeView::syncFromSelection);
    syncFromSelection();
}

void BoneTreeView::setModel(QAbstractItemModel* newModel)
{
    for (const auto& c : std::as_const(m_modelConnections))
        disconnect(c);
    m_modelConnections.clear();
    m_structureChanging = false;
    // Rows leaving the view (a filter, a reset) make the selection model emit
    // selectionChanged from its own handlers; that is not the user
    // deselecting. The "about to" signals are connected before the base
    // class creates the selection model, so they run before its handlers...
    if (newModel) {
        const auto begin = [this] { m_structureChanging = true; };
        m_modelConnections << connect(newModel, &QAbstractItemModel::modelAboutToBeReset, this, begin)
                           << connect(newModel, &QAbstractItemModel::layoutAboutToBeChanged, this, begin)
                           << connect(newModel, &QAbstractItemModel::rowsAboutToBeRemoved, this, begin)
                           << connect(newModel, &QAbstractItemModel::rowsAboutToBeInserted, this, begin)
                           << connect(newModel, &QAbstractItemModel::rowsAboutToBeMoved, this, begin);
    }
    QTreeView::setModel(newModel);
    if (newModel && selectionModel()) {
        m_modelConnections << connect(selectionModel(), &QItemSelectionModel::selectionChanged, this,
                                      &BoneTreeView::syncToSelection);
        // ...and the "done" signals after, so they run after its handlers.
        // Then ws::Selection (the truth) is shown again on the new rows. A
        // reset is atomic, so that sync is immediate; a filter change arrives
        // as a series of row removals and insertions, and selecting between
        // two of them leaves stale indexes in the selection model, so that
        // sync waits for the event loop (coalesced into one).
        m_modelConnections << connect(newModel, &QAbstractItemModel::modelReset, this, [this] {
            m_structureChanging = false;
            // A new rig: the branches remembered before a filter were the old one's.
            m_expandedBeforeFilter.clear();
            m_revealWhenUnfiltered = true;
            revealHierarchy();
            syncFromSelection();
        });
        const auto end = [this] {
            m_structureChanging = false;
            if (m_syncQueued)
                return;
            m_syncQueued = true;
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_syncQueued = false;
                    syncFromSelection();
                },
                Qt::QueuedConnection);
        };
        m_modelConnections << connect(newModel, &QAbstractItemModel::layoutChanged, this, end)
                           << connect(newModel, &QAbstractItemModel::rowsRemoved, this, end)
                           << connect(newModel, &QAbstractItemModel::rowsInserted, this, end)
                           << connect(newModel, &QAbstractItemModel::rowsMoved, this, end);
    }
    // Names fill the dock's width, shortened when too long (the delegate), and
    // the padlocks stay in view beside them in a narrow column.
    header()->setStretchLastSection(false);
    if (header()->count() > BoneTreeModel::NameColumn)
        header()->setSectionResizeMode(BoneTreeModel::NameColumn, QHeaderView::Stretch);
    for (const int column : {int(BoneTreeModel::LockColumn), int(BoneTreeModel::DeformColumn)})
        if (header()->count() > column) {
            header()->setSectionResizeMode(column, QHeaderView::Fixed);
            header()->resizeSection(column, 24);
        }
    revealHierarchy();
    syncFromSelection();
}

void BoneTreeView::revealHierarchy()
{
    const BoneTreeModel* bones = boneModel();
    if (!bones)
        return;
    // A new rig opens showing its joints, as a rigging tool's outliner does,
    // not a single collapsed root.
    if (bones->jointCount() <= kExpandAllJoints)
        expandAll();
    else
        expandToDepth(kExpandedDepth - 1);
}

void BoneTreeView::setNameFilter(const QString& text)
{
    auto* filter = qobject_cast<BoneFilterProxyModel*>(model());
    if (!filter)
        return;
    const bool wasFiltering = !filter->nameFilter().isEmpty();
    // Filtering removes and re-inserts rows, and Qt forgets the expansion of
    // removed rows: remember the user's branches before the first letter,
    // put them back when the filter is cleared.
    if (!wasFiltering && !text.isEmpty()) {
        m_expandedBeforeFilter = expandedJoints();
        m_revealWhenUnfiltered = false;
    }
    filter->setNameFilter(text);
    if (!text.isEmpty()) {
        expandAll();  // every match visible, with its ancestors
    } else if (wasFiltering) {
        collapseAll();
        if (m_revealWhenUnfiltered)
            revealHierarchy();
        for (model::JointIndex joint : std::as_const(m_expandedBeforeFilter))
            expand(viewIndexForJoint(joint));
        m_expandedBeforeFilter.clear();
        m_revealWhenUnfiltered = false;
    }
}

QSet<model::JointIndex> BoneTreeView::expandedJoints() const
{
    QSet<model::JointIndex> joints;
    const BoneTreeModel* bones = boneModel();
    if (!bones)
        return joints;
    for (model::JointIndex joint = 0; joint < bones->jointCount(); ++joint) {
        const QModelIndex index = viewIndexForJoint(joint);
        if (index.isValid() && isExpanded(index))
            joints.insert(joint);
    }
    return joints;
}

BoneTreeModel* BoneTreeView::boneModel() const
{
    QAbstractItemModel* m = model();
    while (auto* proxy = qobject_cast<QAbstractProxyModel*>(m))
        m = proxy->sourceModel();
    return qobject_cast<BoneTreeModel*>(m);
}

QModelIndex BoneTreeView::viewIndexForJoint(model::JointIndex joint) const
{
    const BoneTreeModel* source = boneModel();
    if (!source)
        return {};
    // Map up through the proxies: collect the chain top-down, then walk it bottom-up.
    QList<const QAbstractProxyModel*> chain;
    for (QAbstractItemModel* m = model(); auto* proxy = qobject_cast<QAbstractProxyModel*>(m);
         m = proxy->sourceModel())
        chain.prepend(proxy);
    QModelIndex index = source->indexForJoint(joint);
    for (const QAbstractProxyModel* proxy : std::as_const(chain))
        index = proxy->mapFromSource(index);
    return index;
}

model::JointIndex BoneTreeView::jointForViewIndex(const QModelIndex& index) const
{
    const BoneTreeModel* source = boneModel();
    return source ? source->jointForIndex(toSource(index)) : -1;
}

void BoneTreeView::syncToSelection()
{
    if (m_syncing || m_structureChanging || !m_selection || !selectionModel())
        return;
    SyncGuard guard(m_syncing);
    QList<model::JointIndex> joints;
    // Joints the filter hides stay selected (filtering is not deselecting),
    // unless the user's click replaces the selection.
    if (!std::exchange(m_replaceHidden, false)) {
        for (model::JointIndex joint : m_selection->joints()) {
            if (!viewIndexForJoint(joint).isValid())
                joints.append(joint);
        }
    }
    // Keep the existing click order for rows still selected, then add new ones,
    // so ws::Selection's "current joint" (the last) stays meaningful.
    const QModelIndexList rows = selectionModel()->selectedRows(0);
    QList<model::JointIndex> selectedNow;
    for (const QModelIndex& row : rows) {
        const model::JointIndex joint = jointForViewIndex(row);
        if (joint >= 0)
            selectedNow.append(joint);
    }
    for (model::JointIndex joint : m_selection->joints()) {
        if (selectedNow.contains(joint) && !joints.contains(joint))
            joints.append(joint);
    }
    for (model::JointIndex joint : std::as_const(selectedNow)) {
        if (!joints.contains(joint))
            joints.append(joint);
    }
    // The clicked row (the current index) becomes the current joint.
    const model::JointIndex current = jointForViewIndex(selectionModel()->currentIndex());
    if (current >= 0 && joints.removeOne(current))
        joints.append(current);
    if (joints != m_selection->joints())
        m_selection->setJoints(joints);
    updateHiddenCount();
}

void BoneTreeView::syncFromSelection()
{
    if (m_syncing || m_structureChanging || !m_selection || !selectionModel())
        return;
    SyncGuard guard(m_syncing);
    QItemSelection rows;
    for (model::JointIndex joint : m_selection->joints()) {
        const QModelIndex index = viewIndexForJoint(joint);
        if (index.isValid())
            rows.select(index, index);
    }
    selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    const QModelIndex current = viewIndexForJoint(m_selection->currentJoint());
    if (current.isValid()) {
        selectionModel()->setCurrentIndex(current, QItemSelectionModel::NoUpdate);
        scrollTo(current);  // expands collapsed ancestors too
    }
    updateHiddenCount();
}

void BoneTreeView::updateHiddenCount()
{
    int hidden = 0;
    if (m_selection) {
        for (model::JointIndex joint : m_selection->joints())
            hidden += viewIndexForJoint(joint).isValid() ? 0 : 1;
    }
    if (hidden == m_hiddenSelected)
        return;
    m_hiddenSelected = hidden;
    emit hiddenSelectedCountChanged(hidden);
}

} // namespace marrow::ui
