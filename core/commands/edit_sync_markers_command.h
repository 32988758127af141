// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/change_value_command.h"
#include "core/commands/rename_clip_command.h"

#include <memory>
#include <optional>
#include <vector>

namespace marrow::cmd {

using SyncMarkerList = std::optional<std::vector<anim::SyncMarker>>;

// A clip's sync markers set (add, move, delete, rename, or back to those
// found from the feet with nullopt): a ChangeValueCommand over
// Document::setSyncMarkers. Pushes of one interaction (a marker dragged
// along the ruler) merge into one undo entry.
std::unique_ptr<ChangeValueCommand<SyncMarkerList>> makeEditSyncMarkersCommand(doc::Document* document,
                                                                               model::ClipId clip, SyncMarkerList markers,
                                                                               const QString& text,
                                                                               model::InteractionId interaction = {});

} // namespace marrow::cmd
