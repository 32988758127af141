// SPDX-License-Identifier: MIT
#include "core/io/gltf_export.h"
#include "core/io/gltf_export_carry.h"
#include "core/io/gltf_export_context.h"
#include "core/model/mesh_subset.h"

#include <cmath>
#include <sstream>

namespace marrow::io {

std::optional<std::string> encodeGltf(const model::Rig& rig, GltfContainer container, std::string& bytes,
                                      const GltfExportOptions& options, GltfExportReport* report)
{
    if (!(options.sampleRate > 0.f) || !std::isfinite(options.sampleRate))
        return "the sample rate must be a positive number of frames per second";
    // Refuse what the file could not express faithfully (bad indices, NaN, unordered keys).
    if (auto err = rig.validate())
        return "the model is invalid: " + *err;
    std::optional<model::Rig> profiled;
    if (options.profile.changesWeights())
        profiled = model::profiledRig(rig, options.profile);
    const model::Rig& whole = profiled ? *profiled : rig;
    const bool subset = !options.keepMeshes.empty();
    if (subset && options.keepMeshes.size() != rig.meshes.size())
        return "the mesh choice does not match the model's meshes";
    std::optional<gltfexport::CarryPlan> plan;
    if (options.source)
        plan = gltfexport::planCarry(whole, *options.source);
    const bool carry = plan && !plan->refusal;
    // A fresh write leaves the meshes out of the rig it writes; a carried
    // one drops their primitives from the source (ExportContext::keepMeshes).
    std::optional<model::Rig> chosen;
    if (subset && !carry)
        chosen = model::withMeshes(whole, options.keepMeshes);
    const model::Rig& written = chosen ? *chosen : whole;
    gltfexport::ExportContext ctx(written);
    if (subset && carry)
        ctx.keepMeshes = options.keepMeshes;
    ctx.sampleRate = options.sampleRate;
    ctx.weightStorage = options.profile.weights;
    std::optional<gltfexport::BesideImages> beside;
    if (options.sideFiles && container == GltfContainer::Text) {
        options.sideFiles->clear();
        beside.emplace(gltfexport::BesideImages{options.imageFolder, *options.sideFiles});
        ctx.beside = &*beside;
    }
    try {
        if (carry) {
            gltfexport::exportCarried(ctx, *options.source, *plan);
        } else {
            gltfexport::exportNodes(ctx);
            gltfexport::exportSkins(ctx);
            gltfexport::exportLooks(ctx);
            gltfexport::exportMeshes(ctx);
            gltfexport::exportClips(ctx);
        }
        gltfexport::writeTransitionExtras(ctx);
    } catch (const gltfexport::ExportError& e) {
        return e.message;
    } catch (const std::exception& e) {
        return std::string("cannot build the glTF model: ") + e.what();
    }

    if (report) {
        report->resampledChannels = ctx.resampledChannels;
        report->carriedSource = carry;
        report->notCarried = plan ? plan->refusal.value_or(std::string()) : std::string();
        report->lost.clear();
        if (plan)
            report->lost = carry ? plan->lost : gltfexport::freshWriteLosses(*options.source);
    }
    tinygltf::Model& m = ctx.model;
    // A carried source keeps its asset (copyright, generator, extras).
    if (!carry) {
        m.asset.version = "2.0";
        m.asset.generator = "Marrow";
    }
    // glTF forbids an empty buffer; a model of nodes alone has none.
    if (!ctx.bin.empty()) {
        while (ctx.bin.size() % 4 != 0)
            ctx.bin.push_back(0);
        tinygltf::Buffer buffer;
        // An empty URI is what makes tinygltf's GLB writer emit a BIN chunk
        // (not a data URI) for buffer 0; the text writer embeds it as base64.
        buffer.data = std::move(ctx.bin);
        m.buffers.push_back(std::move(buffer));
    }

    try {
        std::ostringstream out(std::ios::binary);
        tinygltf::TinyGLTF writer;
        const bool binary = container == GltfContainer::Binary;
        if (!writer.WriteGltfSceneToStream(&m, out, /*prettyPrint=*/!binary, /*writeBinary=*/binary) || !out)
            return std::string("tinygltf could not serialise the model");
        bytes = std::move(out).str();
        gltfexport::mendSerialisedGltf(bytes, container, carry && gltfexport::hasInfiniteCamera(m));
    } catch (const std::exception& e) {
        return std::string("cannot serialise the model: ") + e.what();
    }
    return std::nullopt;
}

} // namespace marrow::io
