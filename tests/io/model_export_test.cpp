// SPDX-License-Identifier: MIT
// The export behind File › Export and marrow-cli convert (io::exportedRig,
// io::encodeExport): the clips chosen, transitions kept between them or
// baked into clips as Bake does, resampling, the meshes chosen, and a file
// that reads back as the document poses.
#include "gltf_export_fixture.h"
#include "run_process.h"

#include "core/anim/transition_bake.h"
#include "core/io/gltf_import.h"
#include "core/io/gltf_source.h"
#include "core/io/model_export.h"
#include "core/mesh/bounds_tree.h"
#include "core/model/morph_weights.h"
#include "core/model/transition_defaults.h"

namespace marrow::export_test {

namespace {

using ModelExport = ExportTest;

// public_rig (idle, stride, point; two meshes) with a transition stride -> point.
model::Rig rigWithTransition()
{
    io::ImportResult in = io::importModel(test::model("synthetic/public_rig.gltf"));
    EXPECT_TRUE(in.ok) << in.error;
    model::Rig rig = in.rig;
    rig.transitions.push_back(model::defaultTransition(rig, 1, 2, 30.0));
    rig.transitions.back().name = "stride_to_point";
    EXPECT_FALSE(rig.validate());
    return rig;
}

std::vector<std::string> clipNames(const model::Rig& rig)
{
    std::vector<std::string> out;
    for (const anim::Clip& c : rig.clips)
        out.push_back(c.name);
    return out;
}

} // namespace

TEST_F(ModelExport, ClipsAreChosenAllActiveOrByNameAndTransitionsFollowThem)
{
    const model::Rig rig = rigWithTransition();
    std::string error;
    io::ExportRequest request;
    auto all = io::exportedRig(rig, request, error);
    ASSERT_TRUE(all) << error;
    EXPECT_EQ(clipNames(*all), clipNames(rig));
    ASSERT_EQ(all->transitions.size(), 1u);

    request.settings.clips = model::ExportClips::Active;
    request.activeClip = 2;
    auto active = io::exportedRig(rig, request, error);
    ASSERT_TRUE(active) << error;
    EXPECT_EQ(clipNames(*active), std::vector<std::string>{"point"});
    EXPECT_TRUE(active->transitions.empty()) << "a transition goes with either of its clips";

    request.settings.clips = model::ExportClips::Chosen;
    request.settings.chosenClips = {"point", "stride"};
    auto chosen = io::exportedRig(rig, request, error);
    ASSERT_TRUE(chosen) << error;
    EXPECT_EQ(clipNames(*chosen), (std::vector<std::string>{"stride", "point"}));
    ASSERT_EQ(chosen->transitions.size(), 1u);
    EXPECT_EQ(chosen->transitions[0].clipA, 0) << "re-indexed to the clips written";
    EXPECT_EQ(chosen->transitions[0].clipB, 1);
    EXPECT_FALSE(chosen->validate());
}

TEST_F(ModelExport, ABakedTransitionIsTheClipBakeMakes)
{
    const model::Rig rig = rigWithTransition();
    io::ExportRequest request;
    request.settings.bakeTransitions = true;
    request.fps = 24.0;
    std::string error;
    auto out = io::exportedRig(rig, request, error);
    ASSERT_TRUE(out) << error;
    ASSERT_EQ(out->clips.size(), rig.clips.size() + 1);
    const anim::Clip& baked = out->clips.back();
    EXPECT_EQ(baked.name, "stride_to_point");
    anim::TransitionPoser poser = rig.transitions[0].poser(rig);
    auto direct = anim::bakeTransition(poser, 24.0, anim::BakeRange::Full, "stride_to_point", &error,
                                       model::defaultMorphWeights(rig.meshes));
    ASSERT_TRUE(direct) << error;
    EXPECT_EQ(baked, *direct);
    int cancelledAt = 0;
    EXPECT_FALSE(io::exportedRig(rig, request, error, [&](double) { return ++cancelledAt > 1 ? true : false; }));
    EXPECT_EQ(error, "cancelled");
}

TEST_F(ModelExport, ResamplingMakesEveryChannelLinearOnTheGrid)
{
    const model::Rig rig = rigWithTransition();
    io::ExportRequest request;
    request.settings.resampleFps = 12.0;
    std::string error;
    auto out = io::exportedRig(rig, request, error);
    ASSERT_TRUE(out) << error;
    for (const anim::Clip& clip : out->clips)
        for (const anim::JointTrack& t : clip.tracks) {
            EXPECT_TRUE(t.translation.uniformInterpolation() == anim::Interpolation::Linear) << clip.name;
            EXPECT_TRUE(t.rotation.uniformInterpolation() == anim::Interpolation::Linear) << clip.name;
            for (const float time : t.rotation.times) {
                if (time != t.rotation.times.front() && time != t.rotation.times.back()) {
                    EXPECT_NEAR(time * 12.f, std::round(time * 12.f), 1e-3f) << clip.name;
                }
            }
        }
}

TEST_F(ModelExport, OnlyTheChosenMeshesAreWrittenAndTheSourceIsStillCarried)
{
    // The real-traits sample: a camera, a light, extras, several meshes.
    const io::ImportResult in = io::importGltf(test::traitsSample());
    ASSERT_TRUE(in.ok) << in.error;
    ASSERT_GE(in.rig.meshes.size(), 2u);
    io::ExportRequest request;
    request.meshes.assign(in.rig.meshes.size(), 0);
    request.meshes[0] = 1;
    io::EncodedExport encoded;
    const std::string file = path("first_mesh.glb");
    ASSERT_FALSE(io::encodeExport(in.rig, in.gltfSource.get(), request, file, "traits.gltf", encoded));
    EXPECT_TRUE(encoded.report.carriedSource) << encoded.report.notCarried;
    EXPECT_TRUE(encoded.warnings.empty()) << encoded.warnings.front();
    EXPECT_EQ(encoded.meshes, 1u);
    ASSERT_FALSE(io::writeGltfFile(encoded.file, file));
    const io::ImportResult back = io::importGltf(file);
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_EQ(back.rig.meshes.size(), 1u);
    EXPECT_EQ(back.rig.meshes[0].name, in.rig.meshes[0].name);
    EXPECT_EQ(back.rig.meshes[0].positions, in.rig.meshes[0].positions);
    EXPECT_EQ(back.gltfSource->summary().cameras, in.gltfSource->summary().cameras);
    EXPECT_EQ(back.gltfSource->summary().lights, in.gltfSource->summary().lights);
    EXPECT_EQ(back.rig.clips.size(), in.rig.clips.size()) << "every clip, morph channels of the dropped meshes aside";

    // Without a source (a fresh write) the same choice.
    io::EncodedExport fresh;
    ASSERT_FALSE(io::encodeExport(in.rig, nullptr, request, path("fresh.glb"), "traits.gltf", fresh));
    ASSERT_FALSE(io::writeGltfFile(fresh.file, path("fresh.glb")));
    const io::ImportResult freshBack = io::importGltf(path("fresh.glb"));
    ASSERT_TRUE(freshBack.ok) << freshBack.error;
    ASSERT_EQ(freshBack.rig.meshes.size(), 1u);
    EXPECT_EQ(freshBack.rig.meshes[0].name, in.rig.meshes[0].name);

#ifdef MARROW_VALIDATE_SCRIPT
    for (const std::string& written : {file, path("fresh.glb")}) {
        const test::ProcessResult valid = test::runProcess({MARROW_NODE_EXE, MARROW_VALIDATE_SCRIPT, written});
        EXPECT_EQ(valid.exitCode, 0) << written << ": " << valid.out << valid.err;
    }
#endif
    request.meshes = {1};
    std::string error;
    EXPECT_FALSE(io::exportedRig(in.rig, request, error)) << "a choice for another rig's meshes";
}

TEST_F(ModelExport, TheEncodedFileReadsBackPosedAsTheDocumentAndListsWhatItLoses)
{
    // A model Assimp reads: no glTF source, so the file says what it cannot carry.
    io::ImportResult in = io::importModel(test::model("ozz-animation/collada/seymour.dae"));
    ASSERT_TRUE(in.ok) << in.error;
    io::ExportRequest request;
    request.profile.maxInfluences = 8;
    io::EncodedExport encoded;
    const std::string file = path("seymour.glb");
    ASSERT_FALSE(io::encodeExport(in.rig, nullptr, request, file, "seymour.dae", encoded));
    ASSERT_EQ(encoded.warnings.size(), 1u);
    EXPECT_NE(encoded.warnings[0].find("cameras and lights are not carried"), std::string::npos);
    EXPECT_EQ(encoded.warnings, io::exportWarnings(encoded.report, nullptr, "seymour.dae", file, 60.f))
        << "the CLI's words";
    EXPECT_FALSE(fs::exists(file)) << "nothing is written before writeGltfFile";
    ASSERT_FALSE(io::writeGltfFile(encoded.file, file));
    const io::ImportResult back = io::importGltf(file);
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_EQ(back.rig.meshes.size(), in.rig.meshes.size());
    for (std::size_t c = 0; c < std::min<std::size_t>(in.rig.clips.size(), 1); ++c)
        for (const float t : {0.f, 0.37f, in.rig.clips[c].duration}) {
            model::PosePipeline a(in.rig), b(back.rig);
            model::PoseRequest pose;
            pose.clip = static_cast<int>(c);
            pose.time = t;
            ASSERT_TRUE(a.evaluate(pose));
            ASSERT_TRUE(b.evaluate(pose));
            for (std::size_t m = 0; m < in.rig.meshes.size(); ++m) {
                std::vector<glm::vec3> pa(in.rig.meshes[m].vertexCount()), pb(pa.size());
                ASSERT_TRUE(a.skinMesh(m, mesh::SkinningMethod::Linear, pa, {}));
                ASSERT_TRUE(b.skinMesh(m, mesh::SkinningMethod::Linear, pb, {}));
                float worst = 0.f;
                for (std::size_t v = 0; v < pa.size(); ++v)
                    worst = std::max(worst, glm::distance(pa[v], pb[v]));
                EXPECT_LT(worst, 1e-5f * mesh::Aabb::of(pa).diagonal()) << "mesh " << m << " at " << t;
            }
        }
}

} // namespace marrow::export_test
