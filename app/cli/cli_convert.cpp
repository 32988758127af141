// SPDX-License-Identifier: MIT
// marrow-cli convert IN OUT: any model Marrow reads -> glTF 2.0 (.gltf or .glb).
#include "app/cli/cli_commands.h"
#include "core/io/gltf_export.h"

namespace marrow::cli {

int runConvert(const std::string& in, const std::string& out, const std::vector<std::string>& clipsFrom)
{
    // loadModel prints the import error or the warnings itself.
    std::optional<model::Rig> rig = loadModel(in, clipsFrom);
    if (!rig)
        return kExitBadInput;
    if (auto err = io::exportGltf(*rig, out)) {
        printError(*err);
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace marrow::cli
