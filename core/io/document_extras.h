// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/pose_map.h"
#include "core/model/export_profile.h"
#include "core/model/export_settings.h"
#include "core/model/import_changes.h"

#include <map>
#include <memory>
#include <set>
#include <string>

namespace marrow::io {
struct GltfSource;
}

namespace marrow::doc {

// Joints whose weights no weight tool may change (Blender's vertex group
// lock). Document data: saved, undoable.
using LockSet = std::set<model::JointIndex>;

// The Deform flag the user set on joints (Blender's bone Deform): true, the
// joint is a heat source for automatic weights and in the Deform Bones
// subset; false, it is not. A joint not listed takes the default
// (model::defaultDeform). Document data: saved, undoable.
using DeformFlags = std::map<model::JointIndex, bool>;

// Where the user was when the document was saved, so that reopening it
// shows the clip being edited, not the first one. View state, not document
// data: saving it marks nothing modified and restoring it is no edit.
struct ViewState {
    int clip = 0;        // the active clip's index (-1: none)
    double time = 0.0;   // the playhead, in seconds
    std::string mode{};  // the editor's mode ("pose", "weight_paint", "edit_skeleton",
                         // "select"); empty: the editor's own default; unknown: ignored
    bool operator==(const ViewState&) const = default;
};

// What a .marrow document saves besides the rig: the pose, the bone locks
// and Deform flags,
// the settings (the frame rate the document is animated at; 0 = not set,
// the editor's preference applies) and, for a rig from a glTF, the source
// file a glTF write carries (io::GltfSource; null otherwise).
// Retarget bone maps by source file name ("run.fbx") -> JSON text.
using BoneMaps = std::map<std::string, std::string>;

struct DocumentExtras {
    PoseMap pose;
    LockSet locks;
    double fps = 0.0;
    std::shared_ptr<const io::GltfSource> source;
    DeformFlags deform{};
    // How an export stores the weights (issue 23's profile; the default keeps them).
    model::ExportProfile exportProfile{};
    // File › Export's options and where the last export went (the EXPO section).
    model::ExportSettings exportSettings{};
    std::string exportPath{};
    // The VIEW section (view_state_section.h).
    ViewState view{};
    // Retarget bone maps kept with the document (the BMAP section): per
    // source file name, the map as model::boneMapToJson wrote it.
    BoneMaps boneMaps{};
    // The weight rows an import repaired (io::ImportResult::importChanges).
    // Not saved: an open .marrow has none.
    model::ImportChanges importChanges{};
    bool operator==(const DocumentExtras&) const = default;
};

} // namespace marrow::doc
