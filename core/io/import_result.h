// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::io {

// What an importer hands back: a complete, validated rig, or an error. Never
// half a rig. Messages start with the file's name as the caller gave it
// ("dir/model.gltf: node 1 is its own ancestor") and are one line each.
struct ImportResult {
    bool ok = false;
    std::string error;                  // set when !ok
    model::Rig rig;                     // complete and valid when ok
    std::vector<std::string> warnings;  // repairs and oddities worth telling the user
    // The frame rate every key lies on (anim::detectFrameRate); nullopt when
    // none fits or nothing is keyed, and the caller's default applies.
    std::optional<double> frameRate;

    static ImportResult failure(std::string message)
    {
        ImportResult r;
        r.error = std::move(message);
        return r;
    }
};

} // namespace marrow::io
