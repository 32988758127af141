// SPDX-License-Identifier: MIT
// marrow-cli convert IN OUT: any model Marrow reads -> glTF 2.0 (.gltf or
// .glb), or a .marrow document (the rig and its glTF source: no pose, no locks).
#include "app/cli/cli_commands.h"
#include "core/io/document_codec.h"
#include "core/io/atomic_write.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_source.h"

namespace marrow::cli {

int writeModel(const model::Rig& rig, const std::shared_ptr<const io::GltfSource>& source, const std::string& in,
               const std::string& out, float sampleRate, const doc::DocumentExtras* kept,
               const model::ExportProfile& profile)
{
    if (doc::isNativeFileName(out)) {
        doc::DocumentExtras extras = kept ? *kept : doc::DocumentExtras{};
        extras.source = source;  // a document from a glTF carries it on
        if (auto err = io::writeFileAtomically(out, doc::encodeDocument(rig, extras))) {
            printError(out + ": " + *err);
            return kExitBadInput;
        }
        return kExitOk;
    }
    io::GltfExportReport report;
    io::GltfExportOptions options{.sampleRate = sampleRate, .source = source.get()};
    options.profile = profile;
    if (auto err = io::exportGltf(rig, out, options, &report)) {
        printError(*err);
        return kExitBadInput;
    }
    // Say what the file lost, once it is written (a refused write loses nothing).
    if (!source)
        printWarnings({out + ": from " + in + " Marrow writes the rig, skins, weights, clips, blend shapes and "
                       "their channels, every UV set, vertex colours and the materials in glTF's terms (base colour, metal, "
                       "roughness, normal, occlusion and emissive maps); cameras and lights are not carried from "
                       "this format"});
    else if (!report.carriedSource) {
        std::string extensions;
        for (const std::string& e : source->summary().extensionsUsed)
            extensions += (extensions.empty() ? "" : ", ") + e;
        printWarnings({out + ": " + report.notCarried + ", so " + in + " is written anew: its materials' "
                       "metal-roughness fields and textures, UV sets, vertex colours and morph targets are kept, "
                       "its material extensions, other vertex attributes, cameras, lights and extras are not" +
                       (extensions.empty() ? std::string() : ", nor the extensions it used (" + extensions + ")")});
    }
    if (report.resampledChannels > 0)
        printWarnings({std::to_string(report.resampledChannels) +
                       (report.resampledChannels == 1 ? " channel mixes" : " channels mix") +
                       " interpolation modes per key, which a glTF sampler cannot; written as LINEAR keys (every "
                       "key, and every frame at " + std::to_string(static_cast<int>(sampleRate)) +
                       " fps inside cubic segments)"});
    return kExitOk;
}

int runConvert(const std::string& in, const std::string& out, const std::vector<std::string>& clipsFrom,
               float sampleRate, const std::optional<model::ExportProfile>& profile)
{
    // loadModel prints the import error or the warnings itself.
    std::shared_ptr<const io::GltfSource> source;
    doc::DocumentExtras extras;
    std::optional<model::Rig> rig = loadModel(in, clipsFrom, nullptr, nullptr, &source, &extras);
    if (!rig)
        return kExitBadInput;
    // A .marrow output keeps the document's profile (and, as before, not its
    // pose or locks); a glTF applies it, or the flags' profile.
    const bool native = doc::isNativeFileName(out);
    doc::DocumentExtras kept;
    kept.exportProfile = extras.exportProfile;
    return writeModel(*rig, source, in, out, sampleRate, native ? &kept : nullptr,
                      native ? model::ExportProfile{} : profile.value_or(extras.exportProfile));
}

} // namespace marrow::cli
