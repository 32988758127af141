// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/mesh_chooser.h"

#include "widgets/common/name_elide.h"

#include <QLocale>
#include <QStandardItemModel>
#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace marrow::ui {

namespace {

constexpr int kNameRole = Qt::UserRole + 1;   // the mesh's name alone, to elide
constexpr int kCountRole = Qt::UserRole + 2;  // " · 1,170 vertices", kept whole

} // namespace

MeshChooser::MeshChooser(doc::Document* document, ws::Selection* selection, QWidget* parent)
    : QComboBox(parent)
    , m_document(document)
    , m_selection(selection)
{
    // A long mesh name must not widen the dock: the combo elides instead.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(10);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    if (m_document) {
        connect(m_document, &doc::Document::rigReplaced, this, &MeshChooser::rebuild);
        // A bind (or its undo) skins a mesh or makes it rigid again in place.
        connect(m_document, &doc::Document::skinJointsChanged, this, &MeshChooser::rebuild);
        connect(m_document, &doc::Document::meshWeightsReplaced, this, &MeshChooser::rebuild);
    }
    if (m_selection) {
        connect(m_selection, &ws::Selection::activeMeshChanged, this, &MeshChooser::followSelection);
        connect(m_selection, &ws::Selection::chosenMeshesChanged, this, &MeshChooser::followSelection);
    }
    // Picked here, a mesh is chosen alone (Automatic Weights and Bind act on it).
    connect(this, &QComboBox::activated, this, [this](int row) {
        if (m_selection && row >= 0)
            m_selection->chooseMesh(itemData(row).toInt(), false);
    });
    rebuild();
}

model::MeshId MeshChooser::mesh() const
{
    return currentIndex() < 0 ? -1 : currentData().toInt();
}

void MeshChooser::rebuild()
{
    const QSignalBlocker blocker(this);
    clear();
    if (m_document) {
        const auto& meshes = m_document->rig().meshes;
        auto* items = qobject_cast<QStandardItemModel*>(model());
        for (std::size_t m = 0; m < meshes.size(); ++m) {
            const mesh::Mesh& mesh = meshes[m];
            const QString name = mesh.name.empty() ? tr("Mesh %1").arg(m) : QString::fromStdString(mesh.name);
            const QString suffix = mesh.skinned()
                ? tr(" · %1 vertices").arg(QLocale().toString(static_cast<qulonglong>(mesh.vertexCount())))
                : tr(" · no skin");
            addItem(name + suffix, static_cast<int>(m));
            const int row = count() - 1;
            setItemData(row, name, kNameRole);
            setItemData(row, suffix, kCountRole);
            setItemData(row, name + suffix, Qt::ToolTipRole);
            // A rigid mesh has no weights to paint.
            if (items && !mesh.skinned())
                items->item(row)->setEnabled(false);
        }
    }
    setEnabled(count() > 0);
    followSelection();
}

void MeshChooser::followSelection()
{
    const QSignalBlocker blocker(this);
    const model::MeshId active = m_selection ? m_selection->activeMesh() : -1;
    setCurrentIndex(findData(active));
    // The chosen meshes (Ctrl+click in the viewport) in bold, and named.
    QStringList chosen;
    for (int row = 0; row < count(); ++row) {
        const bool on = m_selection && m_selection->chosenMeshes().contains(itemData(row).toInt());
        QFont font = this->font();
        font.setBold(on);
        setItemData(row, font, Qt::FontRole);
        if (on)
            chosen << itemData(row, kNameRole).toString();
    }
    const QString acts = chosen.isEmpty()
        ? tr("Automatic Weights and Bind act on every mesh (props stay rigid); Ctrl+click meshes to choose them")
        : tr("Automatic Weights and Bind act on: %1").arg(chosen.join(QStringLiteral(", ")));
    setToolTip((currentIndex() >= 0 ? itemData(currentIndex(), kNameRole).toString() + tr(": the mesh the brush paints")
                                    : tr("The mesh the brush paints")) + QStringLiteral("\n") + acts);
    update();
}

QString MeshChooser::shownText() const
{
    if (currentIndex() < 0)
        return {};
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    const QString count = itemData(currentIndex(), kCountRole).toString();
    const int room = field.width() - fontMetrics().horizontalAdvance(count) - 4;
    const QString name = elideName(fontMetrics(), itemData(currentIndex(), kNameRole).toString(), room);
    return name.isEmpty() ? elideName(fontMetrics(), currentText(), field.width() - 4) : name + count;
}

void MeshChooser::paintEvent(QPaintEvent*)
{
    QStylePainter painter(this);
    QStyleOptionComboBox option;
    initStyleOption(&option);
    option.currentText = shownText();
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

} // namespace marrow::ui
