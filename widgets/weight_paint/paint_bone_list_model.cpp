// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/paint_bone_list_model.h"

#include "core/commands/set_bone_lock_command.h"
#include "widgets/bone_tree/lock_icon.h"

#include <algorithm>

namespace marrow::ui {

PaintBoneListModel::PaintBoneListModel(doc::Document* document, QObject* parent)
    : QAbstractTableModel(parent)
    , m_document(document)
{
    m_recount.setSingleShot(true);
    m_recount.setInterval(kRecountDelayMs);
    connect(&m_recount, &QTimer::timeout, this, &PaintBoneListModel::recountNow);
    if (!m_document)
        return;
    connect(m_document, &doc::Document::rigAboutToBeReplaced, this, [this] {
        beginResetModel();
        m_recount.stop();
        m_mesh = -1;
        m_joints.clear();
        m_counts.clear();
        endResetModel();
    });
    connect(m_document, &doc::Document::rigReplaced, this, [this] { setMesh(-1); });
    connect(m_document, &doc::Document::locksChanged, this, &PaintBoneListModel::onLocksChanged);
    connect(m_document, &doc::Document::jointRenamed, this, &PaintBoneListModel::onJointRenamed);
    connect(m_document, &doc::Document::weightsChanged, this,
            [this](int mesh, const QList<quint32>&) { scheduleRecount(mesh); });
    connect(m_document, &doc::Document::meshWeightsReplaced, this, &PaintBoneListModel::scheduleRecount);
    // Painting a bone the skin lacked adds a row.
    connect(m_document, &doc::Document::skinJointsChanged, this, [this] { setMesh(m_mesh); });
}

void PaintBoneListModel::setMesh(model::MeshId mesh)
{
    beginResetModel();
    m_mesh = mesh;
    rebuild();
    endResetModel();
}

void PaintBoneListModel::rebuild()
{
    m_recount.stop();
    m_joints.clear();
    m_counts.clear();
    if (!m_document)
        return;
    const model::Rig& rig = m_document->rig();
    if (m_mesh < 0 || static_cast<std::size_t>(m_mesh) >= rig.meshes.size() ||
        !rig.meshes[static_cast<std::size_t>(m_mesh)].skinned()) {
        m_mesh = -1;
        return;
    }
    const auto& skin = rig.skins[static_cast<std::size_t>(rig.meshes[static_cast<std::size_t>(m_mesh)].skin)];
    m_joints.assign(skin.joints.begin(), skin.joints.end());
    m_counts.assign(m_joints.size(), 0);
    m_recount.start();
}

void PaintBoneListModel::scheduleRecount(int mesh)
{
    if (mesh == m_mesh && m_mesh >= 0)
        m_recount.start();  // restarts: a stroke's dabs coalesce into one count
}

void PaintBoneListModel::recountNow()
{
    m_recount.stop();
    if (!m_document || m_mesh < 0 || m_joints.empty())
        return;
    const model::Rig& rig = m_document->rig();
    const mesh::Mesh& m = rig.meshes[static_cast<std::size_t>(m_mesh)];
    // Painting a bone the skin lacked appends it to the skin in the stroke's
    // undo entry: the rows follow the skin again (one reset), then count.
    const auto& skinJoints = rig.skins[static_cast<std::size_t>(m.skin)].joints;
    if (!std::equal(skinJoints.begin(), skinJoints.end(), m_joints.begin(), m_joints.end())) {
        setMesh(m_mesh);
        m_recount.stop();  // counted right here
        if (m_joints.empty())
            return;
    }
    const mesh::SkinWeights& w = m.weights;
    std::vector<int> counts(m_joints.size(), 0);
    for (std::size_t i = 0; i < w.weights.size(); ++i)
        if (w.weights[i] > 0.f && w.joints[i] < counts.size())
            ++counts[w.joints[i]];
    if (counts == m_counts)
        return;
    m_counts = std::move(counts);
    emit dataChanged(index(0, CountColumn), index(rowCount() - 1, CountColumn), {Qt::DisplayRole, VertexCountRole});
}

int PaintBoneListModel::vertexCount(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < m_counts.size() ? m_counts[static_cast<std::size_t>(row)] : 0;
}

model::JointIndex PaintBoneListModel::jointAt(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < m_joints.size() ? m_joints[static_cast<std::size_t>(row)] : -1;
}

int PaintBoneListModel::rowForJoint(model::JointIndex joint) const
{
    for (std::size_t r = 0; r < m_joints.size(); ++r)
        if (m_joints[r] == joint)
            return static_cast<int>(r);
    return -1;
}

void PaintBoneListModel::toggleLock(int row)
{
    const model::JointIndex joint = jointAt(row);
    if (!m_document || joint < 0)
        return;
    m_document->undoStack()->push(new cmd::SetBoneLockCommand(m_document, {joint}, !m_document->isLocked(joint)));
}

void PaintBoneListModel::onLocksChanged()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, LockColumn), index(rowCount() - 1, LockColumn),
                         {Qt::DecorationRole, Qt::ToolTipRole, LockedRole});
}

void PaintBoneListModel::onJointRenamed(model::JointIndex joint)
{
    const int row = rowForJoint(joint);
    if (row >= 0)
        emit dataChanged(index(row, NameColumn), index(row, NameColumn), {Qt::DisplayRole});
}

int PaintBoneListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_joints.size());
}

int PaintBoneListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PaintBoneListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_document)
        return {};
    const model::JointIndex joint = jointAt(index.row());
    const bool locked = m_document->isLocked(joint);
    switch (role) {
    case JointIndexRole:
        return joint;
    case LockedRole:
        return locked;
    case VertexCountRole:
        return vertexCount(index.row());
    default:
        break;
    }
    switch (index.column()) {
    case LockColumn:
        if (role == Qt::DecorationRole)
            return lockIcon(locked);
        if (role == Qt::ToolTipRole)
            return locked ? tr("Weights locked: the brush leaves this bone alone. Click to unlock.")
                          : tr("Click to lock this bone's weights");
        return {};
    case NameColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return QString::fromStdString(m_document->rig().skeleton.names[static_cast<std::size_t>(joint)]);
        return {};
    case CountColumn:
        if (role == Qt::DisplayRole)
            return vertexCount(index.row());
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::ToolTipRole)
            return tr("Vertices with a non-zero weight of this bone");
        return {};
    default:
        return {};
    }
}

QVariant PaintBoneListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (section == LockColumn && role == Qt::DecorationRole)
        return lockIcon(true);
    if (role == Qt::ToolTipRole && section == LockColumn)
        return tr("Weight locks");
    if (role != Qt::DisplayRole)
        return {};
    if (section == NameColumn)
        return tr("Bone");
    if (section == CountColumn)
        return tr("Verts");
    return {};
}

} // namespace marrow::ui
