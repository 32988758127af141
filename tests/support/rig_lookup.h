// SPDX-License-Identifier: MIT
#pragma once
// A rig's joints and meshes by name, for tests that check a file's traits.
#include "core/model/rig.h"

#include <algorithm>
#include <string>

namespace marrow::test {

// The joint's index, -1 when the skeleton has no joint so named.
inline int jointNamed(const model::Rig& rig, const std::string& name)
{
    const auto& names = rig.skeleton.names;
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

// The first mesh so named, or null.
inline const mesh::Mesh* meshNamed(const model::Rig& rig, const std::string& name)
{
    for (const mesh::Mesh& m : rig.meshes)
        if (m.name == name)
            return &m;
    return nullptr;
}

} // namespace marrow::test
