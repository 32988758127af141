// SPDX-License-Identifier: MIT
#include "app/cli/cli_commands.h"
#include "core/io/document_codec.h"
#include "core/io/file_bytes.h"
#include "core/io/model_import.h"
#include "core/model/clip_names.h"
#include "core/model/clip_transfer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstdio>

namespace marrow::cli {

namespace {

// A .marrow document's rig and saved frame rate (and, for callers that
// write a document back, its pose, locks and Deform flags), or any model
// importModel reads.
io::ImportResult importAny(const std::string& path, doc::DocumentExtras* extrasOut = nullptr)
{
    if (!doc::isNativeFileName(path)) {
        io::ImportResult imported = io::importModel(path);
        if (extrasOut)
            extrasOut->importChanges = imported.importChanges;  // what the import repaired
        return imported;
    }
    io::ImportResult result;
    const std::optional<std::string> read = io::readFileBytes(path);
    if (!read) {
        result.error = path + ": cannot open the file";
        return result;
    }
    const std::string& bytes = *read;
    std::string error;
    doc::DocumentExtras extras;
    if (!doc::decodeDocument(bytes, result.rig, error, &extras)) {
        result.error = path + ": " + error;
        return result;
    }
    // The document's own rate, never one read off its keys (0: unset).
    if (extras.fps > 0.0)
        result.frameRate = extras.fps;
    result.gltfSource = extras.source;  // the glTF it came from, when it did
    if (extrasOut)
        *extrasOut = std::move(extras);
    result.ok = true;
    return result;
}

} // namespace

std::optional<model::Rig> loadModel(const std::string& path, const std::vector<std::string>& clipsFrom,
                                    std::vector<std::string>* warningsOut, std::optional<double>* frameRateOut,
                                    std::shared_ptr<const io::GltfSource>* sourceOut,
                                    doc::DocumentExtras* extrasOut)
{
    io::ImportResult main = importAny(path, extrasOut);
    if (!main.ok) {
        printError(main.error);
        return std::nullopt;
    }
    std::vector<std::string> warnings = std::move(main.warnings);
    for (const std::string& extra : clipsFrom) {
        io::ImportResult other = importAny(extra);
        if (!other.ok) {
            printError(other.error);
            return std::nullopt;
        }
        warnings.insert(warnings.end(), other.warnings.begin(), other.warnings.end());
        const std::size_t before = main.rig.clips.size();
        const std::vector<std::string> unmatched = model::transferClips(other.rig, main.rig);
        model::nameImportedClips(main.rig, before, extra);  // as the editor's Import Clips
        if (!unmatched.empty()) {
            std::string list;
            for (std::size_t i = 0; i < unmatched.size() && i < 20; ++i)
                list += (i ? ", " : "") + unmatched[i];
            if (unmatched.size() > 20)
                list += ", ...";
            warnings.push_back(extra + ": " + std::to_string(unmatched.size()) + " animated joints have no match in " +
                               path + " and were dropped: " + list);
        }
    }
    if (auto err = main.rig.validate()) {
        printError(path + ": " + *err);
        return std::nullopt;
    }
    printWarnings(warnings);
    if (warningsOut)
        *warningsOut = std::move(warnings);
    if (frameRateOut)
        *frameRateOut = main.frameRate;
    if (sourceOut)
        *sourceOut = main.gltfSource;
    return std::move(main.rig);
}

} // namespace marrow::cli
