// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/model/ids.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QTimer>

#include <vector>

namespace marrow::ui {

// The bones of one mesh's skin as a table for the Weight Paint panel: a
// padlock (the weight lock), the joint name, and how many vertices carry a
// non-zero weight of that bone. Rows follow the skin's joint order.
//
// The counts are a cache: weightsChanged and meshWeightsReplaced only mark it
// stale and start a short single-shot timer, so a stroke's dabs cost one
// recount after they settle, not one each. A rig swap is one model reset from
// rigAboutToBeReplaced (no rows) to rigReplaced (the mesh is dropped: the
// panel picks it again). It never mutates the document: the padlock pushes
// SetBoneLockCommand and the view refreshes from locksChanged.
class PaintBoneListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LockColumn = 0, NameColumn, CountColumn, ColumnCount };
    enum Role {
        JointIndexRole = Qt::UserRole + 1,  // int: the row's skeleton joint
        LockedRole,                         // bool
        VertexCountRole,                    // int
    };
    static constexpr int kRecountDelayMs = 120;

    explicit PaintBoneListModel(doc::Document* document, QObject* parent = nullptr);

    // The skinned mesh whose bones are listed (-1 or a rigid mesh: none).
    void setMesh(model::MeshId mesh);
    model::MeshId mesh() const { return m_mesh; }

    model::JointIndex jointAt(int row) const;
    int rowForJoint(model::JointIndex joint) const;  // -1 when the skin lacks it
    // Pushes one "Lock <joint>" / "Unlock <joint>".
    void toggleLock(int row);
    // Counts now if they are stale (the timer does this on its own).
    void recountNow();
    bool countsPending() const { return m_recount.isActive(); }
    // Counts computed so far (for tests): one per row.
    int vertexCount(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();
    void scheduleRecount(int mesh);
    void onLocksChanged();
    void onJointRenamed(model::JointIndex joint);

    QPointer<doc::Document> m_document;
    model::MeshId m_mesh = -1;
    std::vector<model::JointIndex> m_joints;  // skeleton joint per row
    std::vector<int> m_counts;                // per row
    QTimer m_recount;
};

} // namespace marrow::ui
