// SPDX-License-Identifier: MIT
#include "widgets/bone_tree/bone_tree_model.h"

#include "core/commands/rename_joint_command.h"
#include "core/commands/set_bone_deform_command.h"
#include "core/commands/set_bone_lock_command.h"
#include "core/document/document.h"
#include "core/workspace/selection.h"
#include "widgets/bone_tree/deform_icon.h"
#include "widgets/bone_tree/lock_icon.h"

#include <QColor>
#include <QIcon>
#include <QPainter>
#include <QPen>
#include <QPixmap>

namespace marrow::ui {

namespace {
// Amber, readable on light and dark palettes, for "animated in this clip".
const QColor kAnimatedColor(232, 160, 32);

// A small key diamond, as Blender and Maya mark animated properties: a full
// colour swatch at row height is loud when most joints are animated.
QIcon animatedIcon()
{
    static const QIcon icon = [] {
        QIcon result;
        for (const int size : {16, 32}) {
            QPixmap pixmap(size, size);
            pixmap.fill(Qt::transparent);
            QPainter painter(&pixmap);
            painter.setRenderHint(QPainter::Antialiasing);
            const qreal c = size / 2.0, r = size * 0.22;
            const QPointF diamond[] = {{c, c - r}, {c + r, c}, {c, c + r}, {c - r, c}};
            // A dark rim: the amber diamond stays visible on the (orange)
            // selected row as on the plain one.
            painter.setPen(QPen(QColor(24, 24, 28), size / 10.0));
            painter.setBrush(kAnimatedColor);
            painter.drawPolygon(diamond, 4);
            painter.end();
            result.addPixmap(pixmap);
        }
        return result;
    }();
    return icon;
}
} // namespace

BoneTreeModel::BoneTreeModel(doc::Document* document, ws::Selection* selection, QObject* parent)
    : QAbstractItemModel(parent)
    , m_document(document)
    , m_selection(selection)
{
    if (m_document) {
        connect(m_document, &doc::Document::rigAboutToBeReplaced, this, &BoneTreeModel::onRigAboutToBeReplaced);
        connect(m_document, &doc::Document::rigReplaced, this, &BoneTreeModel::onRigReplaced);
        connect(m_document, &doc::Document::jointRenamed, this, &BoneTreeModel::onJointRenamed);
        connect(m_document, &doc::Document::keysChanged, this,
                [this](int clip, model::JointIndex joint, anim::ChannelMask) { onKeysChanged(clip, joint); });
        connect(m_document, &doc::Document::clipsChanged, this, &BoneTreeModel::refreshAnimated);
        connect(m_document, &doc::Document::locksChanged, this, &BoneTreeModel::onLocksChanged);
        connect(m_document, &doc::Document::deformChanged, this, &BoneTreeModel::onDeformChanged);
        // The default Deform follows which bones carry weight: a stroke or a
        // bulk operation can change it.
        connect(m_document, &doc::Document::meshWeightsReplaced, this, &BoneTreeModel::onDeformChanged);
        connect(m_document, &doc::Document::weightsChanged, this, &BoneTreeModel::onDeformChanged);
        // A bind gives plain nodes a skin (and Deform), its undo takes it away.
        connect(m_document, &doc::Document::skinJointsChanged, this, &BoneTreeModel::onSkinsChanged);
    }
    if (m_selection)
        connect(m_selection, &ws::Selection::activeClipChanged, this, &BoneTreeModel::refreshAnimated);
    rebuild();
}

bool BoneTreeModel::validJoint(model::JointIndex joint) const
{
    return joint >= 0 && static_cast<std::size_t>(joint) < m_row.size();
}

void BoneTreeModel::clearCaches()
{
    m_roots.clear();
    m_children.clear();
    m_row.clear();
    m_parent.clear();
    m_bone.clear();
    m_animated.clear();
    m_deformStale = true;
}

void BoneTreeModel::rebuild()
{
    clearCaches();
    if (!m_document)
        return;
    const model::Rig& rig = m_document->rig();
    const auto& parents = rig.skeleton.parents;
    const std::size_t n = parents.size();
    m_children.resize(n);
    m_row.resize(n, 0);
    m_parent.assign(parents.begin(), parents.end());
    // Parents come before children (Skeleton invariant), so one pass in index
    // order lists every joint under its parent, siblings in index order.
    for (std::size_t i = 0; i < n; ++i) {
        const auto joint = static_cast<model::JointIndex>(i);
        const model::JointIndex p = parents[i];
        auto& siblings = (p == anim::kNoParent) ? m_roots : m_children[static_cast<std::size_t>(p)];
        m_row[i] = static_cast<int>(siblings.size());
        siblings.push_back(joint);
    }
    m_bone = rig.boneMask();
    m_bone.resize(n, 0);
    m_animated = computeAnimated();
}

std::vector<std::uint8_t> BoneTreeModel::computeAnimated() const
{
    std::vector<std::uint8_t> animated(m_row.size(), 0);
    if (!m_document || !m_selection)
        return animated;
    const anim::Clip* clip = m_document->rig().clipAt(m_selection->activeClip());
    if (!clip)
        return animated;
    for (const anim::JointTrack& track : clip->tracks) {
        // A track whose channels are all empty animates nothing.
        if (validJoint(track.joint) && track.mask() != 0)
            animated[static_cast<std::size_t>(track.joint)] = 1;
    }
    return animated;
}

void BoneTreeModel::onRigAboutToBeReplaced()
{
    // From here to rigReplaced the model is empty: a slot that runs before
    // ours on rigReplaced (Selection announcing the new active clip) must not
    // make us emit rows of the old rig against the new one.
    if (!m_resetting) {
        beginResetModel();
        m_resetting = true;
    }
    clearCaches();
}

void BoneTreeModel::onRigReplaced()
{
    if (!m_resetting)
        beginResetModel();  // a document that swapped without the first phase
    rebuild();
    m_resetting = false;
    endResetModel();
}

void BoneTreeModel::onJointRenamed(model::JointIndex joint)
{
    emitJointChanged(joint, {Qt::DisplayRole, Qt::EditRole, Qt::ToolTipRole});
}

void BoneTreeModel::onKeysChanged(int clip, model::JointIndex joint)
{
    if (!m_selection || clip != m_selection->activeClip() || !validJoint(joint))
        return;
    // Cheap enough to recompute all: it also catches a track that became empty.
    refreshAnimated();
}

void BoneTreeModel::refreshAnimated()
{
    if (m_resetting)
        return;  // the reset's rebuild computes the marks afresh
    std::vector<std::uint8_t> animated = computeAnimated();
    if (animated.size() != m_animated.size())
        return;
    std::swap(animated, m_animated);
    for (std::size_t i = 0; i < m_animated.size(); ++i) {
        if (animated[i] != m_animated[i])
            emitJointChanged(static_cast<model::JointIndex>(i), {AnimatedRole, Qt::DecorationRole, Qt::ToolTipRole});
    }
}

void BoneTreeModel::emitJointChanged(model::JointIndex joint, const QList<int>& roles)
{
    const QModelIndex idx = indexForJoint(joint);
    if (idx.isValid())
        emit dataChanged(idx, idx, roles);
}

QModelIndex BoneTreeModel::indexForJoint(model::JointIndex joint, int column) const
{
    if (!validJoint(joint) || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(m_row[static_cast<std::size_t>(joint)], column, static_cast<quintptr>(joint));
}

void BoneTreeModel::toggleLock(model::JointIndex joint)
{
    if (!m_document || !validJoint(joint) || m_resetting)
        return;
    // The padlock refreshes from locksChanged, for undo and redo alike.
    m_document->undoStack()->push(new cmd::SetBoneLockCommand(m_document, {joint}, !m_document->isLocked(joint)));
}

void BoneTreeModel::toggleDeform(model::JointIndex joint)
{
    if (!m_document || !validJoint(joint) || m_resetting || !isBone(joint))
        return;
    m_document->undoStack()->push(new cmd::SetBoneDeformCommand(m_document, {joint}, !deforms(joint)));
}

bool BoneTreeModel::deforms(model::JointIndex joint) const
{
    if (m_deformStale) {
        m_deformMask = m_document->deformMask();
        m_deformStale = false;
    }
    const auto j = static_cast<std::size_t>(joint);
    return j < m_deformMask.size() && m_deformMask[j] != 0;
}

void BoneTreeModel::onDeformChanged()
{
    m_deformStale = true;
    if (m_resetting || m_row.empty())
        return;
    const auto announce = [this](const std::vector<model::JointIndex>& siblings) {
        if (!siblings.empty())
            emit dataChanged(indexForJoint(siblings.front(), DeformColumn),
                             indexForJoint(siblings.back(), DeformColumn),
                             {Qt::DecorationRole, Qt::ToolTipRole, DeformRole});
    };
    announce(m_roots);
    for (const auto& children : m_children)
        announce(children);
}

void BoneTreeModel::onSkinsChanged()
{
    if (m_resetting || m_row.empty())
        return;
    std::vector<std::uint8_t> bone = m_document->rig().boneMask();
    bone.resize(m_row.size(), 0);
    if (bone == m_bone) {
        onDeformChanged();
        return;
    }
    m_bone = std::move(bone);
    m_deformStale = true;
    // Every column: a bone's name stops being grey and gets its Deform icon.
    const auto announce = [this](const std::vector<model::JointIndex>& siblings) {
        if (!siblings.empty())
            emit dataChanged(indexForJoint(siblings.front(), NameColumn),
                             indexForJoint(siblings.back(), ColumnCount - 1));
    };
    announce(m_roots);
    for (const auto& children : m_children)
        announce(children);
}

void BoneTreeModel::onLocksChanged()
{
    if (m_resetting || m_row.empty())
        return;
    // One dataChanged per sibling group (a range needs one parent), not one per joint.
    const auto announce = [this](const std::vector<model::JointIndex>& siblings) {
        if (siblings.empty())
            return;
        emit dataChanged(indexForJoint(siblings.front(), LockColumn), indexForJoint(siblings.back(), LockColumn),
                         {Qt::DecorationRole, Qt::ToolTipRole, LockedRole});
    };
    announce(m_roots);
    for (const auto& children : m_children)
        announce(children);
}

model::JointIndex BoneTreeModel::jointForIndex(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return -1;
    const auto joint = static_cast<model::JointIndex>(index.internalId());
    return validJoint(joint) ? joint : -1;
}

bool BoneTreeModel::isAnimated(model::JointIndex joint) const
{
    return validJoint(joint) && m_animated[static_cast<std::size_t>(joint)] != 0;
}

bool BoneTreeModel::isBone(model::JointIndex joint) const
{
    return validJoint(joint) && m_bone[static_cast<std::size_t>(joint)] != 0;
}

QModelIndex BoneTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const std::vector<model::JointIndex>* siblings = &m_roots;
    if (parent.isValid()) {
        const model::JointIndex p = jointForIndex(parent);
        if (p < 0 || parent.column() != 0)
            return {};
        siblings = &m_children[static_cast<std::size_t>(p)];
    }
    if (static_cast<std::size_t>(row) >= siblings->size())
        return {};
    return createIndex(row, column, static_cast<quintptr>((*siblings)[static_cast<std::size_t>(row)]));
}

QModelIndex BoneTreeModel::parent(const QModelIndex& child) const
{
    // The cached parents, never the live rig: structure queries must agree
    // with the rows this model has announced, whatever the document holds.
    const model::JointIndex joint = jointForIndex(child);
    if (joint < 0)
        return {};
    return indexForJoint(m_parent[static_cast<std::size_t>(joint)]);  // invalid for roots
}

int BoneTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return static_cast<int>(m_roots.size());
    // Only column 0 has children (QAbstractItemModelTester checks this).
    const model::JointIndex joint = jointForIndex(parent);
    if (joint < 0 || parent.column() != 0)
        return 0;
    return static_cast<int>(m_children[static_cast<std::size_t>(joint)].size());
}

int BoneTreeModel::columnCount(const QModelIndex& parent) const
{
    return (parent.isValid() && parent.column() != 0) ? 0 : ColumnCount;
}

QVariant BoneTreeModel::data(const QModelIndex& index, int role) const
{
    const model::JointIndex joint = jointForIndex(index);
    if (joint < 0 || !m_document)
        return {};
    const auto& names = m_document->rig().skeleton.names;
    const auto j = static_cast<std::size_t>(joint);
    if (j >= names.size())
        return {};
    if (index.column() == LockColumn)
        return lockData(joint, role);
    if (index.column() == DeformColumn)
        return deformData(joint, role);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return QString::fromStdString(names[j]);
    case Qt::DecorationRole:
        if (isAnimated(joint))
            return animatedIcon();
        return {};
    case Qt::ToolTipRole: {
        QString tip = QString::fromStdString(names[j]);
        tip.append(isBone(joint) ? tr(" (bone #%1)").arg(joint) : tr(" (node #%1)").arg(joint));
        if (isAnimated(joint))
            tip.append(tr(", animated in the current clip"));
        return tip;
    }
    case Qt::ForegroundRole:
        // Plain nodes (meshes, helpers) recede; bones are what users pose and paint.
        if (!isBone(joint))
            return QColor(Qt::gray);
        return {};
    case JointIndexRole:
        return joint;
    case IsBoneRole:
        return isBone(joint);
    case AnimatedRole:
        return isAnimated(joint);
    case LockedRole:
        return m_document->isLocked(joint);
    default:
        return {};
    }
}

bool BoneTreeModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    const model::JointIndex joint = jointForIndex(index);
    if (role != Qt::EditRole || joint < 0 || !m_document || !value.canConvert<QString>())
        return false;
    const QString name = value.toString().trimmed();
    if (name.isEmpty())
        return false;
    const std::string utf8 = name.toStdString();
    if (m_document->rig().skeleton.names[static_cast<std::size_t>(joint)] == utf8)
        return true;  // nothing to do, and no empty undo entry
    // dataChanged follows from Document::jointRenamed, for undo and redo alike.
    m_document->undoStack()->push(new cmd::RenameJointCommand(m_document, joint, utf8));
    return true;
}

QVariant BoneTreeModel::lockData(model::JointIndex joint, int role) const
{
    const bool locked = m_document->isLocked(joint);
    switch (role) {
    case Qt::DecorationRole:
        return lockIcon(locked);
    case Qt::ToolTipRole:
        return locked ? tr("Weights locked: weight tools leave this bone alone. Click to unlock.")
                      : tr("Click to lock this bone's weights");
    case LockedRole:
        return locked;
    case JointIndexRole:
        return joint;
    default:
        return {};
    }
}

QVariant BoneTreeModel::deformData(model::JointIndex joint, int role) const
{
    if (role == JointIndexRole)
        return joint;
    if (!isBone(joint))
        return {};  // a plain node weights nothing
    const bool on = deforms(joint);
    switch (role) {
    case Qt::DecorationRole:
        return deformIcon(on);
    case Qt::ToolTipRole:
        return on ? tr("Deforms: automatic weights use this bone. Click to leave it out.")
                       : tr("Does not deform: automatic weights leave this bone out. Click to use it.");
    case DeformRole:
        return on;
    default:
        return {};
    }
}

Qt::ItemFlags BoneTreeModel::flags(const QModelIndex& index) const
{
    if (jointForIndex(index) < 0)
        return Qt::NoItemFlags;
    if (index.column() == LockColumn || index.column() == DeformColumn)
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QVariant BoneTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (section == NameColumn && role == Qt::DisplayRole)
        return tr("Joint");
    if (section == LockColumn && role == Qt::DecorationRole)
        return lockIcon(true);
    if (section == LockColumn && role == Qt::ToolTipRole)
        return tr("Weight locks");
    if (section == DeformColumn && role == Qt::DecorationRole)
        return deformIcon(true);
    if (section == DeformColumn && role == Qt::ToolTipRole)
        return tr("Deform: the bones automatic weights use");
    return {};
}

QHash<int, QByteArray> BoneTreeModel::roleNames() const
{
    QHash<int, QByteArray> roles = QAbstractItemModel::roleNames();
    roles.insert(JointIndexRole, "jointIndex");
    roles.insert(IsBoneRole, "isBone");
    roles.insert(AnimatedRole, "animated");
    roles.insert(LockedRole, "locked");
    roles.insert(DeformRole, "deforms");
    return roles;
}

} // namespace marrow::ui
