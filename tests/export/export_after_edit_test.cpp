// SPDX-License-Identifier: MIT
// An export after a skeleton edit (issue 35) on the real-traits sample (a
// camera, a light, extras, two UV sets, a morph target): an extruded joint
// is carried with everything else the file had, and the dialog says so; a
// deleted joint whose node held something the file cannot keep is named in
// the Log at the edit, once per document, and again when exporting.
#include "tests/editor/editor_fixture.h"

#include "app/editor/editor_actions.h"
#include "app/editor/export_controller.h"
#include "app/editor/export_dialog.h"
#include "core/commands/restructure_rig_command.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/gltf_source.h"
#include "core/model/skeleton_edit.h"
#include "shared_models.h"
#include "widgets/log/log_panel.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

using namespace marrow;

namespace {

class ExportAfterEdit : public test::EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        ASSERT_TRUE(m_out.isValid());
        ASSERT_TRUE(window().openFile(QString::fromStdString(test::traitsSample())))
            << window().files().lastError().toStdString();
        ASSERT_TRUE(window().document().gltfSource());
    }
    void push(model::Rig rig, const QString& text, std::span<const model::JointIndex> remap = {})
    {
        window().document().undoStack()->push(new cmd::RestructureRigCommand(&window().document(), std::move(rig), text,
                                                                             remap));
        QTest::qWait(300);  // the skeleton log reports a moment after the edit
    }
    int warningsContaining(const QString& text)
    {
        int n = 0;
        for (int row = 0; row < window().log().entryCount(); ++row)
            n += window().log().entryText(row).contains(text) ? 1 : 0;
        return n;
    }
    QTemporaryDir m_out;
};

} // namespace

TEST_F(ExportAfterEdit, AnExtrudedJointIsCarriedWithTheCameraLightAndExtras)
{
    model::Rig rig = window().document().rig();
    const io::GltfSource::Summary before = window().document().gltfSource()->summary();
    ASSERT_GT(before.cameras + before.lights, 0u) << "the sample carries a camera and a light";
    const auto hand = rig.skeleton.find("mixamorig:LeftHand");
    ASSERT_TRUE(hand);
    math::Transform tip;
    tip.translation = glm::vec3(0.f, 0.1f, 0.f);
    ASSERT_TRUE(model::addJoint(rig, *hand, "LeftHandTip", tip));
    push(std::move(rig), QStringLiteral("Extrude Joint"));
    EXPECT_EQ(warningsContaining(QStringLiteral("cannot carry")), 0) << "nothing is lost";

    window().actions().exportAs->trigger();
    for (int i = 0; i < 50 && !window().exporter().dialog(); ++i)
        QTest::qWait(10);
    app::ExportDialog* dialog = window().exporter().dialog();
    ASSERT_TRUE(dialog);
    for (int i = 0; i < 300 && dialog->notCarriedLabel()->text().contains(QStringLiteral("Checking")); ++i)
        QTest::qWait(20);
    EXPECT_EQ(dialog->notCarriedLabel()->text(), QStringLiteral("The file carries everything the document holds."));
    const QString glb = m_out.filePath(QStringLiteral("extruded.glb"));
    dialog->pathEdit()->setText(glb);
    bool asked = false;
    window().exporter().setWarningAnswer([&](const QStringList&) { return asked = true; });
    QTest::mouseClick(dialog->exportButton(), Qt::LeftButton);
    for (int i = 0; i < 300 && !QFile::exists(glb); ++i)
        QTest::qWait(20);
    ASSERT_TRUE(QFile::exists(glb)) << window().exporter().lastError().toStdString();
    EXPECT_FALSE(asked) << "nothing to ask about";
    const io::ImportResult back = io::importGltf(glb.toStdString());
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_TRUE(back.gltfSource);
    const io::GltfSource::Summary after = back.gltfSource->summary();
    EXPECT_EQ(after.cameras, before.cameras);
    EXPECT_EQ(after.lights, before.lights);
    EXPECT_EQ(after.extensionsUsed, before.extensionsUsed);
    EXPECT_EQ(after.materials, before.materials);
    EXPECT_EQ(after.morphTargets, before.morphTargets);
    EXPECT_TRUE(back.rig.skeleton.find("LeftHandTip")) << "the new joint";
}

TEST_F(ExportAfterEdit, WhatADeletionLosesIsLoggedAtTheEditOnceAndAskedAtTheExport)
{
    // The first joint whose deletion costs the file something (its node's extras, say).
    const model::Rig& rig = window().document().rig();
    std::optional<model::Rig> deleted;
    model::JointRemap remap;
    std::vector<std::string> losses;
    for (std::size_t j = 1; j < rig.skeleton.size() && !deleted; ++j) {
        model::Rig copy = rig;
        model::JointRemap r;
        if (model::deleteJoint(copy, static_cast<anim::JointIndex>(j), &r))
            continue;
        losses = io::gltfCarryLosses(copy, *window().document().gltfSource());
        if (!losses.empty()) {
            deleted = std::move(copy);
            remap = std::move(r);
        }
    }
    ASSERT_TRUE(deleted) << "no joint of the sample holds anything a deletion loses";
    push(*deleted, QStringLiteral("Delete Joint"), remap);
    const QString first = QString::fromStdString(losses.front());
    EXPECT_EQ(warningsContaining(QStringLiteral("cannot carry")), 1);
    EXPECT_EQ(warningsContaining(first), 1) << first.toStdString();

    // Another deletion: no second warning for this document.
    model::Rig again = window().document().rig();
    model::JointRemap remap2;
    const auto last = static_cast<anim::JointIndex>(again.skeleton.size() - 1);
    ASSERT_FALSE(model::deleteJoint(again, last, &remap2));
    push(std::move(again), QStringLiteral("Delete Joint"), remap2);
    EXPECT_EQ(warningsContaining(QStringLiteral("cannot carry")), 1) << "once per document";

    QStringList asked;
    window().exporter().setWarningAnswer([&](const QStringList& warnings) {
        asked = warnings;
        return false;
    });
    EXPECT_FALSE(window().exporter().exportTo(m_out.filePath(QStringLiteral("deleted.glb"))));
    EXPECT_TRUE(asked.join(QLatin1Char('\n')).contains(first)) << asked.join(QLatin1Char('\n')).toStdString();
}
