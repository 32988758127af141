// SPDX-License-Identifier: MIT
// marrow-cli convert IN OUT: any model Marrow reads -> glTF 2.0 (.gltf or
// .glb), or a .marrow document (the rig and its glTF source: no pose, no locks).
#include "app/cli/cli_commands.h"
#include "core/io/document_codec.h"
#include "core/io/atomic_write.h"
#include "core/io/gltf_export.h"
#include "core/io/gltf_source.h"
#include "core/io/model_export.h"

namespace marrow::cli {

int writeModel(const model::Rig& rig, const std::shared_ptr<const io::GltfSource>& source, const std::string& in,
               const std::string& out, float sampleRate, const doc::DocumentExtras* kept,
               const model::ExportProfile& profile, const model::ExportSettings& settings, double fps)
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
    // The editor's File › Export path: the document's options, the
    // warnings before the write, the write atomic.
    io::ExportRequest request;
    request.sampleRate = sampleRate;
    if (fps > 0.0)
        request.fps = fps;
    request.profile = profile;
    request.settings = settings;
    if (request.settings.clips == model::ExportClips::Active)  // no clip is being edited here
        request.settings.clips = model::ExportClips::All;
    io::EncodedExport encoded;
    if (auto err = io::encodeExport(rig, source.get(), request, out, in, encoded)) {
        printError(*err);
        return kExitBadInput;
    }
    printWarnings(encoded.warnings);
    if (auto err = io::writeGltfFile(encoded.file, out)) {
        printError(*err);
        return kExitBadInput;
    }
    return kExitOk;
}

int runConvert(const std::string& in, const std::string& out, const std::vector<std::string>& clipsFrom,
               float sampleRate, const std::optional<model::ExportProfile>& profile,
               const std::vector<RangeClipSpec>& rangeClips)
{
    // loadModel prints the import error or the warnings itself.
    std::shared_ptr<const io::GltfSource> source;
    doc::DocumentExtras extras;
    std::optional<model::Rig> rig = loadModel(in, clipsFrom, nullptr, nullptr, &source, &extras);
    if (!rig)
        return kExitBadInput;
    if (const int refused = addRangeClips(*rig, rangeClips))
        return refused;
    // A .marrow output keeps the document's profile (and, as before, not its
    // pose or locks); a glTF applies it, or the flags' profile.
    const bool native = doc::isNativeFileName(out);
    doc::DocumentExtras kept;
    kept.exportProfile = extras.exportProfile;
    kept.exportSettings = extras.exportSettings;
    kept.exportPath = extras.exportPath;
    return writeModel(*rig, source, in, out, sampleRate, native ? &kept : nullptr,
                      native ? model::ExportProfile{} : profile.value_or(extras.exportProfile),
                      native ? model::ExportSettings{} : extras.exportSettings, extras.fps);
}

} // namespace marrow::cli
