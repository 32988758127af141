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

// Folder holding marrow-cli and marrow-import-worker: the running test's own
// folder (every executable lands in the build's bin/). Found at run time, not
// compiled in, so a test source compiles to the same object in every build
// folder and the sanitizer build reuses the Release build's from ccache.
inline std::filesystem::path binDir()
{
    return std::filesystem::canonical("/proc/self/exe").parent_path();
}

// The samples tests/CMakeLists.txt generates into the build folder.
inline std::string flatSample()
{
    return (binDir().parent_path() / "samples" / "marrow_character_flat.gltf").string();
}

inline std::string traitsSample()
{
    return (binDir().parent_path() / "samples" / "marrow_character_traits.gltf").string();
}

// .L/.R bones with rolled local axes (tools/sample_character/rolled.py).
inline std::string rolledSample()
{
    return (binDir().parent_path() / "samples" / "marrow_character_rolled.gltf").string();
}

// The bundled character, in the checkout (MARROW_TEST_DATA_DIR is its tests/data), wherever the build folder is.
inline std::filesystem::path bundledCharacter()
{
    return std::filesystem::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "resources/samples/marrow_character.gltf";
}

} // namespace marrow::test
