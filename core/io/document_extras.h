// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/pose_map.h"

#include <memory>
#include <set>

namespace marrow::io {
struct GltfSource;
}

namespace marrow::doc {

// Joints whose weights no weight tool may change (Blender's vertex group
// lock). Document data: saved, undoable.
using LockSet = std::set<model::JointIndex>;

// What a .marrow document saves besides the rig: the pose, the bone locks,
// the settings (the frame rate the document is animated at; 0 = not set,
// the editor's preference applies) and, for a rig from a glTF, the source
// file a glTF write carries (io::GltfSource; null otherwise).
struct DocumentExtras {
    PoseMap pose;
    LockSet locks;
    double fps = 0.0;
    std::shared_ptr<const io::GltfSource> source;
    bool operator==(const DocumentExtras&) const = default;
};

} // namespace marrow::doc
