// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/weight_health_panel.h"

#include "core/document/document.h"
#include "core/model/import_changes.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace marrow::ui {

namespace {

constexpr int kRowRole = Qt::UserRole + 1;

} // namespace

WeightHealthPanel::WeightHealthPanel(doc::Document* document, ws::Selection* selection, ws::PaintSelection* vertices,
                                     QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_vertices(vertices)
    , m_tree(new QTreeWidget(this))
    , m_tolerance(new QDoubleSpinBox(this))
    , m_mesh(new QLabel(this))
{
    setObjectName(QStringLiteral("WeightHealthPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_mesh);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Symmetry tolerance"), this));
    m_tolerance->setRange(0.0, 1.0);
    m_tolerance->setDecimals(3);
    m_tolerance->setSingleStep(0.01);
    m_tolerance->setValue(0.05);
    m_tolerance->setToolTip(tr("A vertex is asymmetric when a weight differs from its mirror vertex's weight on the "
                               "mirror bone by more than this"));
    row->addWidget(m_tolerance);
    row->addStretch(1);
    layout->addLayout(row);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Check"), tr("Count")});
    m_tree->setRootIsDecorated(false);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->setToolTip(tr("Click a row to select its vertices (Weight Paint) or bones"));
    for (int r = 0; r <= static_cast<int>(Row::NonDeformingWithWeights); ++r) {
        auto* it = new QTreeWidgetItem(m_tree);
        it->setData(0, kRowRole, r);
    }
    layout->addWidget(m_tree, 1);
    connect(m_tree, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* it) { activate(static_cast<Row>(it->data(0, kRowRole).toInt())); });
    connect(m_tolerance, &QDoubleSpinBox::valueChanged, this, &WeightHealthPanel::scheduleRefresh);

    m_refresh.setSingleShot(true);
    m_refresh.setInterval(150);
    connect(&m_refresh, &QTimer::timeout, this, &WeightHealthPanel::refresh);
    const auto later = [this] { scheduleRefresh(); };
    connect(m_document, &doc::Document::rigReplaced, this, later);
    connect(m_document, &doc::Document::weightsChanged, this, later);
    connect(m_document, &doc::Document::meshWeightsReplaced, this, later);
    connect(m_document, &doc::Document::skinJointsChanged, this, later);
    connect(m_document, &doc::Document::deformChanged, this, later);
    connect(m_document, &doc::Document::exportProfileChanged, this, later);
    connect(m_selection, &ws::Selection::activeMeshChanged, this, later);
    refresh();
}

void WeightHealthPanel::setViewSelector(QWidget* selector)
{
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Show"), this));
    row->addWidget(selector, 1);
    static_cast<QVBoxLayout*>(layout())->insertLayout(0, row);
}

void WeightHealthPanel::scheduleRefresh()
{
    // A hidden dock does not measure (a mirror map per mesh) under every
    // stroke: it catches up when shown.
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_refresh.start();
}

void WeightHealthPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

QTreeWidgetItem* WeightHealthPanel::item(Row row) const
{
    return m_tree->topLevelItem(static_cast<int>(row));
}

void WeightHealthPanel::refresh()
{
    m_refresh.stop();
    m_stale = false;
    model::WeightHealthOptions options;
    options.maxInfluences = m_document->exportProfile().maxInfluences;
    options.symmetryTolerance = static_cast<float>(m_tolerance->value());
    m_health = model::checkWeightHealth(m_document->rig(), m_document->deformMask(), options);
    const model::MeshId active = m_selection ? m_selection->activeMesh() : -1;
    const auto at = std::find(m_health.meshes.begin(), m_health.meshes.end(), active);
    m_checkedMesh = at == m_health.meshes.end() ? -1 : static_cast<int>(at - m_health.meshes.begin());
    const model::MeshWeightHealth* h = m_checkedMesh >= 0 ? &m_health.perMesh[static_cast<std::size_t>(m_checkedMesh)] : nullptr;
    m_mesh->setText(h ? tr("%1: %2 vertices, up to %3 influences")
                            .arg(QString::fromStdString(h->name))
                            .arg(h->vertices)
                            .arg(h->mostInfluences)
                      : tr("No skinned mesh is active (the Weight Paint dock's Mesh)"));
    const auto set = [this](Row row, const QString& text, std::size_t count, const QString& tip) {
        QTreeWidgetItem* it = item(row);
        it->setText(0, text);
        it->setText(1, QString::number(count));
        it->setToolTip(0, tip);
        it->setForeground(1, count > 0 ? QBrush(QColor(230, 90, 80)) : QBrush());
    };
    set(Row::OverInfluences, tr("Over %1 influences (the export profile)").arg(options.maxInfluences),
        h ? h->overInfluences.size() : 0, tr("Vertices the export will cut to %1 influences").arg(options.maxInfluences));
    set(Row::Asymmetric, tr("Asymmetric above %1").arg(options.symmetryTolerance),
        h ? h->asymmetric.size() : 0,
        h ? tr("Largest difference %1; %2 vertices without a mirror twin")
                .arg(static_cast<double>(h->largestSymmetryError), 0, 'f', 3)
                .arg(h->withoutTwin)
          : QString());
    set(Row::Weightless, tr("Weightless"), h ? h->weightless.size() : 0, tr("Vertices no bone weights"));
    set(Row::Unnormalised, tr("Not summing to 1"), h ? h->unnormalised.size() : 0, tr("Vertices whose weights do not sum to 1"));
    m_changed = h ? model::changedVertices(m_document->importChanges(), static_cast<std::size_t>(active)) : std::vector<std::uint32_t>{};
    set(Row::ChangedOnImport, tr("Changed on import"), m_changed.size(),
        tr("Vertices whose weights the import renormalised, trimmed to 8 influences or bound to the mesh's node "
           "(View › Weights › Changed on Import)"));
    const auto names = [this](const std::vector<anim::JointIndex>& joints) {
        QStringList out;
        for (anim::JointIndex j : joints)
            out << QString::fromStdString(m_document->rig().skeleton.names[static_cast<std::size_t>(j)]);
        return out.join(QStringLiteral(", "));
    };
    set(Row::DeformingWithoutWeights, tr("Deforming bones with no weights"), m_health.deformingWithoutWeights.size(),
        names(m_health.deformingWithoutWeights));
    set(Row::NonDeformingWithWeights, tr("Non-deforming bones with weights"), m_health.nonDeformingWithWeights.size(),
        names(m_health.nonDeformingWithWeights));
}

void WeightHealthPanel::activate(Row row)
{
    if (row == Row::DeformingWithoutWeights || row == Row::NonDeformingWithWeights) {
        const auto& joints = row == Row::DeformingWithoutWeights ? m_health.deformingWithoutWeights : m_health.nonDeformingWithWeights;
        if (m_selection && !joints.empty())
            m_selection->setJoints(QList<model::JointIndex>(joints.begin(), joints.end()));
        return;
    }
    if (m_checkedMesh < 0 || !m_vertices)
        return;
    const model::MeshWeightHealth& h = m_health.perMesh[static_cast<std::size_t>(m_checkedMesh)];
    const std::vector<std::uint32_t>& list = row == Row::OverInfluences  ? h.overInfluences
                                             : row == Row::Asymmetric    ? h.asymmetric
                                             : row == Row::Weightless    ? h.weightless
                                             : row == Row::Unnormalised  ? h.unnormalised
                                                                         : m_changed;
    std::vector<std::uint8_t> picked(h.vertices, 0);
    for (std::uint32_t v : list)
        picked[v] = 1;
    m_vertices->setVertices(m_health.meshes[static_cast<std::size_t>(m_checkedMesh)], std::move(picked));
}

} // namespace marrow::ui
