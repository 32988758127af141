// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/model/bone_map.h"
#include "core/model/retarget.h"

#include <optional>
#include <string>
#include <string_view>

namespace marrow::model {

// A bone map as a user keeps it (issue 40): by joint names, not indices, so
// one file, edited by hand, serves every pair of rigs that name their bones
// alike. Beside the pairs, the retarget's per-chain options:
//   {"marrow_bone_map": 1,
//    "pairs": [{"source": "mixamorig:Hips", "target": "Hips"}, ...],
//    "chains": {"left leg": {"follow": "world", "ik": true}, ...}}
struct BoneMapFile {
    BoneMap map;
    RetargetOptions options;
    bool operator==(const BoneMapFile&) const = default;
};

inline constexpr int kBoneMapJsonVersion = 1;

// The file's text (indented, pairs in target order, every chain). A pair
// naming a joint either skeleton lacks is left out.
std::string boneMapToJson(const BoneMap& map, const RetargetOptions& options, const anim::Skeleton& source,
                          const anim::Skeleton& target);

// The map a file's text gives between `source` and `target` (pairs sorted
// by target; a chain the file leaves out keeps its default options).
// nullopt with `error` naming the problem: not JSON, a wrong or missing
// version, a malformed pair or chain, bones either skeleton lacks ("the map
// names bones the source lacks: Foo, Bar"), a target bone paired twice.
std::optional<BoneMapFile> boneMapFromJson(std::string_view json, const anim::Skeleton& source,
                                           const anim::Skeleton& target, std::string& error);

} // namespace marrow::model
