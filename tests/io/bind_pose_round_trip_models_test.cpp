// SPDX-License-Identifier: MIT
// Issue 35's invariant on every skinned model of ../shared/models: a glTF
// write read back keeps each skinned mesh's bind pose (Rest Position: each
// joint at the inverse of its inverse bind) and its rest pose within 1e-5
// of its bounding-box diagonal, written fresh and, for a glTF, carrying its
// source; the bundled and real-traits samples too. Prints each model's
// figures, with how far its own bind pose is from its rest pose.
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/model_import.h"
#include "core/model/bind_pose_drift.h"
#include "every_model.h"
#include "scaled_static_rig.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

using namespace marrow;

namespace {

// The worst relative distance over the skinned meshes of two rigs posed alike.
float worst(const test::PosedMeshes& a, const test::PosedMeshes& b, const model::Rig& rig)
{
    float w = 0.f;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (rig.meshes[m].skinned())
            w = std::max(w, m < a.positions.size() && m < b.positions.size()
                                ? test::relativeDistance(a.positions[m], b.positions[m])
                                : 1e30f);
    return w;
}

} // namespace

TEST(BindPoseRoundTripModels, EverySkinnedModelKeepsItsBindPoseAndRestPoseThroughGltf)
{
    std::size_t checked = 0;
    std::vector<std::string> files = test::everyModelFile();
    files.push_back(test::bundledCharacter().string());
    files.push_back(test::traitsSample());
    for (const std::string& file : files) {
        const io::ImportResult in = io::importModel(file);
        if (!in.ok)
            continue;  // the import tests say why
        const bool skinned = std::any_of(in.rig.meshes.begin(), in.rig.meshes.end(),
                                         [](const mesh::Mesh& m) { return m.skinned(); });
        if (!skinned)
            continue;
        const std::string name = file.starts_with(test::sharedModels().string())
                                     ? file.substr(test::sharedModels().string().size() + 1)
                                     : std::filesystem::path(file).filename().string();
        const test::PosedMeshes bind = test::bindPosedMeshes(in.rig), rest = test::posedMeshes(in.rig);
        float drift = 0.f;  // how far its own bind pose is from its rest pose (the open-time Log note's figure)
        for (const model::BindPoseDrift& d : model::bindPoseDrift(in.rig))
            drift = std::max(drift, d.relative);
        for (const bool carried : {false, true}) {
            if (carried && !in.gltfSource)
                continue;
            SCOPED_TRACE(name + (carried ? " carried" : " fresh"));
            io::GltfExportOptions options;
            options.source = carried ? in.gltfSource.get() : nullptr;
            std::string bytes;
            if (auto err = io::encodeGltf(in.rig, io::GltfContainer::Binary, bytes, options)) {
                ADD_FAILURE() << *err;
                continue;
            }
            const io::ImportResult back = io::importGltfBytes(bytes, "back.glb");
            ASSERT_TRUE(back.ok) << back.error;
            ASSERT_EQ(back.rig.meshes.size(), in.rig.meshes.size());
            const float bindDrift = worst(bind, test::bindPosedMeshes(back.rig), in.rig);
            const float restDrift = worst(rest, test::posedMeshes(back.rig), in.rig);
            EXPECT_LT(bindDrift, 1e-5f) << "bind pose";
            EXPECT_LT(restDrift, 1e-5f) << "rest pose";
            std::cout << "[ figures  ] " << name << (carried ? " carried" : " fresh") << ": bind pose " << bindDrift
                      << ", rest pose " << restDrift << " (its bind pose " << drift << " from its rest pose)\n";
            ++checked;
        }
    }
    EXPECT_GT(checked, 5u) << "the shared models hold skinned characters";
}
