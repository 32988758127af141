// SPDX-License-Identifier: MIT
// Issue 35 in the editor (label "weights"): the bug's static mesh (a node
// scaled (0.293, 0.165, 0.293) under a moved, turned, scaled parent) bound
// with Weights › Bind to Skeleton shows exactly the displayed mesh in View ›
// Rest Position; a document bound by an earlier build opens unchanged with a
// Log note naming the mesh, and Weights › Rebind at Rest (enabled only then)
// fixes it as one undo entry.
#include "../paint/paint_fixture.h"

#include "app/editor/editor_actions.h"
#include "core/io/document_codec.h"
#include "widgets/log/log_panel.h"
#include "scaled_static_rig.h"
#include "tests/document/document_fixture.h"

#include <QDir>
#include <QFile>
#include <QMenu>

#include <unistd.h>

using namespace marrow;

namespace {

using RebindAtRestGui = test::PaintTest;

std::vector<glm::vec3> shown(app::MainWindow& window, model::MeshId mesh)
{
    const auto p = window.evaluator().skinnedPositions(mesh);
    return {p.begin(), p.end()};
}

TEST_F(RebindAtRestGui, BindToSkeletonRestPositionShowsTheDisplayedMesh)
{
    const model::Rig rig = test::scaledStaticRig();
    ASSERT_FALSE(document().replaceRig(rig));
    settle();
    const std::vector<glm::vec3> displayed = test::posedMeshes(rig).positions[0];
    window().weightsMenu().bindAutomatic->trigger();
    ASSERT_TRUE(document().rig().meshes[0].skinned()) << window().statusBar()->currentMessage().toStdString();
    window().actions().restPosition->setChecked(true);
    settle();
    ASSERT_TRUE(window().evaluator().restPosition());
    EXPECT_LT(test::relativeDistance(displayed, shown(window(), 0)), 1e-5f) << "Rest Position is what was on screen";
    window().actions().restPosition->setChecked(false);
    settle();
    EXPECT_LT(test::relativeDistance(displayed, shown(window(), 0)), 1e-5f) << "and so is the rest pose";
    emit window().weightsMenu().menu->aboutToShow();
    EXPECT_FALSE(window().weightsMenu().rebindAtRest->isEnabled()) << "nothing to rebind";
}

TEST_F(RebindAtRestGui, AnEarlierBuildsDocumentIsNotedAndRebindAtRestFixesIt)
{
    const model::Rig rig = test::scaledStaticRig();
    std::string error;
    const auto b = model::bindMesh(rig, 0, model::BindWeights::NearestBone, {}, error);
    ASSERT_TRUE(b) << error;
    model::Rig old = rig;
    ASSERT_TRUE(model::applyBinding(old, 0, test::earlierBuildsBinding(rig, 0, *b)));
    const QString file = QDir(QDir::tempPath()).filePath(QStringLiteral("marrow_rebind_%1.marrow").arg(::getpid()));
    {
        QFile out(file);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        const std::string bytes = doc::encodeDocument(old, doc::DocumentExtras{});
        out.write(bytes.data(), static_cast<qint64>(bytes.size()));
    }
    const int logged = window().log().entryCount();
    open(file);
    QFile::remove(file);
    EXPECT_EQ(document().rig(), old) << "opened unchanged";
    int notes = 0;
    for (int row = logged; row < window().log().entryCount(); ++row)
        notes += window().log().entryText(row).contains(QStringLiteral("'Body'")) &&
                         window().log().entryText(row).contains(QStringLiteral("Rebind at Rest"))
                     ? 1
                     : 0;
    EXPECT_EQ(notes, 1) << "the Log names the mesh and the fix";
    emit window().weightsMenu().menu->aboutToShow();
    ASSERT_TRUE(window().weightsMenu().rebindAtRest->isEnabled());
    const std::string before = test::bytesOf(document());
    const std::vector<glm::vec3> rest = shown(window(), 0);
    window().weightsMenu().rebindAtRest->trigger();
    settle();
    ASSERT_EQ(document().undoStack()->count(), 1);
    EXPECT_EQ(document().undoStack()->text(0), QStringLiteral("Rebind at Rest"));
    EXPECT_LT(test::relativeDistance(rest, shown(window(), 0)), 1e-5f) << "the rest pose did not move";
    window().actions().restPosition->setChecked(true);
    settle();
    EXPECT_LT(test::relativeDistance(rest, shown(window(), 0)), 1e-5f) << "Rest Position now shows the same";
    window().actions().restPosition->setChecked(false);
    emit window().weightsMenu().menu->aboutToShow();
    EXPECT_FALSE(window().weightsMenu().rebindAtRest->isEnabled());
    document().undoStack()->undo();
    EXPECT_EQ(test::bytesOf(document()), before) << "one undo gives the earlier bind back byte for byte";
}

} // namespace
