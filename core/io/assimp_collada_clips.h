// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <vector>

namespace marrow::io::assimp {

// One <animation_clip> of a COLLADA file's <library_animation_clips>: its
// name and the last key time of the animations it lists (seconds; -1 when
// none could be read).
struct ColladaClip {
    std::string name;
    float lastKey = -1.f;
};

// The clips the file's text names, in file order (empty when it has none).
// A small text scan, not an XML parser: it reads only what it finds.
std::vector<ColladaClip> readColladaClips(const std::string& text);

// Assimp 5.2 ignores <library_animation_clips> and merges the animations into
// "combinedAnim_0", "combinedAnim_1"...: gives each rig clip the file's name
// for it, matched by length (each file clip to the one rig clip that ends at
// its last key). Returns a warning when the file names clips that could not be
// matched, else an empty string.
std::string nameClipsAfterCollada(const std::vector<ColladaClip>& clips, model::Rig& rig);

} // namespace marrow::io::assimp
