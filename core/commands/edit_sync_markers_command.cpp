// SPDX-License-Identifier: MIT
#include "core/commands/edit_sync_markers_command.h"

namespace marrow::cmd {

std::unique_ptr<ChangeValueCommand<SyncMarkerList>> makeEditSyncMarkersCommand(doc::Document* document,
                                                                               model::ClipId clip, SyncMarkerList markers,
                                                                               const QString& text,
                                                                               model::InteractionId interaction)
{
    auto get = [clip](const doc::Document& d) {
        const auto& clips = d.rig().clips;
        return clip >= 0 && static_cast<std::size_t>(clip) < clips.size()
                   ? clips[static_cast<std::size_t>(clip)].syncMarkers
                   : SyncMarkerList{};
    };
    auto set = [clip](doc::Document& d, const SyncMarkerList& value) { d.setSyncMarkers(clip, value); };
    if (markers)
        markers = anim::sortedMarkers(std::move(*markers));  // as the document keeps them, so no-ops are seen
    return std::make_unique<ChangeValueCommand<SyncMarkerList>>(
        document, ValueKey{kSyncMarkersProperty, clip}, interaction, get, set, std::move(markers), text);
}

} // namespace marrow::cmd
