// SPDX-License-Identifier: MIT
// WeightPaintPanel: every brush control bound to ws::BrushState both ways
// (and no echo back into the state), the header's mesh and bone, the readout,
// and the max-influences combo pushing an undoable command.
#include "tiny_rigs.h"
#include "widget_test_support.h"

#include "core/workspace/brush_state.h"
#include "core/workspace/selection.h"
#include "widgets/weight_paint/brush_mode_bar.h"
#include "widgets/weight_paint/brush_options_box.h"
#include "widgets/weight_paint/falloff_preview.h"
#include "widgets/weight_paint/mesh_chooser.h"
#include "widgets/weight_paint/paint_bone_list.h"
#include "widgets/weight_paint/paint_bone_list_model.h"
#include "widgets/weight_paint/slider_field.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

using marrow::ui::WeightPaintPanel;

namespace marrow::test {
namespace {

struct PanelFixture {
    std::unique_ptr<doc::Document> document = std::make_unique<doc::Document>();
    ws::Selection selection{document.get()};
    ws::BrushState brush;
    std::unique_ptr<WeightPaintPanel> panel;

    explicit PanelFixture(model::Rig rig = fourVertexSkinRig())
    {
        EXPECT_FALSE(document->replaceRig(std::move(rig)).has_value());
        panel = std::make_unique<WeightPaintPanel>(document.get(), &selection, &brush);
    }
};

// A second, rigid mesh first, so "the first skinned mesh" is mesh 1.
model::Rig rigidThenSkinned()
{
    model::Rig rig = fourVertexSkinRig();
    mesh::Mesh rigid = rig.meshes[0];
    rigid.name = "prop";
    rigid.skin = -1;
    rigid.weights = {};
    rig.meshes.insert(rig.meshes.begin(), rigid);
    return rig;
}

} // namespace

TEST(WeightPaintPanel, SlidersAndModeButtonsDriveTheBrush)
{
    PanelFixture f;
    QSignalSpy changed(&f.brush, &ws::BrushState::settingsChanged);
    f.panel->weightField()->spinBox()->setValue(0.25);
    EXPECT_FLOAT_EQ(f.brush.settings().weight, 0.25f);
    f.panel->radiusField()->slider()->setValue(f.panel->radiusField()->slider()->maximum());
    EXPECT_FLOAT_EQ(f.brush.settings().radius, 500.f);
    f.panel->radiusField()->spinBox()->setValue(1200);
    EXPECT_FLOAT_EQ(f.brush.settings().radius, 1200.f);
    f.panel->strengthField()->spinBox()->setValue(0.5);
    EXPECT_FLOAT_EQ(f.brush.settings().strength, 0.5f);
    f.panel->modeBar()->button(skin::BrushMode::Subtract)->click();
    EXPECT_EQ(f.brush.settings().mode, skin::BrushMode::Subtract);
    EXPECT_TRUE(f.panel->modeBar()->button(skin::BrushMode::Subtract)->toolTip().contains(QStringLiteral("Ctrl")));
    EXPECT_TRUE(f.panel->modeBar()->button(skin::BrushMode::Mix)->toolTip().contains(QStringLiteral("Shift")));
    EXPECT_FALSE(f.panel->modeBar()->button(skin::BrushMode::Mix)->isChecked());
    f.panel->falloffCombo()->setCurrentIndex(f.panel->falloffCombo()->findData(int(skin::FalloffPreset::Sharp)));
    EXPECT_EQ(f.brush.settings().falloff, skin::FalloffPreset::Sharp);
    EXPECT_EQ(f.panel->falloffPreview()->preset(), skin::FalloffPreset::Sharp);
    f.panel->falloffShapeCombo()->setCurrentIndex(1);
    EXPECT_EQ(f.brush.settings().falloffShape, skin::FalloffShape::Projected);
    // One settings change per edit: the state's echo does not come back.
    EXPECT_EQ(changed.count(), 7);
}

TEST(WeightPaintPanel, BrushChangesFromElsewhereUpdateTheWidgetsWithoutFeedback)
{
    PanelFixture f;
    skin::BrushSettings s = f.brush.settings();
    s.mode = skin::BrushMode::Smooth;
    s.weight = 0.4f;
    s.radius = 80.f;
    s.strength = 0.3f;
    s.falloff = skin::FalloffPreset::Constant;
    s.falloffShape = skin::FalloffShape::Projected;
    s.autoNormalize = false;
    s.frontFacesOnly = false;
    s.accumulate = true;
    s.spacing = 0.5f;
    s.xMirror = true;
    QSignalSpy changed(&f.brush, &ws::BrushState::settingsChanged);
    f.brush.setSettings(s);
    EXPECT_EQ(changed.count(), 1) << "a widget wrote the value back";
    EXPECT_TRUE(f.panel->modeBar()->button(skin::BrushMode::Smooth)->isChecked());
    EXPECT_DOUBLE_EQ(f.panel->weightField()->value(), 0.4);
    EXPECT_DOUBLE_EQ(f.panel->radiusField()->value(), 80.0);
    EXPECT_EQ(f.panel->radiusField()->slider()->value(), 158);  // (80 - 1) / (500 - 1) of 1000
    EXPECT_DOUBLE_EQ(f.panel->strengthField()->value(), 0.3);
    EXPECT_EQ(f.panel->falloffCombo()->currentData().toInt(), int(skin::FalloffPreset::Constant));
    EXPECT_EQ(f.panel->falloffPreview()->preset(), skin::FalloffPreset::Constant);
    EXPECT_EQ(f.panel->falloffShapeCombo()->currentData().toInt(), int(skin::FalloffShape::Projected));
    const ui::BrushOptionsBox* o = f.panel->options();
    EXPECT_FALSE(o->autoNormalize()->isChecked());
    EXPECT_FALSE(o->frontFacesOnly()->isChecked());
    EXPECT_TRUE(o->accumulate()->isChecked());
    EXPECT_DOUBLE_EQ(o->spacing()->value(), 0.5);
    EXPECT_TRUE(o->xMirror()->isChecked());
    EXPECT_TRUE(o->mirrorPlane()->isEnabled());
    f.brush.setMirrorMode(model::MirrorPlaneMode::AxisY);
    EXPECT_EQ(o->mirrorPlane()->currentData().toInt(), int(model::MirrorPlaneMode::AxisY));
    EXPECT_FALSE(o->showZeroWeights()->isChecked()) << "off by default, as Blender";
    f.brush.setShowZeroWeights(true);
    EXPECT_TRUE(o->showZeroWeights()->isChecked());
    f.brush.setShowZeroWeights(false);
    EXPECT_FALSE(o->showZeroWeights()->isChecked());
    f.brush.setRadius(1500.f);  // past the slider's end: the field shows it, the slider pins
    EXPECT_DOUBLE_EQ(f.panel->radiusField()->value(), 1500.0);
    EXPECT_EQ(f.panel->radiusField()->slider()->value(), 1000);
    EXPECT_FLOAT_EQ(f.brush.settings().radius, 1500.f);
}

TEST(WeightPaintPanel, OptionWidgetsDriveTheBrush)
{
    PanelFixture f;
    const ui::BrushOptionsBox* o = f.panel->options();
    o->autoNormalize()->click();
    EXPECT_FALSE(f.brush.settings().autoNormalize);
    o->frontFacesOnly()->click();
    EXPECT_FALSE(f.brush.settings().frontFacesOnly);
    o->accumulate()->click();
    EXPECT_TRUE(f.brush.settings().accumulate);
    o->xMirror()->click();
    EXPECT_TRUE(f.brush.settings().xMirror);
    o->spacing()->setValue(0.25);
    EXPECT_FLOAT_EQ(f.brush.settings().spacing, 0.25f);
    o->mirrorPlane()->setCurrentIndex(o->mirrorPlane()->findData(int(model::MirrorPlaneMode::Auto)));
    EXPECT_EQ(f.brush.mirrorMode(), model::MirrorPlaneMode::Auto);
    const bool zero = f.brush.showZeroWeights();
    o->showZeroWeights()->click();
    EXPECT_EQ(f.brush.showZeroWeights(), !zero);
}

TEST(WeightPaintPanel, HeaderNamesTheMeshAndBoneAndTheReadoutFollowsTheBrush)
{
    PanelFixture f(rigidThenSkinned());
    EXPECT_EQ(f.panel->mesh(), 1) << "the first skinned mesh";
    EXPECT_EQ(f.panel->meshChooser()->currentText(), QStringLiteral("strip · 4 vertices"));
    EXPECT_TRUE(f.panel->boneLabel()->text().contains(QStringLiteral("Ctrl+click")));
    EXPECT_EQ(f.panel->boneList()->model()->rowCount(), 2);
    f.selection.selectJoint(1);
    EXPECT_EQ(f.panel->boneLabel()->text(), QStringLiteral("elbow"));
    f.selection.setActiveMesh(0);  // rigid: nothing to paint
    EXPECT_EQ(f.panel->mesh(), -1);
    EXPECT_EQ(f.panel->boneList()->model()->rowCount(), 0);
    f.selection.setActiveMesh(1);
    EXPECT_EQ(f.panel->mesh(), 1);
    f.brush.setReadout(QStringLiteral("Vertex 2: elbow 0.75, shoulder 0.25"));
    EXPECT_EQ(f.panel->readoutLabel()->text(), QStringLiteral("Vertex 2: elbow 0.75, shoulder 0.25"));
    ASSERT_FALSE(f.document->replaceRig(fourVertexSkinRig()).has_value());
    EXPECT_EQ(f.panel->mesh(), 0);
    EXPECT_EQ(f.panel->boneList()->model()->rowCount(), 2);
}

TEST(WeightPaintPanel, MaxInfluencesComboPushesAnUndoableCommand)
{
    PanelFixture f;
    QComboBox* combo = f.panel->options()->maxInfluences();
    EXPECT_TRUE(combo->isEnabled());
    EXPECT_EQ(combo->currentData().toInt(), 4);
    const model::Rig before = f.document->rig();
    combo->setCurrentIndex(combo->findData(8));
    emit combo->activated(combo->currentIndex());  // what a user's pick sends
    ASSERT_EQ(f.document->undoStack()->count(), 1);
    EXPECT_EQ(f.document->rig().meshes[0].weights.stride, 8);
    EXPECT_EQ(f.document->undoStack()->text(0), QStringLiteral("Max Influences 4 -> 8"));
    f.document->undoStack()->undo();
    EXPECT_TRUE(f.document->rig() == before);
    EXPECT_EQ(combo->currentData().toInt(), 4) << "the combo did not follow the undo";
    f.document->undoStack()->redo();
    EXPECT_EQ(combo->currentData().toInt(), 8);
}

TEST(WeightPaintPanel, MaxInfluencesIsDisabledWithoutASkinnedMesh)
{
    model::Rig rig = fourVertexSkinRig();
    rig.meshes[0].skin = -1;
    rig.meshes[0].weights = {};
    PanelFixture f(std::move(rig));
    EXPECT_EQ(f.panel->mesh(), -1);
    EXPECT_FALSE(f.panel->options()->maxInfluences()->isEnabled());
    EXPECT_EQ(f.panel->boneList()->model()->rowCount(), 0);
}

} // namespace marrow::test
