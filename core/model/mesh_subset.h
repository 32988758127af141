// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <cstdint>
#include <vector>

namespace marrow::model {

// The rig with only the meshes `keep` marks (one flag per mesh; File ›
// Export's Visible / Selected): skins stay (a skin without a mesh still
// binds the skeleton), each clip's morph-weight tracks follow their meshes
// to their new indices or go with them.
Rig withMeshes(Rig rig, const std::vector<std::uint8_t>& keep);

} // namespace marrow::model
