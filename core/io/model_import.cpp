// SPDX-License-Identifier: MIT
#include "core/io/model_import.h"
#include "core/anim/frame_rate.h"
#include "core/io/assimp_import.h"
#include "core/io/gltf_import.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <filesystem>

namespace marrow::io {

bool isGltfPath(const std::string& path)
{
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".gltf" || ext == ".glb";
}

ImportResult importModel(const std::string& path)
{
    try {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            return ImportResult::failure(path + ": no such file");
        if (std::filesystem::is_directory(path, ec))
            return ImportResult::failure(path + ": is a folder, not a model file");
        ImportResult r = isGltfPath(path) ? importGltf(path) : importWithAssimp(path);
        if (r.ok) {
            // Every importer's output is checked the same way before anyone sees it.
            if (auto err = r.rig.validate())
                return ImportResult::failure(path + ": " + *err);
            // Files keep no usable frame rate (glTF has none): the keys tell.
            r.frameRate = anim::detectFrameRate(r.rig.clips);
        }
        return r;
    } catch (const std::bad_alloc&) {
        return ImportResult::failure(path + ": out of memory while importing");
    } catch (const std::exception& e) {
        return ImportResult::failure(path + ": " + e.what());
    }
}

} // namespace marrow::io
