// SPDX-License-Identifier: MIT
// marrow-cli convert IN OUT: any model Marrow reads -> glTF 2.0 (.gltf or
// .glb), or a .marrow document (the rig alone: no pose, no locks).
#include "app/cli/cli_commands.h"
#include "core/io/document_codec.h"
#include "core/io/atomic_write.h"
#include "core/io/gltf_export.h"

namespace marrow::cli {

int runConvert(const std::string& in, const std::string& out, const std::vector<std::string>& clipsFrom,
               float sampleRate)
{
    // loadModel prints the import error or the warnings itself.
    std::optional<model::Rig> rig = loadModel(in, clipsFrom);
    if (!rig)
        return kExitBadInput;
    if (doc::isNativeFileName(out)) {
        if (auto err = io::writeFileAtomically(out, doc::encodeDocument(*rig))) {
            printError(out + ": " + *err);
            return kExitBadInput;
        }
        return kExitOk;
    }
    io::GltfExportReport report;
    if (auto err = io::exportGltf(*rig, out, {.sampleRate = sampleRate}, &report)) {
        printError(*err);
        return kExitBadInput;
    }
    if (report.resampledChannels > 0)
        printWarnings({std::to_string(report.resampledChannels) +
                       (report.resampledChannels == 1 ? " channel mixes" : " channels mix") +
                       " interpolation modes per key, which a glTF sampler cannot; written as LINEAR keys (every "
                       "key, and every frame at " + std::to_string(static_cast<int>(sampleRate)) +
                       " fps inside cubic segments)"});
    return kExitOk;
}

} // namespace marrow::cli
