// SPDX-License-Identifier: MIT
#pragma once
// The characters tools/make_sample_character.py writes into the build's
// samples/ folder at build time (tests/CMakeLists.txt): marrow_character_flat,
// _traits, _rolled, _soldier, _static and _static_rig (.gltf).
#include "shared_models.h"

#include <string>

namespace marrow::test {

// The generated file `name` (e.g. "marrow_character_soldier.gltf"), beside bin/.
inline std::string generatedModel(const std::string& name)
{
    return (binDir().parent_path() / "samples" / name).string();
}

} // namespace marrow::test
