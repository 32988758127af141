// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/weight_paint_panel.h"

#include "widgets/common/collapsible_section.h"
#include "widgets/weight_paint/brush_mode_bar.h"
#include "widgets/weight_paint/paint_tool_bar.h"
#include "widgets/weight_paint/brush_options_box.h"
#include "widgets/weight_paint/falloff_preview.h"
#include "widgets/weight_paint/mesh_chooser.h"
#include "widgets/weight_paint/paint_bone_list.h"
#include "widgets/weight_paint/slider_field.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFont>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace marrow::ui {

WeightPaintPanel::WeightPaintPanel(doc::Document* document, ws::Selection* selection, ws::BrushState* brush,
                                   QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_selection(selection)
    , m_brush(brush)
    , m_meshChooser(new MeshChooser(document, selection, this))
    , m_boneLabel(new QLabel(this))
    , m_bones(new PaintBoneList(document, selection, this))
    , m_options(new BrushOptionsBox(document, brush, this))
    , m_readout(new QLabel(this))
{
    QFont bold = m_boneLabel->font();
    bold.setBold(true);
    m_boneLabel->setFont(bold);
    m_boneLabel->setWordWrap(true);
    m_boneLabel->setTextFormat(Qt::PlainText);
    m_readout->setWordWrap(true);
    m_readout->setTextFormat(Qt::PlainText);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_readout->setMinimumHeight(m_readout->fontMetrics().lineSpacing() * 2);
    m_readout->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_readout->setToolTip(tr("The vertex nearest the brush and its bone weights"));

    buildLayout();

    if (m_document) {
        // Between the two signals other listeners' signals (the selection
        // clearing) arrive: the old mesh must be forgotten before them.
        connect(m_document, &doc::Document::rigAboutToBeReplaced, this, [this] {
            m_mesh = -1;
            m_options->setMesh(-1);
        });
        connect(m_document, &doc::Document::rigReplaced, this, &WeightPaintPanel::updateMesh);
        // A bind or its undo skins the active mesh or makes it rigid in place.
        connect(m_document, &doc::Document::skinJointsChanged, this, &WeightPaintPanel::followSkins);
        connect(m_document, &doc::Document::meshWeightsReplaced, this, &WeightPaintPanel::followSkins);
        connect(m_document, &doc::Document::jointRenamed, this, &WeightPaintPanel::updateHeader);
    }
    if (m_selection) {
        connect(m_selection, &ws::Selection::activeMeshChanged, this, &WeightPaintPanel::updateMesh);
        connect(m_selection, &ws::Selection::jointsChanged, this, &WeightPaintPanel::updateHeader);
    }
    if (m_brush) {
        connect(m_brush, &ws::BrushState::settingsChanged, this, &WeightPaintPanel::syncFromBrush);
        connect(m_brush, &ws::BrushState::readoutChanged, m_readout, &QLabel::setText);
        m_readout->setText(m_brush->readout());
    }
    syncFromBrush();
    updateMesh();
}

QCheckBox* WeightPaintPanel::addActionCheckBox(QAction* action)
{
    auto* box = new QCheckBox(action->text().remove(QLatin1Char('&')), this);
    box->setToolTip(action->toolTip());
    box->setChecked(action->isChecked());
    connect(box, &QCheckBox::toggled, action, &QAction::setChecked);
    connect(action, &QAction::toggled, box, &QCheckBox::setChecked);
    m_options->addOption(box);
    return box;
}

// The whole dock in one place: a header, then folding sections (Blender's
// panels), so at 1600x1000 every option shows without scrolling; the bone
// list takes what height is left.
void WeightPaintPanel::buildLayout()
{
    auto* header = new QFormLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->setVerticalSpacing(2);
    header->addRow(tr("Mesh"), m_meshChooser);
    header->addRow(tr("Bone"), m_boneLabel);
    auto* bones = section(tr("Bones"), QStringLiteral("weightPaint.bones"));
    bones->body()->addWidget(m_bones);
    bones->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    auto* brush = section(tr("Brush"), QStringLiteral("weightPaint.brush"));
    brush->body()->addWidget(buildBrushBox());
    auto* options = section(tr("Options"), QStringLiteral("weightPaint.options"));
    options->body()->addWidget(m_options);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addWidget(bones, 1);
    layout->addWidget(brush);
    layout->addWidget(options);
    layout->addWidget(m_readout);
}

CollapsibleSection* WeightPaintPanel::section(const QString& title, const QString& key)
{
    auto* s = new CollapsibleSection(title, this);
    s->setObjectName(key);
    return s;
}

QWidget* WeightPaintPanel::buildBrushBox()
{
    auto* box = new QWidget(this);
    m_tools = new PaintToolBar(m_brush, m_selection, box);
    m_modes = new BrushModeBar(box);
    m_weight = new SliderField(0.0, 1.0, 3, 1.0, box);
    m_radius = new SliderField(ws::BrushState::kMinRadius, ws::BrushState::kMaxRadius, 0, 500.0, box);
    m_radius->setSuffix(tr(" px"));
    m_strength = new SliderField(0.0, 1.0, 3, 1.0, box);
    m_weight->setToolTip(tr("The weight Mix paints towards, and what Add, Subtract and Multiply use"));
    m_radius->setToolTip(tr("Brush radius in screen pixels (F drags it in the viewport; [ and ] step it)"));
    m_strength->setToolTip(tr("How much one dab does (Shift+F drags it in the viewport)"));
    m_falloff = new QComboBox(box);
    const std::pair<skin::FalloffPreset, QString> presets[] = {
        {skin::FalloffPreset::Smooth, tr("Smooth")}, {skin::FalloffPreset::Sphere, tr("Sphere")},
        {skin::FalloffPreset::Root, tr("Root")},     {skin::FalloffPreset::Sharp, tr("Sharp")},
        {skin::FalloffPreset::Linear, tr("Linear")}, {skin::FalloffPreset::Constant, tr("Constant")}};
    for (const auto& [preset, name] : presets)
        m_falloff->addItem(name, static_cast<int>(preset));
    m_preview = new FalloffPreview(box);
    m_shape = new QComboBox(box);
    // Short names, so the shape fits beside the curve (Blender's Falloff
    // Shape); the tooltip says what each measures.
    m_shape->addItem(tr("Sphere"), static_cast<int>(skin::FalloffShape::Sphere));
    m_shape->addItem(tr("Projected"), static_cast<int>(skin::FalloffShape::Projected));
    m_shape->setToolTip(tr("Falloff shape: Sphere measures 3D distance from the surface point (only what is near it); "
                           "Projected measures screen distance from the cursor (paints through thin parts)"));

    auto* falloffRow = new QHBoxLayout;
    falloffRow->addWidget(m_falloff, 1);
    falloffRow->addWidget(m_shape, 1);
    falloffRow->addWidget(m_preview);
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);
    form->setVerticalSpacing(2);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_tools);
    form->addRow(m_modes);
    form->addRow(tr("Weight"), m_weight);
    form->addRow(tr("Radius"), m_radius);
    form->addRow(tr("Strength"), m_strength);
    form->addRow(tr("Falloff"), falloffRow);

    connect(m_modes, &BrushModeBar::modeChosen, this, [this](skin::BrushMode mode) {
        if (!m_brush)
            return;
        m_brush->setMode(mode);
        m_brush->setTool(ws::PaintTool::Brush);  // a brush mode is chosen to paint with it
    });
    connect(m_weight, &SliderField::valueEdited, this, [this](double v) {
        if (m_brush)
            m_brush->setWeight(static_cast<float>(v));
    });
    connect(m_radius, &SliderField::valueEdited, this, [this](double v) {
        if (m_brush)
            m_brush->setRadius(static_cast<float>(v));
    });
    connect(m_strength, &SliderField::valueEdited, this, [this](double v) {
        if (m_brush)
            m_brush->setStrength(static_cast<float>(v));
    });
    connect(m_falloff, &QComboBox::currentIndexChanged, this, [this] {
        if (m_brush)
            m_brush->setFalloff(static_cast<skin::FalloffPreset>(m_falloff->currentData().toInt()));
    });
    connect(m_shape, &QComboBox::currentIndexChanged, this, [this] {
        const auto shape = static_cast<skin::FalloffShape>(m_shape->currentData().toInt());
        editSettings([shape](skin::BrushSettings& s) { s.falloffShape = shape; });
    });
    return box;
}

template <typename Edit>
void WeightPaintPanel::editSettings(Edit&& edit)
{
    if (!m_brush)
        return;
    skin::BrushSettings s = m_brush->settings();
    edit(s);
    m_brush->setSettings(s);
}

void WeightPaintPanel::syncFromBrush()
{
    if (!m_brush)
        return;
    const skin::BrushSettings& s = m_brush->settings();
    m_modes->setMode(s.mode);
    m_weight->setValue(s.weight);
    m_radius->setValue(s.radius);
    m_strength->setValue(s.strength);
    const QSignalBlocker b1(m_falloff), b2(m_shape);
    m_falloff->setCurrentIndex(m_falloff->findData(static_cast<int>(s.falloff)));
    m_shape->setCurrentIndex(m_shape->findData(static_cast<int>(s.falloffShape)));
    m_preview->setPreset(s.falloff);
}

model::MeshId WeightPaintPanel::paintableMesh() const
{
    model::MeshId mesh = -1;
    if (m_document) {
        const auto& meshes = m_document->rig().meshes;
        const auto skinned = [&](model::MeshId m) {
            return m >= 0 && static_cast<std::size_t>(m) < meshes.size() && meshes[static_cast<std::size_t>(m)].skinned();
        };
        if (m_selection && skinned(m_selection->activeMesh()))
            mesh = m_selection->activeMesh();
    }
    return mesh;
}

std::vector<bool> WeightPaintPanel::skinnedMeshes() const
{
    std::vector<bool> skinned;
    if (m_document)
        for (const mesh::Mesh& m : m_document->rig().meshes)
            skinned.push_back(m.skinned());
    return skinned;
}

void WeightPaintPanel::followSkins()
{
    std::vector<bool> skinned = skinnedMeshes();
    if (m_selection && paintableMesh() < 0) {
        for (std::size_t m = 0; m < skinned.size(); ++m)
            if (skinned[m] && (m >= m_skinned.size() || !m_skinned[m])) {
                m_selection->setActiveMesh(static_cast<model::MeshId>(m));
                break;
            }
    }
    m_skinned = std::move(skinned);
    // Only when the painted mesh changes: a stroke's new joint or a Limit
    // refreshes the bone list by itself, keeping its scroll.
    if (paintableMesh() != m_mesh)
        updateMesh();
}

void WeightPaintPanel::updateMesh()
{
    m_skinned = skinnedMeshes();
    const model::MeshId mesh = paintableMesh();
    m_mesh = mesh;
    m_bones->setMesh(mesh);
    m_options->setMesh(mesh);
    updateHeader();
}

void WeightPaintPanel::updateHeader()
{
    const model::Rig* rig = m_document ? &m_document->rig() : nullptr;
    const model::JointIndex joint = m_selection ? m_selection->currentJoint() : -1;
    if (rig && joint >= 0 && static_cast<std::size_t>(joint) < rig->skeleton.names.size()) {
        m_boneLabel->setText(QString::fromStdString(rig->skeleton.names[static_cast<std::size_t>(joint)]));
        m_boneLabel->setEnabled(true);
        QFont bold = font();
        bold.setBold(true);
        m_boneLabel->setFont(bold);
    } else {
        m_boneLabel->setText(tr("Pick one in the list or Ctrl+click it"));
        m_boneLabel->setEnabled(false);
        m_boneLabel->setFont(font());  // a hint, not a name
    }
}

int WeightPaintPanel::heightForWidth(int width) const
{
    return layout() ? layout()->totalMinimumHeightForWidth(width) : QWidget::heightForWidth(width);
}

} // namespace marrow::ui
