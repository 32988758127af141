// SPDX-License-Identifier: MIT
#pragma once
// Every model file under ../shared/models that the editor's Open dialog
// offers (glTF, GLB, FBX, Collada, MD5, X), hostile ones left out, sorted:
// the "open every model in one session" tests walk it.
#include "shared_models.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace marrow::test {

inline std::vector<std::string> everyModelFile()
{
    static const std::set<std::string> suffixes = {".gltf", ".glb", ".fbx", ".dae", ".md5mesh", ".x"};
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(sharedModels())) {
        std::string suffix = entry.path().extension().string();
        std::transform(suffix.begin(), suffix.end(), suffix.begin(), [](unsigned char c) { return std::tolower(c); });
        if (entry.is_regular_file() && suffixes.count(suffix) && entry.path().string().find("/hostile/") == std::string::npos)
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace marrow::test
