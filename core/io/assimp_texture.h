// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

struct aiScene;

namespace marrow::io::assimp {

// The rig textures a scene's materials name, each read once: embedded ones
// ("*N", or an FBX's by file name) keep their bytes; others are read from
// beside the source (the path as written, then its file name in the model's
// folder and in a "textures" folder there), never from outside that folder.
// Only PNG and JPEG are kept; a texture that cannot be found, read or kept
// is named in a warning.
class TextureFinder {
public:
    TextureFinder(const aiScene& scene, const std::string& sourcePath, model::Rig& rig,
                  std::vector<std::string>& warnings);
    // The rig texture for a path as a material wrote it, or -1.
    int find(const std::string& written);

private:
    const aiScene& m_scene;
    std::filesystem::path m_folder;
    model::Rig& m_rig;
    std::vector<std::string>& m_warnings;
    std::map<std::string, int> m_known;  // path as written -> rig texture
};

} // namespace marrow::io::assimp
