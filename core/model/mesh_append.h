// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <optional>
#include <string>

namespace marrow::model {

// File › Import Mesh: `into` with every mesh of `from` added as a static
// mesh (rigid, on one new root node named `holderName`, at the identity), so
// Bind to Skeleton can bind it. Each mesh keeps the place `from` draws it in
// at rest: a rigid one is baked through its node's rest world transform
// (positions, normals and morph displacements), a skinned one is taken in
// its bind space, unbound. Its materials and textures come along, indices
// moved past `into`'s. Nothing else of `from` (skeleton, clips) comes in.
// nullopt with `error` set when `from` has no mesh or the result is invalid.
std::optional<Rig> appendMeshes(const Rig& into, const Rig& from, const std::string& holderName, std::string& error);

} // namespace marrow::model
