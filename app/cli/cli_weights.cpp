// SPDX-License-Identifier: MIT
// marrow-cli weights MODEL [operations]... -o OUT: the Weights menu's bulk
// operations (core/skin/bulk_*), in the order given, on every skinned mesh
// or the ones --meshes names (--auto keeps single-bone props rigid unless named);
// the output keeps everything else of the file (a glTF source is carried; a
// .marrow's locks hold, its Deform flags choose --auto's bones, and a .marrow
// output keeps its pose, locks, flags and frame rate).
#include "app/cli/cli_commands.h"
#include "app/cli/cli_weights_args.h"
#include "core/mesh/vertex_adjacency.h"
#include "core/mesh/vertex_weld.h"
#include "core/model/auto_weights.h"
#include "core/model/weight_mirror_plane.h"
#include "core/skin/bulk_mirror.h"
#include "core/skin/bulk_normalize.h"
#include "core/skin/bulk_smooth.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

namespace marrow::cli {

namespace {

// The skin joints a name list selects; an error names a bone the skin lacks.
std::optional<std::string> selectBones(const model::Rig& rig, const mesh::Mesh& m, const std::vector<std::string>& names,
                                       std::vector<std::uint8_t>& subset)
{
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    subset.assign(skin.joints.size(), 0);
    for (const std::string& name : names) {
        bool found = false;
        for (std::size_t k = 0; k < skin.joints.size(); ++k)
            if (rig.skeleton.names[static_cast<std::size_t>(skin.joints[k])] == name)
                subset[k] = found = true;
        if (!found)
            return "mesh '" + m.name + "' has no bone '" + name + "'";
    }
    return std::nullopt;
}

mesh::SkinWeights apply(const WeightStep& s, const model::Rig& rig, const doc::DocumentExtras& extras, std::size_t meshIndex,
                        const model::AutoWeightTarget& target, skin::BulkReport& report,
                        model::AutoWeightResult* autoResult)
{
    const mesh::Mesh& m = rig.meshes[meshIndex];
    skin::WeightScope scope;
    scope.maxInfluences = m.weights.stride;
    // A .marrow's locked bones keep their weights, as in the editor.
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    scope.locked.assign(skin.joints.size(), 0);
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        scope.locked[k] = extras.locks.count(skin.joints[k]) ? 1 : 0;
    switch (s.kind) {
    case WeightStep::Auto: {
        model::AutoWeightOptions options;
        options.rigidIslands = s.rigidIslands;
        options.rigidWhole = target.rigidWhole;
        options.keepPropMesh = target.keepPropMesh;
        options.segments = s.segments;
        options.deform = model::deformMask(rig, extras.deform);
        options.scope.locked = scope.locked;
        options.scope.maxInfluences = 4;
        if (!s.bones.empty())
            selectBones(rig, m, s.bones, options.scope.bones);
        *autoResult = model::autoWeights(rig, meshIndex, options);
        return autoResult->weights;
    }
    case WeightStep::Normalize:
        return skin::normalizeAll(m.weights, scope, &report);
    case WeightStep::Limit:
        return skin::limitTotal(m.weights, scope, static_cast<int>(s.value), &report);
    case WeightStep::Clean:
        return skin::cleanWeights(m.weights, scope, static_cast<float>(s.value), &report);
    case WeightStep::Quantize:
        return skin::quantizeWeights(m.weights, scope, static_cast<int>(s.value), &report);
    case WeightStep::Smooth: {
        const mesh::VertexWeld weld = mesh::VertexWeld::build(m.positions);
        mesh::VertexAdjacency adjacency;
        if (adjacency.build(m.vertexCount(), weld.weldIndices(m.indices)))
            return m.weights;
        return skin::smoothWeights(m.weights, scope, {adjacency, &weld}, static_cast<int>(s.value),
                                   static_cast<float>(s.factor), &report);
    }
    case WeightStep::Mirror: {
        const model::WeightMirrorSetup setup = model::weightMirrorSetup(rig, meshIndex, s.axis);
        if (setup.exactPairs == 0)
            return m.weights;  // one side's piece: nothing on it mirrors (as Weights › Mirror)
        return skin::mirrorWeights(m.weights, scope, {m.positions, m.indices}, setup.plane, s.fromPositive,
                                   setup.joints, &report);
    }
    }
    return m.weights;
}

} // namespace

int runWeights(const std::vector<std::string>& args)
{
    WeightsOptions o;
    if (auto err = parseWeightsArgs(args, o)) {
        std::fprintf(stderr, "marrow-cli: %s\n(see marrow-cli --help)\n", err->c_str());
        return kExitUsage;
    }
    std::shared_ptr<const io::GltfSource> source;
    doc::DocumentExtras extras;  // a .marrow's locks and Deform flags apply, and are written back
    std::optional<model::Rig> rig = loadModel(o.model, o.clipsFrom, nullptr, nullptr, &source, &extras);
    if (!rig)
        return kExitBadInput;
    if (const int refused = addRangeClips(*rig, o.rangeClips))
        return refused;
    // The meshes the operations run on: --meshes by name, else every skinned one.
    std::vector<std::size_t> chosen;
    for (const std::string& name : o.meshes) {
        const std::size_t before = chosen.size();
        for (std::size_t i = 0; i < rig->meshes.size(); ++i)
            if (rig->meshes[i].skinned() && (rig->meshes[i].name == name ||
                                             rig->skeleton.names[static_cast<std::size_t>(rig->meshes[i].node)] == name))
                chosen.push_back(i);
        if (chosen.size() == before) {
            printError(o.model + ": no skinned mesh is named '" + name + "'");
            return kExitBadInput;
        }
    }
    for (std::size_t i = 0; i < rig->meshes.size() && o.meshes.empty(); ++i)
        if (rig->meshes[i].skinned())
            chosen.push_back(i);
    const std::size_t skinned = chosen.size();
    if (skinned == 0) {
        // Exit 1 as bind's MESH without a mesh: a script must not take an untouched copy for weighted.
        printError(o.model + " has no skinned mesh: nothing to weight, nothing written");
        return kExitCheckFailed;
    }
    for (const WeightStep& s : o.steps) {
        // A bone --bones names must be in some skinned mesh's skin.
        for (const std::string& name : s.bones) {
            bool found = false;
            for (const mesh::Mesh& m : rig->meshes) {
                std::vector<std::uint8_t> subset;
                found = found || (m.skinned() && !selectBones(*rig, m, {name}, subset));
            }
            if (!found) {
                printError(o.model + ": no skinned mesh has a bone named '" + name + "'");
                return kExitBadInput;
            }
        }
        skin::BulkReport total;
        skin::BoneHeatReport heat;
        std::size_t propsKept = 0;
        const std::vector<model::AutoWeightTarget> targets =
            model::autoWeightTargets(*rig, chosen, !o.meshes.empty(), s.rigidIslands);
        for (const model::AutoWeightTarget& target : targets) {
            skin::BulkReport report;
            model::AutoWeightResult autoResult;
            rig->meshes[target.mesh].weights = apply(s, *rig, extras, target.mesh, target, report, &autoResult);
            heat += autoResult.heat;
            propsKept += autoResult.propShellsKept + (autoResult.propMeshKept ? 1 : 0);
            total += report;
        }
        if (s.kind == WeightStep::Auto) {
            // Every vertex is weighted; say how many needed a fallback.
            std::fprintf(stderr,
                         "marrow-cli: %s: %zu vertices weighted by bone heat in %zu skinned meshes; fallbacks: %zu "
                         "from the nearest visible bone (the nearest was hidden), %zu from the nearest bone (none "
                         "visible), %zu bound to the nearest bone (no heat reached them); %zu shells bound rigidly; %zu "
                         "rigid props kept on their bone\n",
                         s.label.c_str(), heat.vertices, skinned, heat.hiddenNearest, heat.noneVisible,
                         heat.emptyRows, heat.rigidShells, propsKept);
            continue;
        }
        std::fprintf(stderr, "marrow-cli: %s: %zu rows changed in %zu skinned meshes, %zu influences removed",
                     s.label.c_str(), total.rowsChanged, skinned, total.influencesRemoved);
        if (s.kind == WeightStep::Mirror)
            std::fprintf(stderr, ", %zu vertices from the surface (no exact twin)", total.surfaceFallbacks);
        if (total.rowsUnnormalisable > 0)
            std::fprintf(stderr, ", %zu rows left as they were (nothing to normalise)", total.rowsUnnormalisable);
        std::fprintf(stderr, "\n");
    }
    if (auto err = rig->validate()) {
        printError("the weights came out invalid: " + *err);
        return kExitBadInput;
    }
    return writeModel(*rig, source, o.model, o.output, 60.f, &extras);
}

} // namespace marrow::cli
