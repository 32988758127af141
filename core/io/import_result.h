// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/import_changes.h"
#include "core/model/rig.h"

#include <memory>

#include <optional>
#include <string>
#include <vector>

namespace marrow::io {

struct GltfSource;

// What an importer hands back: a complete, validated rig, or an error. Never
// half a rig. Messages start with the file's name as the caller gave it
// ("dir/model.gltf: node 1 is its own ancestor") and are one line each.
struct ImportResult {
    bool ok = false;
    std::string error;                  // set when !ok
    model::Rig rig;                     // complete and valid when ok
    std::vector<std::string> warnings;  // repairs and oddities worth telling the user
    // The frame rate most keys lie on (anim::detectFrameRate); nullopt when
    // none fits or nothing is keyed, and the caller's default applies.
    std::optional<double> frameRate;
    // For a glTF or GLB: the whole file and where each part of the rig came
    // from, so a glTF write carries what Marrow does not model. Null for
    // other formats (the Assimp worker does not send it).
    std::shared_ptr<const GltfSource> gltfSource;
    // Which weight rows the import renormalised, trimmed or bound to their
    // mesh's node, per rig mesh (the editor's Changed on Import view).
    model::ImportChanges importChanges;

    static ImportResult failure(std::string message)
    {
        ImportResult r;
        r.error = std::move(message);
        return r;
    }
};

} // namespace marrow::io
