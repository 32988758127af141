// SPDX-License-Identifier: MIT
#pragma once
#include <filesystem>
#include <string>

namespace marrow::test {

// ../shared/models, as configured by CMake (MARROW_SHARED_MODELS).
inline std::filesystem::path sharedModels()
{
    return std::filesystem::path(MARROW_SHARED_MODELS_DIR);
}

inline std::string model(const std::string& relative)
{
    return (sharedModels() / relative).string();
}

// Folder holding marrow-cli and marrow-import-worker.
inline std::filesystem::path binDir()
{
    return std::filesystem::path(MARROW_BIN_DIR);
}

} // namespace marrow::test
