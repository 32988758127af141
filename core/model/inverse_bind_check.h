// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <vector>

namespace marrow::model {

// True when the matrix's 3x3 part can be inverted: its columns are not zero
// and span a volume (|det| above 1e-6 of the product of the column lengths).
bool isInvertibleAffine(const glm::mat4& m);

// One line per skin joint whose inverse bind matrix is finite but singular,
// naming the skin and the joint (at most 10, then a count of the rest). Such
// a joint flattens its vertices when posed, and no bind pose can be
// recovered from it; Marrow keeps the matrix as the file gives it.
std::vector<std::string> singularInverseBindWarnings(const Rig& rig);

} // namespace marrow::model
