// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"
#include "core/model/transition.h"

#include <cstddef>
#include <string>

namespace marrow::model {

// A clip name the rig does not use yet: `base` itself when free, else
// Blender's numbering, "base.001", "base.002", … (an existing ".NNN" suffix
// of `base` is replaced, so duplicating "walk.001" gives "walk.002").
std::string uniqueClipName(const Rig& rig, const std::string& base);
// The name a clip read from the file `sourcePath` takes among the rig's
// clips, so choosers can tell the two apart: its own when no clip has it,
// else the file's base name ("walk" for "anims/walk.fbx"), numbered as
// above when that is taken too.
std::string importedClipName(const Rig& rig, const std::string& name, const std::string& sourcePath);
// Names clips [first, end) of `rig`, just added from `sourcePath`, by
// importedClipName against every clip before each of them.
void nameImportedClips(Rig& rig, std::size_t first, const std::string& sourcePath);
// The same numbering among the rig's transitions.
std::string uniqueTransitionName(const Rig& rig, const std::string& base);
// The name a transition takes when an edit changes `before` into `after`:
// while `before` still has the automatic name of its clips ("A_to_B", or a
// numbered "A_to_B.001") and the edit changes a clip, the automatic name of
// the new clips, unique among the rig's other transitions (walk_to_run
// becomes walk_to_jog when B becomes jog); a name the user gave stays.
std::string followedTransitionName(const Rig& rig, const Transition& before, const Transition& after);

} // namespace marrow::model
