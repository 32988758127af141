// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/brush_options_box.h"

#include "core/commands/set_max_influences_command.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace marrow::ui {

BrushOptionsBox::BrushOptionsBox(doc::Document* document, ws::BrushState* brush, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_brush(brush)
    , m_autoNormalize(new QCheckBox(tr("Auto-normalise"), this))
    , m_frontFaces(new QCheckBox(tr("Front faces only"), this))
    , m_accumulate(new QCheckBox(tr("Accumulate"), this))
    , m_spacing(new QDoubleSpinBox(this))
    , m_xMirror(new QCheckBox(tr("X-mirror"), this))
    , m_mirrorPlane(new QComboBox(this))
    , m_showZero(new QCheckBox(tr("Show zero weights"), this))
    , m_maxInfluences(new QComboBox(this))
{
    m_autoNormalize->setToolTip(tr("After each dab every touched vertex sums to 1, around locked bones"));
    m_frontFaces->setToolTip(tr("Paint only vertices that face the camera"));
    m_accumulate->setToolTip(tr("Let a stroke build up past one full-strength pass"));
    m_spacing->setRange(0.01, 1.0);
    m_spacing->setDecimals(2);
    m_spacing->setSingleStep(0.05);
    m_spacing->setKeyboardTracking(false);
    m_spacing->setToolTip(tr("Distance between dabs along a stroke, as a fraction of the radius"));
    m_xMirror->setToolTip(tr("Also paint the mirrored vertex with the mirrored bone (hand.L <-> hand.R)"));
    m_mirrorPlane->addItem(tr("Fit to L/R joints"), static_cast<int>(model::MirrorPlaneMode::FitJoints));
    m_mirrorPlane->addItem(tr("X = 0"), static_cast<int>(model::MirrorPlaneMode::AxisX));
    m_mirrorPlane->addItem(tr("Y = 0"), static_cast<int>(model::MirrorPlaneMode::AxisY));
    m_mirrorPlane->addItem(tr("Z = 0"), static_cast<int>(model::MirrorPlaneMode::AxisZ));
    m_mirrorPlane->addItem(tr("Auto"), static_cast<int>(model::MirrorPlaneMode::Auto));
    m_mirrorPlane->setToolTip(tr("The symmetry plane X-mirror uses"));
    m_showZero->setToolTip(tr("Vertices without weight of the active bone get their own colour"));
    m_maxInfluences->addItem(QStringLiteral("4"), 4);
    m_maxInfluences->addItem(QStringLiteral("8"), 8);
    m_maxInfluences->setToolTip(tr("Bones per vertex in this mesh (undoable; 8 -> 4 keeps the 4 largest)"));

    // Two columns: the dock shows every option without scrolling (the
    // switches are short; the fields with a label keep their label beside them).
    auto* mirrorRow = new QHBoxLayout;
    mirrorRow->addWidget(m_xMirror);
    mirrorRow->addWidget(m_mirrorPlane, 1);
    auto* spacingRow = new QHBoxLayout;
    spacingRow->addWidget(new QLabel(tr("Spacing"), this));
    spacingRow->addWidget(m_spacing, 1);
    auto* influencesRow = new QHBoxLayout;
    influencesRow->addWidget(new QLabel(tr("Max influences"), this));
    influencesRow->addWidget(m_maxInfluences, 1);
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setVerticalSpacing(2);
    m_grid->addWidget(m_autoNormalize, 0, 0);
    m_grid->addWidget(m_frontFaces, 0, 1);
    m_grid->addWidget(m_accumulate, 1, 0);
    m_grid->addWidget(m_showZero, 1, 1);
    m_grid->addLayout(mirrorRow, 2, 0);
    m_grid->addLayout(spacingRow, 2, 1);
    m_grid->addLayout(influencesRow, 3, 0);
    m_grid->setColumnStretch(0, 1);
    m_grid->setColumnStretch(1, 1);

    connect(m_autoNormalize, &QCheckBox::toggled, this,
            [this](bool on) { editSettings([on](skin::BrushSettings& s) { s.autoNormalize = on; }); });
    connect(m_frontFaces, &QCheckBox::toggled, this,
            [this](bool on) { editSettings([on](skin::BrushSettings& s) { s.frontFacesOnly = on; }); });
    connect(m_accumulate, &QCheckBox::toggled, this,
            [this](bool on) { editSettings([on](skin::BrushSettings& s) { s.accumulate = on; }); });
    connect(m_xMirror, &QCheckBox::toggled, this,
            [this](bool on) { editSettings([on](skin::BrushSettings& s) { s.xMirror = on; }); });
    connect(m_spacing, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { editSettings([v](skin::BrushSettings& s) { s.spacing = static_cast<float>(v); }); });
    connect(m_mirrorPlane, &QComboBox::currentIndexChanged, this, [this] {
        if (m_brush)
            m_brush->setMirrorMode(static_cast<model::MirrorPlaneMode>(m_mirrorPlane->currentData().toInt()));
    });
    connect(m_showZero, &QCheckBox::toggled, this, [this](bool on) {
        if (m_brush)
            m_brush->setShowZeroWeights(on);
    });
    connect(m_maxInfluences, &QComboBox::activated, this, [this] {
        const int wanted = m_maxInfluences->currentData().toInt();
        if (m_document && m_mesh >= 0)
            m_document->undoStack()->push(new cmd::SetMaxInfluencesCommand(m_document, m_mesh, wanted));
        syncMaxInfluences();  // a refused or obsolete change puts the combo back
    });
    if (m_brush) {
        connect(m_brush, &ws::BrushState::settingsChanged, this, &BrushOptionsBox::syncFromBrush);
        connect(m_brush, &ws::BrushState::mirrorModeChanged, this, &BrushOptionsBox::syncFromBrush);
        connect(m_brush, &ws::BrushState::showZeroWeightsChanged, this, &BrushOptionsBox::syncFromBrush);
    }
    if (m_document) {
        connect(m_document, &doc::Document::meshWeightsReplaced, this, &BrushOptionsBox::syncMaxInfluences);
        connect(m_document, &doc::Document::weightsChanged, this, &BrushOptionsBox::syncMaxInfluences);
    }
    syncFromBrush();
    syncMaxInfluences();
}

template <typename Edit>
void BrushOptionsBox::editSettings(Edit&& edit)
{
    if (!m_brush)
        return;
    skin::BrushSettings s = m_brush->settings();
    edit(s);
    m_brush->setSettings(s);
}

void BrushOptionsBox::addOption(QWidget* option)
{
    // Every grid item fills one cell, in reading order: the next one is the
    // free cell beside Max influences, then new rows.
    const int index = m_grid->count();
    m_grid->addWidget(option, index / 2, index % 2);
}

void BrushOptionsBox::setMesh(model::MeshId mesh)
{
    m_mesh = mesh;
    syncMaxInfluences();
}

void BrushOptionsBox::syncFromBrush()
{
    if (!m_brush)
        return;
    const skin::BrushSettings& s = m_brush->settings();
    const QSignalBlocker b1(m_autoNormalize), b2(m_frontFaces), b3(m_accumulate), b4(m_spacing), b5(m_xMirror),
        b6(m_mirrorPlane), b7(m_showZero);
    m_autoNormalize->setChecked(s.autoNormalize);
    m_frontFaces->setChecked(s.frontFacesOnly);
    m_accumulate->setChecked(s.accumulate);
    m_spacing->setValue(s.spacing);
    m_xMirror->setChecked(s.xMirror);
    m_mirrorPlane->setCurrentIndex(m_mirrorPlane->findData(static_cast<int>(m_brush->mirrorMode())));
    m_mirrorPlane->setEnabled(s.xMirror);
    m_showZero->setChecked(m_brush->showZeroWeights());
}

void BrushOptionsBox::syncMaxInfluences()
{
    const QSignalBlocker block(m_maxInfluences);
    const mesh::Mesh* mesh = nullptr;
    if (m_document && m_mesh >= 0 && static_cast<std::size_t>(m_mesh) < m_document->rig().meshes.size())
        mesh = &m_document->rig().meshes[static_cast<std::size_t>(m_mesh)];
    const bool skinned = mesh && mesh->skinned();
    m_maxInfluences->setEnabled(skinned);
    m_maxInfluences->setCurrentIndex(m_maxInfluences->findData(skinned ? mesh->weights.stride : 4));
}

} // namespace marrow::ui
