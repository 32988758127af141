// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/model/ids.h"
#include "core/workspace/selection.h"

#include <QAbstractItemModel>
#include <QPointer>

#include <vector>

namespace marrow::ui {

// The document's skeleton as a tree: one row per joint under its parent, one
// column holding the joint name. A QModelIndex's internalId is its joint
// index, so mapping both ways is O(1).
//
// Owns only caches derived from the document: children per joint, each
// joint's row under its parent, which joints are bones (used by a skin) and
// which are animated in the selection's active clip. A rig swap is one model
// reset from rigAboutToBeReplaced (caches emptied) to rigReplaced (rebuilt),
// so between the two the model has no rows and emits nothing; structure
// (rows and parents) comes from the caches only, never from the live rig. The
// animated marks are refreshed on keysChanged, clipsChanged and
// activeClipChanged. It never mutates the
// document: renaming pushes RenameJointCommand, and the view refreshes from
// jointRenamed, so undo and redo refresh it by the same path as the edit.
class BoneTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Role {
        JointIndexRole = Qt::UserRole + 1,  // int: the joint's skeleton index
        IsBoneRole,                         // bool: some skin uses the joint (vs a plain node)
        AnimatedRole,                       // bool: the active clip has a track for the joint
        LockedRole,                         // bool: the joint's weights are locked
        DeformRole,                         // bool: the joint deforms (Document::deformMask)
    };
    // Column 0 holds the name (and the tree); column 1 a padlock that shows,
    // and on a click toggles, the joint's weight lock; column 2 a bone that
    // shows, and on a click toggles, a bone's Deform flag.
    enum Column { NameColumn = 0, LockColumn = 1, DeformColumn = 2, ColumnCount };

    // `selection` may be null: nothing is then marked animated.
    explicit BoneTreeModel(doc::Document* document, ws::Selection* selection = nullptr, QObject* parent = nullptr);

    QModelIndex indexForJoint(model::JointIndex joint, int column = NameColumn) const;
    // Pushes one "Deform <joint>" / "No Deform <joint>" (bones only).
    void toggleDeform(model::JointIndex joint);
    // Pushes one "Lock <joint>" / "Unlock <joint>" on the document's undo stack.
    void toggleLock(model::JointIndex joint);
    // -1 for an invalid index or one from another model.
    model::JointIndex jointForIndex(const QModelIndex& index) const;
    bool isAnimated(model::JointIndex joint) const;
    bool isBone(model::JointIndex joint) const;
    int jointCount() const { return static_cast<int>(m_row.size()); }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    // EditRole: pushes one "Rename Joint" on the document's undo stack. Empty
    // (after trimming) names are refused; an unchanged name pushes nothing.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    void clearCaches();
    void rebuild();
    void onRigAboutToBeReplaced();
    void onRigReplaced();
    void onJointRenamed(model::JointIndex joint);
    void onKeysChanged(int clip, model::JointIndex joint);
    void onLocksChanged();
    void onDeformChanged();
    void onSkinsChanged();  // a bind, its undo or a painted joint: which joints are bones
    // Recomputes every animated mark and emits dataChanged for those that flipped.
    void refreshAnimated();
    void emitJointChanged(model::JointIndex joint, const QList<int>& roles);
    std::vector<std::uint8_t> computeAnimated() const;
    QVariant lockData(model::JointIndex joint, int role) const;
    QVariant deformData(model::JointIndex joint, int role) const;
    bool deforms(model::JointIndex joint) const;
    bool validJoint(model::JointIndex joint) const;

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selection;
    std::vector<model::JointIndex> m_roots;
    std::vector<std::vector<model::JointIndex>> m_children;  // per joint, in index order
    std::vector<int> m_row;                                  // per joint: row under its parent
    std::vector<model::JointIndex> m_parent;                 // per joint: its parent (kNoParent for roots)
    std::vector<std::uint8_t> m_bone;                        // per joint: 1 if a skin uses it
    std::vector<std::uint8_t> m_animated;                    // per joint: 1 if the active clip has a track
    bool m_resetting = false;                                // between beginResetModel and endResetModel
    // Document::deformMask scans every weight: read once per change, not per cell.
    mutable std::vector<std::uint8_t> m_deformMask;
    mutable bool m_deformStale = true;
};

} // namespace marrow::ui
