// SPDX-License-Identifier: MIT
// A painted, saved document goes through marrow-cli convert to a glTF that
// keeps its up-to-8 influences and that the Khronos validator accepts.
#include "paint_fixture.h"

#include "run_process.h"

#include "core/commands/interaction_tracker.h"
#include "core/document/document_io.h"
#include "core/workspace/weight_paint_session.h"

#include <nlohmann/json.hpp>
#include "shared_models.h"

using namespace marrow;

class PaintExport : public test::PaintSampleTest {};
MARROW_PAINT_ON_BOTH_SAMPLES(PaintExport);

TEST_P(PaintExport, APaintedDocumentConvertsToValidGltfWithEightInfluences)
{
    // Several bones added at one chest spot push rows there to 8 influences.
    ws::WeightPaintSession& session = window().paintSession();
    skin::BrushSettings s = brush().settings();
    s.mode = skin::BrushMode::Add;
    s.weight = .15f;
    s.frontFacesOnly = false;
    brush().setSettings(s);
    const glm::vec3 spot = glm::mix(jointWorld("spine3"), jointWorld("clavicle_L"), .5f);
    for (const char* bone : {"clavicle_R", "upperarm_R", "neck", "head", "upperarm_L", "spine1", "hips", "clavicle_L"}) {
        window().selection().selectJoint(joint(bone));
        ASSERT_TRUE(session.beginStroke(0)) << session.lastError().toStdString();
        ws::WeightPaintSession::DabRegion region;
        region.center = spot;
        region.radius = .12f;
        ASSERT_GT(session.dab(region, {}, viewport().tools().interaction()), 0u) << bone;
        session.endStroke();
        viewport().tools().interaction().end();
    }
    const int influences = mesh0().weights.maxInfluences();
    ASSERT_EQ(influences, 8) << "the brush filled rows up to the limit";
    ASSERT_FALSE(mesh0().weights.validate(document().rig().skins[0].joints.size()));

    QTemporaryDir dir;
    const QString saved = dir.filePath(QStringLiteral("painted.marrow"));
    ASSERT_FALSE(doc::saveDocument(document(), saved));
    const std::string glb = dir.filePath(QStringLiteral("painted.glb")).toStdString();
    const std::string cli = (test::binDir() / "marrow-cli").string();
    const test::ProcessResult convert = test::runProcess({cli, "convert", saved.toStdString(), glb});
    ASSERT_EQ(convert.exitCode, 0) << convert.err;
    const test::ProcessResult info = test::runProcess({cli, "info", glb});
    ASSERT_EQ(info.exitCode, 0) << info.err;
    const auto meshes = nlohmann::json::parse(info.out).at("meshes");
    ASSERT_EQ(meshes.size(), 1u);
    EXPECT_EQ(meshes[0].at("maxInfluences").get<int>(), 8) << "the export keeps all eight";

#ifdef MARROW_VALIDATE_SCRIPT
    const test::ProcessResult valid = test::runProcess({MARROW_NODE_EXE, MARROW_VALIDATE_SCRIPT, glb});
    EXPECT_EQ(valid.exitCode, 0) << valid.out << valid.err;
#else
    GTEST_SKIP() << "the Khronos validator is not installed (npm ci --prefix tools); the conversion was checked";
#endif
}
