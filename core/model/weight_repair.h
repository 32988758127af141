// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <cstdint>
#include <vector>

namespace marrow::model {

// Makes weightless vertices follow their mesh's node, as glTF specifies for a
// vertex whose weights are all zero: the mesh node joins the mesh's skin with
// an identity inverse bind matrix (world(node) * I * p), and each listed row
// gets weight 1 on it. Reuses an existing identity entry for that node.
// Returns the number of rows changed (rows out of range are skipped).
std::size_t bindRowsToMeshNode(Rig& rig, std::size_t meshIndex, const std::vector<std::uint32_t>& rows);

} // namespace marrow::model
