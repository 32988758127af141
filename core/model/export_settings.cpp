// SPDX-License-Identifier: MIT
#include "core/model/export_settings.h"

#include <cmath>

namespace marrow::model {

std::optional<std::string> ExportSettings::validate() const
{
    if (!std::isfinite(resampleFps) || resampleFps < 0.0 || resampleFps > 1000.0)
        return "the resampling rate must be 0 (as authored) or in (0, 1000] frames per second";
    if (static_cast<int>(format) > static_cast<int>(ExportFormat::Gltf) ||
        static_cast<int>(clips) > static_cast<int>(ExportClips::Chosen) ||
        static_cast<int>(meshes) > static_cast<int>(ExportMeshes::Selected))
        return "an export option is out of range";
    return std::nullopt;
}

const char* exportSuffix(ExportFormat format)
{
    return format == ExportFormat::Gltf ? ".gltf" : ".glb";
}

} // namespace marrow::model
