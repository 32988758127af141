// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/weight_table_model.h"

#include "core/document/document.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "core/skin/weight_row.h"
#include "core/workspace/weight_table_edits.h"

#include <QColor>

#include <algorithm>

namespace marrow::ui {

WeightTableModel::WeightTableModel(doc::Document* document, ws::Selection* selection, ws::PaintSelection* vertices,
                                   QObject* parent)
    : QAbstractTableModel(parent)
    , m_document(document)
    , m_selection(selection)
    , m_vertices(vertices)
{
    const auto reset = [this] { rebuild(); };
    connect(m_document, &doc::Document::rigReplaced, this, reset);
    connect(m_document, &doc::Document::locksChanged, this, reset);
    connect(m_document, &doc::Document::meshWeightsReplaced, this, reset);
    connect(m_document, &doc::Document::skinJointsChanged, this, reset);
    connect(m_document, &doc::Document::jointRenamed, this, reset);
    connect(m_document, &doc::Document::weightsChanged, this, [this](int mesh, const QList<quint32>&) { onWeightsChanged(mesh); });
    connect(m_selection, &ws::Selection::activeMeshChanged, this, reset);
    connect(m_selection, &ws::Selection::jointsChanged, this, [this] {
        // The active bone's column is tinted.
        if (!m_rows.empty() && !m_columns.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::BackgroundRole});
        emit headerDataChanged(Qt::Horizontal, 0, std::max(0, columnCount() - 1));
    });
    if (m_vertices)
        connect(m_vertices, &ws::PaintSelection::changed, this, [this](model::MeshId mesh) {
            if (mesh == m_mesh)
                rebuild();
        });
    rebuild();
}

void WeightTableModel::setOrder(Order order)
{
    if (order == m_order)
        return;
    m_order = order;
    rebuild();
}

std::vector<int> WeightTableModel::weightedColumns() const
{
    const model::Rig& rig = m_document->rig();
    const mesh::Mesh& m = rig.meshes[static_cast<std::size_t>(m_mesh)];
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    std::vector<std::uint8_t> used(skin.joints.size(), 0);
    for (std::uint32_t v : m_rows) {
        const auto joints = m.weights.jointRow(v);
        const auto weights = m.weights.weightRow(v);
        for (std::size_t k = 0; k < joints.size(); ++k)
            if (weights[k] > 0.f && joints[k] < used.size())
                used[joints[k]] = 1;
    }
    std::vector<int> columns;
    for (std::size_t k = 0; k < used.size(); ++k)
        if (used[k])
            columns.push_back(static_cast<int>(k));
    const auto& names = rig.skeleton.names;
    std::sort(columns.begin(), columns.end(), [&](int a, int b) {
        const auto ja = static_cast<std::size_t>(skin.joints[static_cast<std::size_t>(a)]);
        const auto jb = static_cast<std::size_t>(skin.joints[static_cast<std::size_t>(b)]);
        // The skeleton is parents first: its order is the hierarchy's.
        return m_order == Order::Name ? names[ja] < names[jb] || (names[ja] == names[jb] && ja < jb) : ja < jb;
    });
    return columns;
}

void WeightTableModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    m_columns.clear();
    m_mesh = -1;
    const model::MeshId mesh = m_selection ? m_selection->activeMesh() : -1;
    const model::Rig& rig = m_document->rig();
    if (mesh >= 0 && static_cast<std::size_t>(mesh) < rig.meshes.size() &&
        rig.meshes[static_cast<std::size_t>(mesh)].skinned() && m_vertices) {
        m_mesh = mesh;
        const std::vector<std::uint8_t>& picked = m_vertices->vertices(mesh);
        for (std::size_t v = 0; v < picked.size(); ++v)
            if (picked[v])
                m_rows.push_back(static_cast<std::uint32_t>(v));
        m_columns = weightedColumns();
    }
    endResetModel();
}

void WeightTableModel::onWeightsChanged(int mesh)
{
    if (mesh != m_mesh || m_rows.empty())
        return;
    // A bone gaining or losing its last weight changes the columns.
    if (weightedColumns() != m_columns) {
        rebuild();
        return;
    }
    if (!m_columns.empty())
        emit dataChanged(index(1, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole, Qt::EditRole});
}

int WeightTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_mesh < 0 || m_rows.empty() ? 0 : static_cast<int>(m_rows.size()) + 1;
}

int WeightTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

std::int64_t WeightTableModel::vertexAt(int row) const
{
    return row >= 1 && static_cast<std::size_t>(row) <= m_rows.size() ? m_rows[static_cast<std::size_t>(row - 1)] : -1;
}

int WeightTableModel::skinJointAt(int column) const
{
    return column >= 0 && static_cast<std::size_t>(column) < m_columns.size() ? m_columns[static_cast<std::size_t>(column)]
                                                                              : -1;
}

bool WeightTableModel::lockedColumn(int column) const
{
    const int k = skinJointAt(column);
    if (k < 0 || m_mesh < 0)
        return false;
    const model::Rig& rig = m_document->rig();
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(rig.meshes[static_cast<std::size_t>(m_mesh)].skin)];
    return m_document->isLocked(skin.joints[static_cast<std::size_t>(k)]);
}

QVariant WeightTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || m_mesh < 0)
        return {};
    const int column = index.column();
    const bool locked = lockedColumn(column);
    if (index.row() == kHoldRow) {
        if (role == Qt::DisplayRole)
            return locked ? tr("hold") : QString();
        if (role == Qt::ToolTipRole)
            return locked ? tr("Locked: no edit changes this bone's weights") : tr("Unlocked");
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignCenter);
        return {};
    }
    const std::int64_t vertex = vertexAt(index.row());
    if (vertex < 0)
        return {};
    const float w = skin::weightOf(m_document->rig().meshes[static_cast<std::size_t>(m_mesh)].weights,
                                   static_cast<std::size_t>(vertex), static_cast<std::uint16_t>(skinJointAt(column)));
    switch (role) {
    case Qt::DisplayRole:
        return w > 0.f ? QString::number(static_cast<double>(w), 'f', 3) : QString();
    case Qt::EditRole:
        // Text, so the view edits in a line edit with every digit (a spin box would round to 2).
        return QString::number(static_cast<double>(w), 'g', 6);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        return locked ? QColor(140, 140, 140) : QVariant();
    case Qt::BackgroundRole: {
        const model::Rig& rig = m_document->rig();
        const model::Skin& skin = rig.skins[static_cast<std::size_t>(rig.meshes[static_cast<std::size_t>(m_mesh)].skin)];
        const bool active = m_selection && m_selection->currentJoint() == skin.joints[static_cast<std::size_t>(skinJointAt(column))];
        return active ? QColor(70, 110, 160, 90) : QVariant();
    }
    default:
        return {};
    }
}

QVariant WeightTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Vertical) {
        if (section == kHoldRow)
            return tr("hold");
        const std::int64_t v = vertexAt(section);
        return v < 0 ? QVariant() : QVariant(QString::number(v));
    }
    const int k = skinJointAt(section);
    if (k < 0 || m_mesh < 0)
        return {};
    const model::Rig& rig = m_document->rig();
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(rig.meshes[static_cast<std::size_t>(m_mesh)].skin)];
    const QString name = QString::fromStdString(rig.skeleton.names[static_cast<std::size_t>(skin.joints[static_cast<std::size_t>(k)])]);
    return role == Qt::ToolTipRole && lockedColumn(section) ? tr("%1 (locked)").arg(name) : QVariant(name);
}

Qt::ItemFlags WeightTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.row() != kHoldRow && !lockedColumn(index.column()))
        f |= Qt::ItemIsEditable;
    return f;
}

void WeightTableModel::setBrush(const ws::BrushState* brush)
{
    m_brush = brush;
}

bool WeightTableModel::apply(const std::vector<skin::CellEdit>& edits, const QString& text)
{
    if (!m_document)
        return false;
    QString why;
    if (ws::applyWeightTableEdits(*m_document, m_mesh, edits, text, ws::xMirrorOf(m_brush), &why))
        return true;
    if (!why.isEmpty())
        emit editRefused(tr("%1 unchanged: %2").arg(text, why));
    return false;
}

bool WeightTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    bool ok = false;
    const double w = value.toString().trimmed().isEmpty() ? 0.0 : value.toDouble(&ok);
    if (!ok && !value.toString().trimmed().isEmpty())
        return false;
    const std::int64_t vertex = vertexAt(index.row());
    const std::vector<skin::CellEdit> edit{
        {static_cast<std::uint32_t>(vertex), static_cast<std::uint16_t>(skinJointAt(index.column())), static_cast<float>(w)}};
    return apply(edit, tr("Edit Weight"));
}

bool WeightTableModel::setBlock(const QModelIndex& topLeft, const std::vector<std::vector<float>>& values)
{
    std::vector<skin::CellEdit> edits;
    for (std::size_t r = 0; r < values.size(); ++r)
        for (std::size_t c = 0; c < values[r].size(); ++c) {
            const QModelIndex cell = index(topLeft.row() + static_cast<int>(r), topLeft.column() + static_cast<int>(c));
            if (!cell.isValid() || !(flags(cell) & Qt::ItemIsEditable))
                continue;
            edits.push_back({static_cast<std::uint32_t>(vertexAt(cell.row())),
                             static_cast<std::uint16_t>(skinJointAt(cell.column())), values[r][c]});
        }
    return !edits.empty() && apply(edits, tr("Paste Weights"));
}

} // namespace marrow::ui
